import { BarChart3, Trophy } from 'lucide-react';
import { useState } from 'react';
import { MIN_VISITORS_PER_VARIANT } from '#common/ab-stats.ts';
import { formatDate, formatNumber } from '#common/format.ts';
import { countOf, nounFor } from '#common/plural.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { BarChart, BarList } from '#client/components/sparkline.tsx';
import { TitledSection } from '#client/components/titled-section.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { funnelsApi, type AbResult, type AnalyticsReport, type FunnelDetail, type PageReport, type VariantReport } from '#client/features/funnels/api.ts';

/** 0.0391 → "3.9 %". */
export function percent(rate: number, digits = 1): string {
  if (!Number.isFinite(rate)) return '–';
  return `${(rate * 100).toFixed(digits)} %`;
}

const chip = (active: boolean) =>
  `inline-flex h-8 items-center rounded-full px-3 text-sm font-medium ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
    active
      ? 'bg-accent-600 text-white ring-accent-600'
      : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700'
  }`;

function dayList(series: AnalyticsReport['series'], key: 'views' | 'visitors' | 'leads', noun: string) {
  return series.map((d) => `${formatDate(d.day, 'dayMonth')}: ${countOf(d[key], noun)}`).join('; ');
}

/** A report's four figures (views, visitors, leads, conversion) as a list of tiles. */
function Totals({ totals, className }: { totals: AnalyticsReport['totals']; className: string }) {
  return (
    <dl className={className}>
      {[
        ['Views', formatNumber(totals.views)],
        ['Visitors', formatNumber(totals.visitors)],
        ['Leads', formatNumber(totals.leads)],
        ['Conversion', percent(totals.conversion)],
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
  const t = report.totals;
  const name = showVariant ? `${title}, variant ${report.variant.toUpperCase()}` : title;
  return (
    <div className="min-w-0 space-y-3">
      {showVariant ? <h4 className="text-sm font-semibold">Variant {report.variant.toUpperCase()}</h4> : null}
      <Totals totals={t} className="grid grid-cols-2 gap-2 text-sm min-[480px]:grid-cols-4" />
      <div className="grid min-w-0 gap-3 sm:grid-cols-2">
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Visitors per day</p>
          <BarChart values={report.series.map((d) => d.visitors)} label={`${name}: visitors per day. ${dayList(report.series, 'visitors', 'visitor')}`} />
        </div>
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Leads per day</p>
          <BarChart
            values={report.series.map((d) => d.leads)}
            className="text-emerald-600 dark:text-emerald-400"
            label={`${name}: leads per day. ${dayList(report.series, 'leads', 'lead')}`}
          />
        </div>
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Top referrers</p>
          <BarList items={report.referrers} label={`${name}: top referrers`} empty="No referrers yet." />
        </div>
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">UTM sources</p>
          <BarList items={report.utmSources} label={`${name}: UTM sources`} empty="No UTM sources yet." />
        </div>
      </div>
    </div>
  );
}

/** What the test says, in words: too early, significant or not, how likely B is better, and how many visitors it still needs. */
export function abVerdict(ab: AbResult): { headline: string; detail: string } {
  if (ab.tooEarly || ab.pValue === null || ab.probabilityBBeatsA === null) {
    const arm = (name: string, v: AbResult['a']) => `${name} has ${countOf(v.visitors, 'visitor')} and ${countOf(v.leads, 'lead')}`;
    return {
      headline: `Too early to call: each variant needs at least ${formatNumber(MIN_VISITORS_PER_VARIANT)} visitors and a few leads before the numbers mean anything.`,
      detail: `So far ${arm('A', ab.a)}, ${arm('B', ab.b)}.`,
    };
  }
  const p = ab.pValue < 0.001 ? 'p < 0.001' : `p = ${ab.pValue.toFixed(3)}`;
  const chance = `B beats A with a probability of ${percent(ab.probabilityBBeatsA, 0)}.`;
  if (ab.significant) {
    const better = ab.winner === 'a' ? 'A' : 'B';
    return {
      headline: `${better} converts better than ${better === 'B' ? 'A' : 'B'}, and the difference is significant (${p}).`,
      detail: chance,
    };
  }
  const needed =
    ab.remainingPerVariant !== null && ab.remainingPerVariant > 0
      ? `About ${countOf(ab.remainingPerVariant, 'more visitor', 'more visitors')} per variant ${nounFor(ab.remainingPerVariant, 'is', 'are')} needed to tell (${formatNumber(ab.neededPerVariant ?? 0)} each in all).`
      : ab.neededPerVariant === null
        ? 'The two rates are the same so far.'
        : 'There are enough visitors; the difference is just too small to be sure.';
  return { headline: `Not significant yet (${p}): the difference may be chance.`, detail: `${chance} ${needed}` };
}

function AbCard({ page, ab, canEdit, onWinner }: { page: PageReport; ab: AbResult; canEdit: boolean; onWinner: () => Promise<void> }) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const verdict = abVerdict(ab);
  return (
    <section
      aria-label={`A/B test of ${page.title}`}
      className={`rounded-[var(--radius-card)] border p-4 ${ab.significant ? 'border-emerald-300 bg-emerald-50/60 dark:border-emerald-800 dark:bg-emerald-900/20' : 'border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-800/40'}`}
    >
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <Trophy aria-hidden="true" className="size-4" />
        A/B test
      </h4>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">A converts</dt>
          <dd className="font-semibold tabular-nums">{percent(ab.rateA)}</dd>
          <dd className="text-xs text-zinc-500">{countOf(ab.a.visitors, 'visitor')}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">B converts</dt>
          <dd className="font-semibold tabular-nums">{percent(ab.rateB)}</dd>
          <dd className="text-xs text-zinc-500">{countOf(ab.b.visitors, 'visitor')}</dd>
        </div>
        <div>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">Uplift of B</dt>
          <dd className="font-semibold tabular-nums">{ab.uplift === null ? '–' : `${ab.uplift >= 0 ? '+' : ''}${percent(ab.uplift, 0)}`}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm font-medium">{verdict.headline}</p>
      <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">{verdict.detail}</p>
      {canEdit ? (
        <div className="mt-3">
          <Button size="sm" variant={ab.winner === 'b' ? 'primary' : 'secondary'} onClick={() => setConfirming(true)}>
            Make B the winner
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Make B the winner of “${page.title}”?`}
        confirmLabel="Make B the winner"
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
        Variant B replaces A in the draft and on the live page, and variant A is removed: every visitor sees B from now on. The test’s numbers stay in the
        analytics.
        {!ab.significant ? (
          <strong className="mt-2 block">
            {ab.tooEarly ? 'It is too early to call the test: the difference may be chance.' : 'The test is not significant yet: the difference may be chance.'}
          </strong>
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
  const t = report.totals;
  return (
    <article
      aria-label="All pages"
      className="min-w-0 rounded-[var(--radius-card)] border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 className="font-semibold">All pages</h3>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {formatDate(report.from, 'dayMonth')} – {formatDate(report.to, 'dayMonth')}
      </p>
      <div className="mt-3 grid min-w-0 gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Totals totals={t} className="grid grid-cols-2 gap-2 text-sm min-[480px]:grid-cols-4 md:grid-cols-2" />
        <div className="min-w-0">
          <p className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Views per day</p>
          <BarChart values={report.series.map((d) => d.views)} label={`All pages: views per day. ${dayList(report.series, 'views', 'view')}`} />
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
  const toast = useToast();
  const [days, setDays] = useState<7 | 30>(7);
  const report = useResource(() => funnelsApi.analytics(funnel.id, days), [funnel.id, days], { keepStale: true });
  const canEdit = funnel.role !== 'viewer';

  const makeWinner = async (page: PageReport) => {
    try {
      await funnelsApi.makeWinner(page.pageId);
      toast({ tone: 'success', message: `Variant B is now “${page.title}” for every visitor.` });
      report.reload();
      onChanged();
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, 'B could not be made the winner. Try again.') });
      throw error;
    }
  };

  return (
    <TitledSection
      headingId="funnel-analytics-heading"
      title="Analytics"
      actions={
        <div role="group" aria-label="Period" className="flex gap-2">
          {([7, 30] as const).map((d) => (
            <button key={d} type="button" aria-pressed={days === d} className={chip(days === d)} onClick={() => setDays(d)}>
              {d} days
            </button>
          ))}
        </div>
      }
    >
      {report.status === 'loading' ? (
        <div role="status" aria-label="Loading analytics" className="space-y-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : null}
      {report.status === 'error' ? <LoadFailed title="The analytics could not be loaded" onRetry={report.reload} /> : null}
      {report.status === 'ready' && report.data.pages.length === 0 ? (
        <EmptyState icon={<BarChart3 aria-hidden="true" className="size-8" />} title="No numbers yet">
          Views, visitors and leads appear here once a page of this funnel is published and visited. Bots and prefetches are not counted.
        </EmptyState>
      ) : null}
      {report.status === 'ready' && report.data.pages.length > 0 ? (
        <div className="space-y-4">
          <Overview report={report.data} />
          {report.data.pages.map((page) => (
            <PageAnalytics key={page.pageId} page={page} canEdit={canEdit} onWinner={makeWinner} />
          ))}
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Visitors are counted without cookies: a daily, forgotten hash of the address and browser. Bots and prefetches are not counted.
          </p>
        </div>
      ) : null}
    </TitledSection>
  );
}
