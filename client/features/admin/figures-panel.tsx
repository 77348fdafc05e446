import { LoadFailed } from '#client/components/alert.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { Sparkline } from '#client/components/sparkline.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { adminApi, type SystemFigures } from '#client/features/admin/api.ts';

type Key = 'signups' | 'projects' | 'renders' | 'publishes';

function Figure({
  title,
  value,
  note,
  figures,
  series,
  count,
}: {
  title: string;
  value: number;
  note: string;
  figures: SystemFigures;
  series: Key;
  /** A day's count with its noun: "1 render", "3 renders". */
  count: (n: number) => string;
}) {
  const t = useT();
  const format = useFormat();
  const days = figures.daily.map((d) => t('admin.figures.day', { day: format.date(`${d.day}T12:00:00Z`, 'dayMonth'), count: count(d[series]) })).join('; ');
  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{title}</h3>
      <p className="text-2xl font-semibold tabular-nums">{format.number(value)}</p>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{note}</p>
      <Sparkline
        label={t('admin.figures.chartLabel', { title, days })}
        series={[{ label: title, values: figures.daily.map((d) => d[series]), className: 'text-accent-600 dark:text-accent-400' }]}
      />
    </section>
  );
}

/** Users, projects, renders and publishes, each with its last 7 days as a small chart. */
export function FiguresPanel() {
  const t = useT();
  const format = useFormat();
  const figures = useResource(() => adminApi.figures(), []);
  if (figures.status === 'loading') {
    return (
      <div role="status" aria-label={t('admin.figures.loading')} className="grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-36 rounded-[var(--radius-card)]" />
        ))}
      </div>
    );
  }
  if (figures.status === 'error') return <LoadFailed title={t('admin.figures.loadFailed')} onRetry={figures.reload} />;
  const f = figures.data;
  return (
    <div className="grid grid-cols-1 gap-4 min-[520px]:grid-cols-2 xl:grid-cols-4">
      <Figure
        title={t('admin.figures.users')}
        value={f.users.total}
        note={t('admin.figures.usersNote', {
          newThisWeek: format.number(f.users.newThisWeek),
          disabled: format.number(f.users.disabled),
          admins: f.users.admins,
        })}
        figures={f}
        series="signups"
        count={(count) => t('admin.figures.signups', { count })}
      />
      <Figure
        title={t('admin.figures.projects')}
        value={f.projects.total}
        note={t('admin.figures.projectsNote', { count: format.number(f.projects.newThisWeek) })}
        figures={f}
        series="projects"
        count={(count) => t('admin.figures.newProjects', { count })}
      />
      <Figure
        title={t('admin.figures.renders')}
        value={f.rendersThisWeek}
        note={t('admin.figures.rendersNote')}
        figures={f}
        series="renders"
        count={(count) => t('admin.figures.renderCount', { count })}
      />
      <Figure
        title={t('admin.figures.publishes')}
        value={f.publishesThisWeek.total}
        note={t('admin.figures.publishesNote', { posts: f.publishesThisWeek.instagram, versions: f.publishesThisWeek.pages })}
        figures={f}
        series="publishes"
        count={(count) => t('admin.figures.publishCount', { count })}
      />
    </div>
  );
}
