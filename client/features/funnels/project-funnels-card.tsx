import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { LoadFailed } from '#client/components/alert.tsx';
import { buttonClass } from '#client/components/button.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { funnelsApi } from '#client/features/funnels/api.ts';
import { WeekSparkline } from '#client/features/funnels/funnel-list.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

const SHOWN = 5;

/** The project's funnels on its marketing page: where its ads can send visitors, with the week's views and leads. */
export function ProjectFunnelsCard({ projectId, canCreate }: { projectId: string; canCreate: boolean }) {
  const t = useT();
  const funnels = useResource(() => funnelsApi.list(projectId), [projectId]);
  const items = funnels.status === 'ready' ? funnels.data.items : [];
  return (
    <section
      aria-labelledby="project-funnels-heading"
      className="rounded-[var(--radius-card)] border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="project-funnels-heading" className="text-base font-semibold">
          {t('funnels.projectCard.title')}
        </h2>
        {items.length > 0 ? (
          <Link to={`/funnels?project=${projectId}`} className="text-sm font-medium text-accent-700 underline dark:text-accent-200">
            {t('funnels.projectCard.all')}
          </Link>
        ) : null}
      </div>
      <div className="mt-3">
        {funnels.status === 'loading' ? <SkeletonLines lines={3} label={t('funnels.grid.loading')} /> : null}
        {funnels.status === 'error' ? <LoadFailed title={t('funnels.grid.loadFailed')} onRetry={funnels.reload} /> : null}
        {funnels.status === 'ready' && items.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('funnels.projectCard.empty')}</p> : null}
        {items.length > 0 ? (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {items.slice(0, SHOWN).map((f) => (
              <li key={f.id} className="min-w-0 py-2">
                <Link to={`/funnels/${f.id}`} className="block truncate text-sm font-medium hover:underline" title={f.title}>
                  {f.title}
                </Link>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.projectCard.week', { views: f.views7d, leads: f.leads7d })}</p>
                <WeekSparkline daily={f.daily7d} />
              </li>
            ))}
          </ul>
        ) : null}
        {canCreate && funnels.status === 'ready' ? (
          <Link to={`/funnels?project=${projectId}&new=1`} className={buttonClass('secondary', 'sm', 'mt-3')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('funnels.projectCard.new')}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
