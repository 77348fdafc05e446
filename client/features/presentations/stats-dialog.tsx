import { useState } from 'react';
import { LoadFailed } from '#client/components/alert.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { BarChart, BarList } from '#client/components/sparkline.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { presentationsApi } from '#client/features/presentations/api.ts';
import type { PresentationStats, PresentationSummary } from '#client/features/presentations/model.ts';
import { sectionLabel } from '#client/features/presentations/sections.ts';
import { formatDuration } from '#client/features/presentations/duration.ts';
import { TalkPanel } from '#client/features/presentations/talk-panel.tsx';

/** The presentation's visitors, time on page and sections reached over 7 or 30 days. */
export function StatsDialog({ presentation, onClose }: { presentation: PresentationSummary | null; onClose: () => void }) {
  const t = useT();
  const title = presentation ? t('presentations.stats.title', { customer: presentation.customerName }) : t('presentations.stats.titlePlain');
  return (
    <Dialog open={presentation !== null} title={title} onClose={onClose} wide>
      {presentation ? <StatsBody id={presentation.id} /> : null}
    </Dialog>
  );
}

function StatsBody({ id }: { id: string }) {
  const t = useT();
  const [days, setDays] = useState<7 | 30>(7);
  const stats = useResource(() => presentationsApi.stats(id, days), [id, days], { keepStale: true });
  return (
    <div className="space-y-5">
      <div role="group" aria-label={t('presentations.stats.period')} className="inline-flex rounded-lg bg-zinc-200/70 p-0.5 dark:bg-zinc-800">
        {([7, 30] as const).map((d) => (
          <button
            key={d}
            type="button"
            aria-pressed={days === d}
            onClick={() => setDays(d)}
            className={`h-8 rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-accent-600 ${
              days === d ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white' : 'text-zinc-600 dark:text-zinc-400'
            }`}
          >
            {t('presentations.stats.days', { count: d })}
          </button>
        ))}
      </div>
      {stats.status === 'loading' ? <SkeletonLines lines={5} label={t('presentations.stats.loading')} /> : null}
      {stats.status === 'error' ? <LoadFailed title={t('presentations.stats.loadFailed')} onRetry={stats.reload} /> : null}
      {stats.status === 'ready' ? <StatsView stats={stats.data} /> : null}
      <TalkPanel id={id} />
    </div>
  );
}

export function StatsView({ stats }: { stats: PresentationStats }) {
  const t = useT();
  const format = useFormat();
  const { totals, series, sections } = stats;

  const dayMonth = (day: string) => format.date(day, 'dayMonth');
  const chartLabel =
    series.length === 0
      ? t('presentations.stats.chartNone')
      : t('presentations.stats.chartLabel', { days: series.map((d) => `${dayMonth(d.day)} ${format.number(d.visitors)}`).join('; ') });
  const reached = sections.map((s, i) => ({
    value: `${i + 1}. ${s.title || sectionLabel(t, s.type)}`,
    count: s.reached,
  }));
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-3">
        {[
          [t('presentations.stats.visitors'), format.number(totals.visitors)],
          [t('presentations.stats.views'), format.number(totals.views)],
          [t('presentations.stats.avgTime'), totals.visitors > 0 ? formatDuration(t, totals.avgSeconds) : '—'],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
            <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-label={t('presentations.stats.perDay')}>
        <h3 className="mb-2 text-sm font-semibold">{t('presentations.stats.perDay')}</h3>
        <BarChart values={series.map((d) => d.visitors)} label={chartLabel} />
        {series.length > 0 ? (
          <p className="mt-1 flex justify-between text-xs text-zinc-500 dark:text-zinc-400">
            <span>{dayMonth(series[0]!.day)}</span>
            <span>{dayMonth(series.at(-1)!.day)}</span>
          </p>
        ) : null}
      </section>
      <section aria-label={t('presentations.stats.reached')}>
        <h3 className="mb-2 text-sm font-semibold">{t('presentations.stats.reached')}</h3>
        <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t('presentations.stats.reachedText', { count: totals.views })}</p>
        <BarList items={reached} label={t('presentations.stats.reachedLabel')} empty={t('presentations.stats.reachedEmpty')} />
      </section>
    </div>
  );
}
