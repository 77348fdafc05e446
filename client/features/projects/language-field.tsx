import { useState } from 'react';
import { LOCALES, LOCALE_NAMES, isLocale, type Locale } from '#common/i18n/locales.ts';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { SelectField } from '#client/components/field.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { projectsApi } from '#client/features/projects/api.ts';

/**
 * The customer's language (issue 28 §2): the language of the project's ad previews, not the
 * author's or the visitor's. The owner's to choose; saved at once, as a funnel's language is.
 */
export function ProjectLanguageField({ project, onSaved }: { project: ProjectDetail; onSaved: (project: ProjectDetail) => void }) {
  const t = useT();
  const toast = useToast();
  const [pending, setPending] = useState<Locale | null>(null);
  const isOwner = project.role === 'owner';
  const choose = async (locale: Locale) => {
    setPending(locale);
    try {
      onSaved(await projectsApi.update(project.id, { locale }));
      toast({ tone: 'success', message: t('projects.language.saved', { language: LOCALE_NAMES[locale] }) });
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('projects.language.failed')) });
    } finally {
      setPending(null);
    }
  };
  return (
    <SelectField
      label={t('projects.language.label')}
      hint={isOwner ? t('projects.language.hint') : `${t('projects.language.hint')} ${t('projects.language.ownerOnly')}`}
      value={pending ?? project.locale}
      disabled={!isOwner || project.archived || pending !== null}
      onChange={(event) => {
        const value = event.currentTarget.value;
        if (isLocale(value) && value !== project.locale) void choose(value);
      }}
    >
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </SelectField>
  );
}
