import { BarChart3, Trophy } from 'lucide-react';
import { useState } from 'react';
import { MIN_VISITORS_PER_VARIANT } from '#common/ab-stats.ts';
import type { I18n } from '@lingui/core';
import type { MessageIds } from '#common/i18n/register.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { BarChart, BarList } from '#client/components/sparkline.tsx';
import { TitledSection } from '#client/components/titled-section.tsx';
import { useToast } from '#client/components/toast.tsx';
import { useFormat, type Format } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { funnelsApi, type AbResult, type AnalyticsReport, type FunnelDetail, type PageReport, type VariantReport } from '#client/features/funnels/api.ts';
import { useT } from '#client/lib/i18n-context.tsx';

type T = I18n['_'];

/** 0.0391 → "3.9 %" (German "3,9 %"). */
export function percent(format: Pick<Format, 'locale'>, rate: number, digits = 1): string {
  if (!Number.isFinite(rate)) return '–';
  const fixed = (rate * 100).toFixed(digits);
  return `${format.locale === 'de' ? fixed.replace('.', ',') : fixed} %`;
}

const chip = (active: boolean) =>
  `inline-flex h-8 items-center rounded-full px-3 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
    active
      ? 'bg-accent-600 text-white ring-accent-600'
      : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700'
  }`;

const DAY_IDS = {
  views: 'funnels.analytics.dayViews',
  visitors: 'funnels.analytics.dayVisitors',
  leads: 'funnels.analytics.dayLeads',
} as const satisfies Record<'views' | 'visitors' | 'leads', MessageIds>;

function dayList(t: T, format: Format, series: AnalyticsReport['series'], key: 'views' | 'visitors' | 'leads') {
  return series.map((d) => t(DAY_IDS[key], { day: format.date(d.day, 'dayMonth'), count: d[key] })).join('; ');
}

