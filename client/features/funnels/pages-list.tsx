import { ExternalLink, FileText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { ID_PATTERN } from '#common/schemas/fields.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { ClearFiltersButton, EmptyList } from '#client/components/clear-filters.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { RowsSkeleton } from '#client/components/skeleton.tsx';
import { useFormat } from '#client/lib/format.ts';
import { usePaged } from '#client/lib/use-paged.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { PageTitleLine } from '#client/features/funnels/page-title-line.tsx';
import { funnelsApi, type PageSummary } from '#client/features/funnels/api.ts';
import { WeekSparkline } from '#client/features/funnels/funnel-list.tsx';
import { filterControl, ProjectFilter } from '#client/features/funnels/project-filter.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

const anId = (value: string | null) => (value && ID_PATTERN.test(value) ? value : undefined);

/** The list's filters in the URL (`?funnel=&project=`), so that Back from the editor keeps them. */
export function usePageFilters() {
  const [params, setParams] = useSearchParams();
  const filters = { funnel: anId(params.get('funnel')), project: anId(params.get('project')) };
  const set = (key: 'funnel' | 'project', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    // Another project's funnel would match nothing.
    if (key === 'project') next.delete('funnel');
    setParams(next, { replace: true });
  };
  const clear = () => {
    const next = new URLSearchParams(params);
    next.delete('funnel');
    next.delete('project');
    setParams(next, { replace: true });
  };
  return { filters, set, clear };
}

function PageRow({ page }: { page: PageSummary }) {
  const t = useT();
  const format = useFormat();
  const live = page.status !== 'draft';
  return (
    <li className="flex min-w-0 flex-col gap-2 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 dark:border-zinc-800 dark:bg-zinc-900">
      <div className="min-w-0 flex-1">
        <PageTitleLine page={page} weight="font-semibold" />
        <p className="mt-0.5 truncate text-xs text-zinc-600 dark:text-zinc-400">
          <Link to={`/funnels/${page.funnelId}`} className="hover:underline">
            {page.funnelTitle}
          </Link>
          {page.publishedAt ? t('funnels.pageRow.published', { date: format.date(page.publishedAt) }) : t('funnels.pageRow.never')}
        </p>
        {live ? (
          <a
            href={page.url}
            target="_blank"
            rel="noreferrer"
            className="mt-0.5 inline-flex max-w-full min-w-0 items-center gap-1 font-mono text-xs text-accent-700 underline dark:text-accent-200"
          >
            <span className="truncate">{page.url}</span>
            <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
            <span className="sr-only">{t('funnels.pageRow.opensLive')}</span>
          </a>
        ) : (
          <p className="mt-0.5 truncate font-mono text-xs text-zinc-500">{page.url}</p>
        )}
      </div>
      <div className="w-full shrink-0 sm:w-32">
        <WeekSparkline daily={page.daily7d} />
      </div>
      <dl className="flex shrink-0 gap-4 text-sm">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.pageRow.views7d')}</dt>
          <dd className="font-semibold tabular-nums">{format.number(page.views7d)}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.pageRow.leads7d')}</dt>
          <dd className="font-semibold tabular-nums">{format.number(page.leads7d)}</dd>
        </div>
      </dl>
      <Link
        to={`/pages/${page.id}`}
        className={buttonClass('secondary', 'sm', 'shrink-0 self-start sm:self-center')}
        aria-label={t('funnels.pageRow.editLabel', { title: page.title })}
      >
        {t('funnels.pageRow.edit')}
      </Link>
    </li>
  );
}

/** `/pages`: every page of the user's funnels with its status and week of views and leads, filtered by project or funnel. */
export function PagesList({ projects }: { projects: readonly ProjectSummary[] | undefined }) {
  const t = useT();
  const { filters, set, clear } = usePageFilters();
  const { funnel, project } = filters;
  const funnels = useResource(() => funnelsApi.list(project), [project]);
  const list = usePaged((cursor) => funnelsApi.pages({ funnelId: funnel, projectId: project }, cursor), [funnel, project]);
  const filtered = Boolean(funnel || project);
  const funnelOptions = funnels.status === 'ready' ? funnels.data.items.map((f) => ({ value: f.id, label: f.title })) : [];
  if (funnel && !funnelOptions.some((o) => o.value === funnel))
    funnelOptions.unshift({ value: funnel, label: list.items[0]?.funnelTitle ?? t('funnels.pagesList.thisFunnel') });

  return (
    <section aria-label={t('funnels.pagesList.label')} className="min-w-0">
      <div className="mb-5 flex flex-wrap items-center gap-2">
        {projects && projects.length > 1 ? <ProjectFilter projects={projects} value={project} onChange={(v) => set('project', v)} /> : null}
        <select
          aria-label={t('funnels.pagesList.funnel')}
          className={filterControl}
          value={funnel ?? ''}
          onChange={(e) => set('funnel', e.currentTarget.value)}
        >
          <SelectOptions empty={t('funnels.pagesList.allFunnels')} options={funnelOptions} />
        </select>
        {filtered ? <ClearFiltersButton onClear={clear} /> : null}
      </div>
      {list.status === 'loading' ? <RowsSkeleton label={t('funnels.pagesList.loading')} /> : null}
      {list.status === 'error' ? <LoadFailed title={t('funnels.pagesList.loadFailed')} onRetry={list.reload} /> : null}
      {list.status === 'ready' && list.items.length === 0 ? (
        <EmptyList
          filtered={filtered}
          icon={<FileText aria-hidden="true" className="size-8" />}
          onClear={clear}
          noMatches={t('funnels.pagesList.noMatches', { scope: funnel ? 'funnel' : 'project' })}
          title={t('funnels.pagesList.empty')}
          action={
            <Link to="/funnels" className={buttonClass('primary')}>
              {t('funnels.pagesList.goToFunnels')}
            </Link>
          }
        >
          {t('funnels.pagesList.emptyText')}
        </EmptyList>
      ) : null}
      {list.items.length > 0 ? (
        <ul className="space-y-3">
          {list.items.map((p) => (
            <PageRow key={p.id} page={p} />
          ))}
        </ul>
      ) : null}
      <ShowMore list={list} />
    </section>
  );
}
