import { Copy, Share2 } from 'lucide-react';
import { useState } from 'react';
import { AFFILIATE } from '#common/plans.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { Table } from '#client/components/table.tsx';
import { useToast } from '#client/components/toast.tsx';
import { api, call } from '#client/lib/api.ts';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';

/** `/account/affiliate`: the link, clicks, sign-ups, paying customers, commissions and payouts. */
export default function Affiliate() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const summary = useResource(() => call(api.api.affiliate.$get()), []);
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (summary.status === 'loading') return <SkeletonLines lines={6} label={t('affiliate.loading')} />;
  if (summary.status === 'error') {
    return <LoadFailed title={t('affiliate.loadFailed')} onRetry={summary.reload} />;
  }
  const data = summary.data;
  const canRequest = data.cents.available >= data.minimumPayoutCents;
  return (
    <>
      <PageHeader
        title={t('affiliate.title')}
        description={t('affiliate.description', {
          rate: Math.round(AFFILIATE.commissionRate * 100),
          months: AFFILIATE.commissionMonths,
          days: AFFILIATE.holdDays,
          minimum: format.euros(AFFILIATE.minimumPayoutCents),
        })}
      />
      <Card title={t('affiliate.link.title')} description={t('affiliate.link.description', { days: AFFILIATE.cookieDays })}>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded-[var(--radius-control)] border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800">
            {data.link}
          </code>
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(data.link);
                toast({ tone: 'success', message: t('affiliate.link.copied') });
              } catch {
                toast({ tone: 'error', message: t('affiliate.link.copyBlocked') });
              }
            }}
          >
            <Copy aria-hidden="true" className="size-4" />
            {t('affiliate.link.copy')}
          </Button>
        </div>
        <p className="mt-2 text-xs text-zinc-500">
          {t('affiliate.link.anyPageBefore')} <code>?ref={data.code}</code> {t('affiliate.link.anyPageAfter')}
        </p>
      </Card>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          { label: t('affiliate.stats.clicks'), value: format.number(data.clicks) },
          { label: t('affiliate.stats.signups'), value: format.number(data.signups) },
          { label: t('affiliate.stats.paying'), value: format.number(data.payingCustomers) },
        ].map((s) => (
          <Card key={s.label}>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{s.label}</p>
            <p className="mt-1 text-3xl font-semibold">{s.value}</p>
          </Card>
        ))}
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title={t('affiliate.commissions.title')}>
          {data.commissions.length === 0 ? (
            <EmptyState icon={<Share2 aria-hidden="true" className="size-6" />} title={t('affiliate.commissions.empty')}>
              {t('affiliate.commissions.emptyText')}
            </EmptyState>
          ) : (
            <Table
              columns={[
                t('affiliate.commissions.date'),
                t('affiliate.commissions.from'),
                t('affiliate.commissions.status'),
                { label: t('affiliate.commissions.amount'), numeric: true },
              ]}
            >
              {data.commissions.map((c) => (
                <tr key={c.id}>
                  <td className="py-2 pr-4 sm:whitespace-nowrap">{format.date(c.createdAt)}</td>
                  <td className="py-2 pr-4">{c.description}</td>
                  <td className="py-2 pr-4">
                    {t('affiliate.commission.status', { status: c.status })}
                    {c.status === 'pending' ? (
                      <span className="block text-xs text-zinc-500">{t('affiliate.commissions.until', { date: format.date(c.availableAt) })}</span>
                    ) : null}
                  </td>
                  <td className="py-2 text-right tabular-nums">{format.euros(c.amountCents)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
        <Card title={t('affiliate.payouts.title')}>
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-zinc-500">{t('affiliate.commission.status', { status: 'available' })}</dt>
              <dd className="text-xl font-semibold">{format.euros(data.cents.available)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">{t('affiliate.commission.status', { status: 'pending' })}</dt>
              <dd className="text-xl font-semibold">{format.euros(data.cents.pending)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">{t('affiliate.commission.status', { status: 'paid_out' })}</dt>
              <dd className="font-medium">{format.euros(data.cents.paidOut)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">{t('affiliate.commission.status', { status: 'reversed' })}</dt>
              <dd className="font-medium">{format.euros(data.cents.reversed)}</dd>
            </div>
          </dl>
          <MessageAlert message={error} className="mt-3" />
          <Button
            className="mt-4 w-full"
            disabled={!canRequest}
            pending={requesting}
            pendingLabel={t('affiliate.payouts.requesting')}
            onClick={async () => {
              setRequesting(true);
              setError(null);
              try {
                const payout = await call(api.api.affiliate.payouts.$post());
                toast({ tone: 'success', message: t('affiliate.payouts.requested', { amount: format.euros(payout.amountCents) }) });
                summary.reload();
              } catch (e) {
                setError(errorMessage(e, t('affiliate.payouts.failed')));
              } finally {
                setRequesting(false);
              }
            }}
          >
            {t('affiliate.payouts.request')}
          </Button>
          {!canRequest ? (
            <p className="mt-2 text-xs text-zinc-500">{t('affiliate.payouts.minimum', { amount: format.euros(data.minimumPayoutCents) })}</p>
          ) : null}
          {data.payouts.length > 0 ? (
            <ul className="mt-4 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
              {data.payouts.map((p) => (
                <li key={p.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {t('affiliate.payout.line', { date: format.date(p.createdAt), status: t('affiliate.payout.status', { status: p.status }) })}
                    {p.note ? <span className="block text-xs text-zinc-500">{p.note}</span> : null}
                  </span>
                  <span className="tabular-nums">{format.euros(p.amountCents)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      </div>
    </>
  );
}