/** A report's four figures (views, visitors, leads, conversion) as a list of tiles. */
function Totals({ totals, className }: { totals: AnalyticsReport['totals']; className: string }) {
  const t = useT();
  const format = useFormat();
  return (
    <dl className={className}>
      {[
        [t('funnels.analytics.views'), format.number(totals.views)],
        [t('funnels.analytics.visitors'), format.number(totals.visitors)],
        [t('funnels.analytics.leads'), format.number(totals.leads)],
        [t('funnels.analytics.conversion'), percent(format, totals.conversion)],
      ].map(([label, value]) => (
        <div key={label} className="rounded-[var(--radius-control)] bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function VariantStats({ report, title, showVariant }: { report: VariantReport; title: string; showVariant: boolean }) {
  const t = useT();
  const format = useFormat();
  const name = showVariant ? t('funnels.analytics.variantName', { title, variant: report.variant.toUpperCase() }) : title;
  return (
    <div className="min-w-0 space-y-3">
      {showVariant ? <h4 className="text-sm font-semibold">{t('funnels.analytics.variant', { variant: report.variant.toUpperCase() })}</h4> : null}
      <Totals totals={report.totals} className="grid grid-cols-2 gap-2 text-sm min-[480px]:grid-cols-4" />
      <div className="grid min-w-0 gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('funnels.analytics.visitorsPerDay')}</p>
          <BarChart
            values={report.series.map((d) => d.visitors)}
            label={t('funnels.analytics.visitorsPerDayLabel', { name, days: dayList(t, format, report.series, 'visitors') })}
          />
        </div>
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('funnels.analytics.leadsPerDay')}</p>
          <BarChart
            values={report.series.map((d) => d.leads)}
            className="text-emerald-600 dark:text-emerald-400"
            label={t('funnels.analytics.leadsPerDayLabel', { name, days: dayList(t, format, report.series, 'leads') })}
          />
        </div>
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('funnels.analytics.referrers')}</p>
          <BarList items={report.referrers} label={t('funnels.analytics.referrersLabel', { name })} empty={t('funnels.analytics.noReferrers')} />
        </div>
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('funnels.analytics.utm')}</p>
          <BarList items={report.utmSources} label={t('funnels.analytics.utmLabel', { name })} empty={t('funnels.analytics.noUtm')} />
        </div>
      </div>
    </div>
  );
}

/** What the test says, in words: too early, significant or not, how likely B is better, and how many visitors it still needs. */
export function abVerdict(t: T, format: Format, ab: AbResult): { headline: string; detail: string } {
  if (ab.tooEarly || ab.pValue === null || ab.probabilityBBeatsA === null) {
    const arm = (name: string, v: AbResult['a']) => t('funnels.ab.arm', { name, visitors: v.visitors, leads: v.leads });
    return {
      headline: t('funnels.ab.tooEarly', { min: format.number(MIN_VISITORS_PER_VARIANT) }),
      detail: t('funnels.ab.soFar', { a: arm('A', ab.a), b: arm('B', ab.b) }),
    };
  }
  const pFixed = ab.pValue.toFixed(3);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- statistical notation, the same in both languages
  const p = ab.pValue < 0.001 ? (format.locale === 'de' ? 'p < 0,001' : 'p < 0.001') : `p = ${format.locale === 'de' ? pFixed.replace('.', ',') : pFixed}`;
  const chance = t('funnels.ab.chance', { percent: percent(format, ab.probabilityBBeatsA, 0) });
  if (ab.significant) {
    const better = ab.winner === 'a' ? 'A' : 'B';
    return {
      headline: t('funnels.ab.significant', { better, worse: better === 'B' ? 'A' : 'B', p }),
      detail: chance,
    };
  }
  const needed =
    ab.remainingPerVariant !== null && ab.remainingPerVariant > 0
      ? t('funnels.ab.needed', { count: ab.remainingPerVariant, all: format.number(ab.neededPerVariant ?? 0) })
      : ab.neededPerVariant === null
        ? t('funnels.ab.same')
        : t('funnels.ab.tooSmall');
  return { headline: t('funnels.ab.notSignificant', { p }), detail: `${chance} ${needed}` };
}

function AbCard({ page, ab, canEdit, onWinner }: { page: PageReport; ab: AbResult; canEdit: boolean; onWinner: () => Promise<void> }) {
  const t = useT();
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const verdict = abVerdict(t, format, ab);
  return (
    <section
      aria-label={t('funnels.ab.label', { title: page.title })}
      className={`rounded-[var(--radius-card)] border p-4 ${ab.significant ? 'border-emerald-300 bg-emerald-50/60 dark:border-emerald-800 dark:bg-emerald-900/20' : 'border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/40'}`}
    >
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <Trophy aria-hidden="true" className="size-4" />
        {t('funnels.ab.title')}
      </h4>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.ab.aConverts')}</dt>
          <dd className="font-semibold tabular-nums">{percent(format, ab.rateA)}</dd>
          <dd className="text-xs text-zinc-500">{t('funnels.ab.visitors', { count: ab.a.visitors })}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.ab.bConverts')}</dt>
          <dd className="font-semibold tabular-nums">{percent(format, ab.rateB)}</dd>
          <dd className="text-xs text-zinc-500">{t('funnels.ab.visitors', { count: ab.b.visitors })}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.ab.uplift')}</dt>
          <dd className="font-semibold tabular-nums">{ab.uplift === null ? '–' : `${ab.uplift >= 0 ? '+' : ''}${percent(format, ab.uplift, 0)}`}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm font-medium">{verdict.headline}</p>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{verdict.detail}</p>
      {canEdit ? (
        <div className="mt-3">
          <Button size="sm" variant={ab.winner === 'b' ? 'primary' : 'secondary'} onClick={() => setConfirming(true)}>
            {t('funnels.ab.makeWinner')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('funnels.ab.confirmTitle', { title: page.title })}
        confirmLabel={t('funnels.ab.makeWinner')}
        pending={pending}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          setPending(true);
          try {
            await onWinner();
            setConfirming(false);
          } catch {
            // The failure was announced; the dialog stays open to try again.
          } finally {
            setPending(false);
          }
        }}
      >
        {t('funnels.ab.confirmBody')}
        {!ab.significant ? (
          <strong className="mt-2 block">{ab.tooEarly ? t('funnels.ab.confirmTooEarly') : t('funnels.ab.confirmNotSignificant')}</strong>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

function PageAnalytics({ page, canEdit, onWinner }: { page: PageReport; canEdit: boolean; onWinner: (page: PageReport) => Promise<void> }) {
  const both = page.variants.length > 1;
  return (
    <article className="min-w-0 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h3 className="truncate font-semibold" title={page.title}>
        {page.title} <span className="font-mono text-xs font-normal text-zinc-500">/{page.slug}</span>
      </h3>
      <div className="mt-3 space-y-5">
        {page.ab ? <AbCard page={page} ab={page.ab} canEdit={canEdit} onWinner={() => onWinner(page)} /> : null}
        {page.variants.map((v) => (
          <VariantStats key={v.variant} report={v} title={page.title} showVariant={both} />
        ))}
      </div>
    </article>
  );
}

/** The whole funnel over the period: its totals and its views per day. */
function Overview({ report }: { report: AnalyticsReport }) {
  const t = useT();
  const format = useFormat();
  return (
    <article
      aria-label={t('funnels.analytics.allPages')}
      className="min-w-0 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 className="font-semibold">{t('funnels.analytics.allPages')}</h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {}
        {t('funnels.analytics.range', { from: format.date(report.from, 'dayMonth'), to: format.date(report.to, 'dayMonth') })}
      </p>
      <div className="mt-3 grid min-w-0 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Totals totals={report.totals} className="grid grid-cols-2 gap-2 text-sm min-[480px]:grid-cols-4 md:grid-cols-2" />
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('funnels.analytics.viewsPerDay')}</p>
          <BarChart
            values={report.series.map((d) => d.views)}
            label={t('funnels.analytics.viewsPerDayLabel', { days: dayList(t, format, report.series, 'views') })}
          />
        </div>
      </div>
    </article>
  );
}

/**
 * Views, unique visitors, leads and conversion per page and variant over 7 or 30 days, with
 * small SVG charts, top referrers and UTM sources, and the A/B verdict of pages with a variant B.
 */
export function AnalyticsCard({ funnel, onChanged }: { funnel: FunnelDetail; onChanged: () => void }) {
  const t = useT();
  const toast = useToast();
  const [days, setDays] = useState<7 | 30>(7);
  const report = useResource(() => funnelsApi.analytics(funnel.id, days), [funnel.id, days], { keepStale: true });
  const canEdit = funnel.role !== 'viewer';

  const makeWinner = async (page: PageReport) => {
    try {
      await funnelsApi.makeWinner(page.pageId);
      toast({ tone: 'success', message: t('funnels.analytics.winner', { title: page.title }) });
      report.reload();
      onChanged();
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('funnels.analytics.winnerFailed')) });
      throw error;
    }
  };

  return (
    <TitledSection
      headingId="funnel-analytics-heading"
      title={t('funnels.analytics.title')}
      actions={
        <div role="group" aria-label={t('funnels.analytics.period')} className="flex gap-2">
          {([7, 30] as const).map((d) => (
            <button key={d} type="button" aria-pressed={days === d} className={chip(days === d)} onClick={() => setDays(d)}>
              {t('funnels.analytics.days', { count: d })}
            </button>
          ))}
        </div>
      }
    >
      {report.status === 'loading' ? (
        <div role="status" aria-label={t('funnels.analytics.loading')} className="space-y-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : null}
      {report.status === 'error' ? <LoadFailed title={t('funnels.analytics.loadFailed')} onRetry={report.reload} /> : null}
      {report.status === 'ready' && report.data.pages.length === 0 ? (
        <EmptyState icon={<BarChart3 aria-hidden="true" className="size-8" />} title={t('funnels.analytics.empty')}>
          {t('funnels.analytics.emptyText')}
        </EmptyState>
      ) : null}
      {report.status === 'ready' && report.data.pages.length > 0 ? (
        <div className="space-y-4">
          <Overview report={report.data} />
          {report.data.pages.map((page) => (
            <PageAnalytics key={page.pageId} page={page} canEdit={canEdit} onWinner={makeWinner} />
          ))}
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('funnels.analytics.privacy')}</p>
        </div>
      ) : null}
    </TitledSection>
  );
}
