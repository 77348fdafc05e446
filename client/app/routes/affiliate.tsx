import { Copy, Share2 } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatEuros, formatNumber } from '#common/format.ts';
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
import { errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';

const COMMISSION_STATUS: Record<string, string> = { pending: 'On hold', available: 'Available', paid_out: 'Paid out', reversed: 'Reversed' };
const PAYOUT_STATUS: Record<string, string> = { requested: 'Requested', approved: 'Approved', rejected: 'Rejected' };

/** `/account/affiliate`: the link, clicks, sign-ups, paying customers, commissions and payouts. */
export default function Affiliate() {
  const toast = useToast();
  const summary = useResource(() => call(api.api.affiliate.$get()), []);
  const [requesting, setRequesting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (summary.status === 'loading') return <SkeletonLines lines={6} label="Loading the affiliate programme" />;
  if (summary.status === 'error') {
    return <LoadFailed title="The affiliate programme could not be loaded" onRetry={summary.reload} />;
  }
  const data = summary.data;
  const canRequest = data.cents.available >= data.minimumPayoutCents;
  return (
    <>
      <PageHeader
        title="Affiliate programme"
        description={`Earn ${Math.round(AFFILIATE.commissionRate * 100)} % of the payments of people you bring, for ${AFFILIATE.commissionMonths} months. Commissions are held ${AFFILIATE.holdDays} days; payouts from ${formatEuros(AFFILIATE.minimumPayoutCents)}.`}
      />
      <Card title="Your link" description={`Anyone who signs up within ${AFFILIATE.cookieDays} days of clicking it counts as yours.`}>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 truncate rounded-[var(--radius-control)] border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-800">
            {data.link}
          </code>
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(data.link);
                toast({ tone: 'success', message: 'Link copied.' });
              } catch {
                toast({ tone: 'error', message: 'Copying is blocked here: select the link and copy it.' });
              }
            }}
          >
            <Copy aria-hidden="true" className="size-4" />
            Copy link
          </Button>
        </div>
        <p className="mt-2 text-xs text-zinc-500">
          Any page works too: add <code>?ref={data.code}</code> to its address.
        </p>
      </Card>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          { label: 'Clicks', value: formatNumber(data.clicks) },
          { label: 'Sign-ups', value: formatNumber(data.signups) },
          { label: 'Paying customers', value: formatNumber(data.payingCustomers) },
        ].map((s) => (
          <Card key={s.label}>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{s.label}</p>
            <p className="mt-1 text-3xl font-semibold">{s.value}</p>
          </Card>
        ))}
      </div>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card title="Commissions">
          {data.commissions.length === 0 ? (
            <EmptyState icon={<Share2 aria-hidden="true" className="size-6" />} title="No commissions yet">
              When someone you brought pays for a plan or credits, your share appears here.
            </EmptyState>
          ) : (
            <Table columns={['Date', 'From', 'Status', { label: 'Amount', numeric: true }]}>
              {data.commissions.map((c) => (
                <tr key={c.id}>
                  <td className="py-2 pr-4 sm:whitespace-nowrap">{formatDate(c.createdAt)}</td>
                  <td className="py-2 pr-4">{c.description}</td>
                  <td className="py-2 pr-4">
                    {COMMISSION_STATUS[c.status] ?? c.status}
                    {c.status === 'pending' ? <span className="block text-xs text-zinc-500">until {formatDate(c.availableAt)}</span> : null}
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatEuros(c.amountCents)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
        <Card title="Payouts">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-zinc-500">Available</dt>
              <dd className="text-xl font-semibold">{formatEuros(data.cents.available)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">On hold</dt>
              <dd className="text-xl font-semibold">{formatEuros(data.cents.pending)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">Paid out</dt>
              <dd className="font-medium">{formatEuros(data.cents.paidOut)}</dd>
            </div>
            <div>
              <dt className="text-zinc-500">Reversed</dt>
              <dd className="font-medium">{formatEuros(data.cents.reversed)}</dd>
            </div>
          </dl>
          <MessageAlert message={error} className="mt-3" />
          <Button
            className="mt-4 w-full"
            disabled={!canRequest}
            pending={requesting}
            pendingLabel="Requesting…"
            onClick={async () => {
              setRequesting(true);
              setError(null);
              try {
                const payout = await call(api.api.affiliate.payouts.$post());
                toast({ tone: 'success', message: `Payout of ${formatEuros(payout.amountCents)} requested.` });
                summary.reload();
              } catch (e) {
                setError(errorMessage(e, 'The payout could not be requested.'));
              } finally {
                setRequesting(false);
              }
            }}
          >
            Request payout
          </Button>
          {!canRequest ? <p className="mt-2 text-xs text-zinc-500">Payouts start at {formatEuros(data.minimumPayoutCents)} available.</p> : null}
          {data.payouts.length > 0 ? (
            <ul className="mt-4 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
              {data.payouts.map((p) => (
                <li key={p.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {formatDate(p.createdAt)} · {PAYOUT_STATUS[p.status] ?? p.status}
                    {p.note ? <span className="block text-xs text-zinc-500">{p.note}</span> : null}
                  </span>
                  <span className="tabular-nums">{formatEuros(p.amountCents)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      </div>
    </>
  );
}
