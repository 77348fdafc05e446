import { useState } from 'react';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '#common/i18n/locales.ts';
import { Alert } from '#client/components/alert.tsx';
import { SelectField } from '#client/components/field.tsx';
import { Card } from '#client/components/page-header.tsx';
import { useToast } from '#client/components/toast.tsx';
import { api, call } from '#client/lib/api.ts';
import { errorMessage } from '#client/lib/http.ts';
import { switchLocale, useI18n, useT } from '#client/lib/i18n.tsx';
import { useSession, useUser } from '#client/lib/session.tsx';

/**
 * The account's language (issue 28): saved at once when chosen, then the workspace switches
 * without a reload (the new language's catalogs for the screens already open) and the emails
 * follow it. Each language is named in its own words, so someone lost in the other one finds theirs.
 */
export function LanguageCard() {
  const user = useUser();
  const { setUser } = useSession();
  const i18n = useI18n();
  const t = useT();
  const toast = useToast();
  const [pending, setPending] = useState<Locale | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function choose(locale: Locale) {
    setPending(locale);
    setError(null);
    try {
      const saved = await call(api.api.me.$patch({ json: { locale } }));
      await switchLocale(i18n, locale);
      setUser(saved);
      toast({ tone: 'success', message: i18n._('language.saved') });
    } catch (failure) {
      setError(errorMessage(failure, i18n._('language.failed')));
    } finally {
      setPending(null);
    }
  }

  return (
    <Card title={t('language.label')} description={t('language.hint')}>
      <div className="max-w-md space-y-4">
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <SelectField
          label={t('language.label')}
          value={pending ?? user.locale}
          disabled={pending !== null}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLocale(value) && value !== user.locale) void choose(value);
          }}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </SelectField>
      </div>
    </Card>
  );
}
