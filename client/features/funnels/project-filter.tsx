import type { ProjectSummary } from '#common/schemas/projects.ts';
import { SelectOptions } from '#client/components/select-options.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

export const filterControl =
  'h-9 min-w-0 max-w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** A select of the user's projects for a list's filter; the one in the URL is kept even before the projects load. */
export function ProjectFilter({
  projects,
  value,
  onChange,
}: {
  projects: readonly ProjectSummary[];
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const options = projects.map((p) => ({ value: p.id, label: p.archived ? t('funnels.filter.archived', { name: p.name }) : p.name }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: t('funnels.filter.thisProject') });
  return (
    <select aria-label={t('funnels.filter.label')} className={filterControl} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)}>
      <SelectOptions empty={t('funnels.filter.all')} options={options} />
    </select>
  );
}
