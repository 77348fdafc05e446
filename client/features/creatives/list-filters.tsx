import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CREATIVE_STATUSES, FORMAT_IDS, type CreativeStatus, type FormatId } from '#common/creative/document.ts';
import { NAME_SEARCH_MAX } from '#common/schemas/creatives.ts';
import { ID_PATTERN } from '#common/schemas/fields.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { SearchBox } from '#client/components/search-box.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { SEARCH_DELAY_MS } from '#client/lib/use-debounced-search.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { creativesApi } from '#client/features/creatives/api.ts';
import { formatLabel, statusLabel } from '#client/features/creatives/library-words.ts';

export interface ListFilters {
  /** A part of the name (`?q=`). */
  q: string | undefined;
  project: string | undefined;
  status: CreativeStatus | undefined;
  format: FormatId | undefined;
  /** Creations of one creative (`?creative=`, linked from the editor). */
  creative: string | undefined;
}

type FilterKey = keyof ListFilters;

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

const anId = (value: string | null) => (value && ID_PATTERN.test(value) ? value : undefined);

/**
 * The lists' filters, kept in the URL (`?q=&project=&status=&format=`) so that a reload, Back
 * from a creative and a shared link keep them. Values the API would refuse are ignored.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim();
  const filters: ListFilters = {
    q: q && q.length <= NAME_SEARCH_MAX ? q : undefined,
    project: anId(params.get('project')),
    status: oneOf(params.get('status'), CREATIVE_STATUSES),
    format: oneOf(params.get('format'), FORMAT_IDS),
    creative: anId(params.get('creative')),
  };
  const set = (key: FilterKey, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const key of ['q', 'project', 'status', 'format', 'creative'] satisfies FilterKey[]) next.delete(key);
    setParams(next, { replace: true });
  };
  return { filters, set, clear };
}

/**
 * The lists' search by name: what is typed goes into the URL (`?q=`) once typing pauses, and
 * the field shows the URL's search when that changes under it (Clear filters, Back).
 */
export function NameSearch({ label, value, onSearch }: { label: string; value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    if (value !== typed.trim()) setTyped(value);
  }
  const t = useT();
  const search = useEffectEvent((q: string) => onSearch(q));
  useEffect(() => {
    const q = typed.trim();
    if (q === value) return;
    const timer = window.setTimeout(() => search(q), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, value]);
  return <SearchBox id={id} label={label} placeholder={t('library.filter.searchPlaceholder')} value={typed} onChange={setTyped} maxLength={NAME_SEARCH_MAX} />;
}

/** The user's projects, active first, then archived (their creatives and creations are still listed). */
export function useProjectChoices() {
  return useResource(async () => {
    const [active, archived] = await Promise.all([creativesApi.projects(false), creativesApi.projects(true)]);
    return [...active.items, ...archived.items] as readonly ProjectSummary[];
  }, []);
}

/** Projects a new creative can go into: active ones where the user is an editor or owner. */
export function creatableIn(projects: readonly ProjectSummary[]): ProjectSummary[] {
  return projects.filter((p) => p.role !== 'viewer' && !p.archived);
}

export const control = 'h-9 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900';

export function FilterSelect({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: string | undefined;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <select aria-label={label} className={control} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value)}>
      <SelectOptions empty={allLabel} options={options} />
    </select>
  );
}

/** The creatives and creations lists' filters: project (across projects only), status and format, each in the URL. */
export function ListFilterSelects({
  filters,
  set,
  projects,
  projectName,
  withProject,
}: {
  filters: ListFilters;
  set: (key: FilterKey, value: string) => void;
  projects: readonly ProjectSummary[] | undefined;
  /** The name of the project in the URL when it is not among `projects` (yet). */
  projectName: string | undefined;
  withProject: boolean;
}) {
  const t = useT();
  return (
    <>
      {withProject ? (
        <FilterSelect
          label={t('library.filter.project')}
          value={filters.project}
          allLabel={t('library.filter.allProjects')}
          options={projectOptions(t, projects, filters.project, projectName)}
          onChange={(v) => set('project', v)}
        />
      ) : null}
      <FilterSelect
        label={t('library.filter.status')}
        value={filters.status}
        allLabel={t('library.filter.allStatuses')}
        options={CREATIVE_STATUSES.map((id) => ({ value: id, label: statusLabel(t, id) }))}
        onChange={(v) => set('status', v)}
      />
      <FilterSelect
        label={t('library.filter.format')}
        value={filters.format}
        allLabel={t('library.filter.allFormats')}
        options={FORMAT_IDS.map((id) => ({ value: id, label: formatLabel(t, id) }))}
        onChange={(v) => set('format', v)}
      />
    </>
  );
}

/** Project options for the filter; the one in the URL is kept even before (or without) the list of projects. */
function projectOptions(t: ReturnType<typeof useT>, projects: readonly ProjectSummary[] | undefined, selected: string | undefined, fallbackName?: string) {
  const options = (projects ?? []).map((p) => ({ value: p.id, label: p.archived ? t('library.filter.archivedProject', { name: p.name }) : p.name }));
  if (selected && !options.some((o) => o.value === selected)) options.unshift({ value: selected, label: fallbackName ?? t('library.filter.thisProject') });
  return options;
}
