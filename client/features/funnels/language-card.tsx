import { useState } from 'react';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '#common/i18n/locales.ts';
import type { FunnelDetail } from '#common/schemas/funnels.ts';
import { SelectField } from '#client/components/field.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { funnelsApi } from '#client/features/funnels/api.ts';

/**
 * The language of a funnel's pages (issue 28): the customer's, not the author's or the
 * visitor's. Saved at once when chosen; published pages answer in it from their next render.
 */
export function FunnelLanguageCard({ funnel, onSaved }: { funnel: FunnelDetail; onSaved: (funnel: FunnelDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const [pending, setPending] = useState<Locale | null>(null);
  const choose = async (locale: Locale) => {
    setPending(locale);
    try {
      onSaved(await funnelsApi.update(funnel.id, { locale }));
      toast({ tone: 'success', message: t('contentLanguage.saved', { language: LOCALE_NAMES[locale] }) });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('contentLanguage.failed')) });
    } finally {
      setPending(null);
    }
  };
  return (
    <Card>
      <SelectField
        label={t('contentLanguage.label')}
        hint={t('contentLanguage.hint')}
        value={pending ?? funnel.locale}
        disabled={funnel.role === 'viewer' || pending !== null}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLocale(value) && value !== funnel.locale) void choose(value);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
    </Card>
  );
}
