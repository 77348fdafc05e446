import { Coins } from 'lucide-react';
import { formatNumber } from '#common/format.ts';
import { LOW_BALANCE_RATIO } from '#common/plans.ts';
import { Alert } from '#client/components/alert.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { useSession } from '#client/app/session.tsx';

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** `/account/credits`: both buckets and the next reset (ledger and packs come with billing). */
export default function Credits() {
  const { credits } = useSession();
  const low = credits ? credits.total < credits.monthlyAllowance * LOW_BALANCE_RATIO : false;
  return (
    <>
      <PageHeader title="Credits" description="Rendering and generating cost credits. Monthly credits come first, purchased ones never expire." />
      {low ? (
        <Alert tone="warning" className="mb-6" title="Your balance is running low">
          Fewer than {Math.round(LOW_BALANCE_RATIO * 100)} % of your monthly credits are left.
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          { label: 'Available', value: credits?.total },
          { label: 'Monthly', value: credits?.monthly, hint: credits ? `of ${formatNumber(credits.monthlyAllowance)}, renewed ${formatDate(credits.nextResetAt)}` : '' },
          { label: 'Purchased', value: credits?.purchased, hint: 'Never expire' },
        ].map((item) => (
          <Card key={item.label}>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{item.label}</p>
            {item.value === undefined ? <Skeleton className="mt-2 h-9 w-20" /> : <p className="mt-1 text-3xl font-semibold">{formatNumber(item.value)}</p>}
            {item.hint ? <p className="mt-1 text-xs text-zinc-500">{item.hint}</p> : null}
          </Card>
        ))}
      </div>
      <div className="mt-6">
        <Card title="History">
          <EmptyState icon={<Coins className="size-6" aria-hidden="true" />} title="The credit history is on its way">
            Every grant, purchase and spend will be listed here. Buying credit packs opens with billing.
          </EmptyState>
        </Card>
      </div>
    </>
  );
}
