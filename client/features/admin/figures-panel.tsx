import { formatDate, formatNumber } from '#common/format.ts';
import { countOf } from '#common/plural.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { Sparkline } from '#client/components/sparkline.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { adminApi, type SystemFigures } from '#client/features/admin/api.ts';

/** "1 admin", "3 admins". */

type Key = 'signups' | 'projects' | 'renders' | 'publishes';

function Figure({
  title,
  value,
  note,
  figures,
  series,
  unit,
}: {
  title: string;
  value: number;
  note: string;
  figures: SystemFigures;
  series: Key;
  /** The noun of a day's count, singular and plural: ['render', 'renders']. */
  unit: readonly [string, string];
}) {
  const label = `${title}, last 7 days: ${figures.daily.map((d) => `${formatDate(`${d.day}T12:00:00Z`, 'dayMonth')} ${countOf(d[series], ...unit)}`).join('; ')}`;
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{title}</h3>
      <p className="text-2xl font-semibold tabular-nums">{formatNumber(value)}</p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{note}</p>
      <Sparkline label={label} series={[{ label: title, values: figures.daily.map((d) => d[series]), className: 'text-accent-600 dark:text-accent-400' }]} />
    </section>
  );
}

/** Users, projects, renders and publishes, each with its last 7 days as a small chart. */
export function FiguresPanel() {
  const figures = useResource(() => adminApi.figures(), []);
  if (figures.status === 'loading') {
    return (
      <div role="status" aria-label="Loading figures" className="grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-36 rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  }
  if (figures.status === 'error') return <LoadFailed title="The figures could not be loaded" onRetry={figures.reload} />;
  const f = figures.data;
  return (
    <div className="grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 xl:grid-cols-4">
      <Figure
        title="Users"
        value={f.users.total}
        note={`${formatNumber(f.users.newThisWeek)} new this week · ${formatNumber(f.users.disabled)} disabled · ${countOf(f.users.admins, 'admin')}`}
        figures={f}
        series="signups"
        unit={['sign-up', 'sign-ups']}
      />
      <Figure
        title="Projects"
        value={f.projects.total}
        note={`${formatNumber(f.projects.newThisWeek)} new this week`}
        figures={f}
        series="projects"
        unit={['new', 'new']}
      />
      <Figure
        title="Renders this week"
        value={f.rendersThisWeek}
        note="Creations rendered in the last 7 days"
        figures={f}
        series="renders"
        unit={['render', 'renders']}
      />
      <Figure
        title="Publishes this week"
        value={f.publishesThisWeek.total}
        note={`${countOf(f.publishesThisWeek.instagram, 'Instagram post')} · ${countOf(f.publishesThisWeek.pages, 'page version')}`}
        figures={f}
        series="publishes"
        unit={['publish', 'publishes']}
      />
    </div>
  );
}
