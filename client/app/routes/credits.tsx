import { Coins } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CREDIT_PACKS, LOW_BALANCE_RATIO } from '#common/plans.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { Card, PageHeader } from '#client/components/page-header.tsx';
import { SelectOptions } from '#client/components/select-options.tsx';
import { Skeleton, SkeletonLines } from '#client/components/skeleton.tsx';
import { ShowMore } from '#client/components/show-more.tsx';
import { Table, WIDE_ONLY } from '#client/components/table.tsx';
import { useToast } from '#client/components/toast.tsx';
import { api, call } from '#client/lib/api.ts';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { usePaged } from '#client/lib/use-paged.ts';
import { useSession } from '#client/lib/session.tsx';
import { goToCheckout } from '#client/features/billing/checkout.ts';

const KINDS = ['grant_monthly', 'purchase', 'spend', 'refund', 'expire', 'admin_adjust'] as const;
type Kind = (typeof KINDS)[number];

function loadLedger(kind: Kind | '', cursor?: string) {
  return call(api.api.credits.ledger.$get({ query: { ...(kind ? { kind } : {}), ...(cursor ? { cursor } : {}) } }));
}

/** `/account/credits`: both buckets, the next reset, the ledger, and credit packs. */
export default function Credits() {
  const t = useT();
  const format = useFormat();
  const { credits, refreshCredits } = useSession();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [kind, setKind] = useState<Kind | ''>('');
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ledger = usePaged((cursor) => loadLedger(kind, cursor), [kind]);

  // Back from a checkout: say how it went, once.
  const outcome = params.get('checkout');
  const announce = useEffectEvent((result: string) => {
    if (result === 'success') {
      toast({ tone: 'success', message: t('credits.thanks') });
      refreshCredits();
    } else if (result === 'canceled') toast({ tone: 'info', message: t('credits.canceled') });
    setParams({}, { replace: true });
  });
  useEffect(() => {
    if (outcome) announce(outcome);
  }, [outcome]);

  const low = credits?.low ?? false;
  const items = ledger.items;

  return (
    <>
      <PageHeader title={t('credits.title')} description={t('credits.description')} />
      {low ? (
        <Alert tone="warning" className="mb-6" title={t('credits.low.title')}>
          {t('credits.low.text', { percent: Math.round(LOW_BALANCE_RATIO * 100), date: credits ? format.date(credits.nextResetAt) : '' })}
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[
          { label: t('credits.available'), value: credits?.total, hint: t('credits.availableHint') },
          {
            label: t('credits.monthly'),
            value: credits?.monthly,
            hint: credits ? t('credits.monthlyHint', { allowance: format.number(credits.monthlyAllowance), date: format.date(credits.nextResetAt) }) : '',
          },
          { label: t('credits.purchased'), value: credits?.purchased, hint: t('credits.purchasedHint') },
        ].map((item) => (
          <Card key={item.label}>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{item.label}</p>
            {item.value === undefined ? <Skeleton className="mt-2 h-9 w-20" /> : <p className="mt-1 text-3xl font-semibold">{format.number(item.value)}</p>}
            <p className="mt-1 text-xs text-zinc-500">{item.hint}</p>
          </Card>
        ))}
      </div>

      <section aria-labelledby="packs-title" className="mt-8">
        <h2 id="packs-title" className="text-base font-semibold">
          {t('credits.packs.title')}
        </h2>
        <MessageAlert message={error} className="mt-3" />
        <div className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-3">
          {CREDIT_PACKS.map((pack) => (
            <Card key={pack.id}>
              <p className="text-lg font-semibold">{t('credits.pack.credits', { credits: format.number(pack.credits) })}</p>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('credits.pack.price', { price: format.euros(pack.priceCents) })}</p>
              <Button
                className="mt-4 w-full"
                pending={buying === pack.id}
                pendingLabel={t('credits.pack.opening')}
                disabled={buying !== null}
                onClick={async () => {
                  setBuying(pack.id);
                  setError(null);
                  try {
                    await goToCheckout('pack', pack.id);
                  } catch (e) {
                    setError(errorMessage(e, t('credits.pack.failed')));
                    setBuying(null);
                  }
                }}
              >
                {t('credits.pack.buy', { price: format.euros(pack.priceCents) })}
              </Button>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="history-title" className="mt-8">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id="history-title" className="text-base font-semibold">
            {t('credits.history.title')}
          </h2>
          <select
            aria-label={t('credits.history.filter')}
            className="h-9 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as Kind | '')}
          >
            <SelectOptions empty={t('credits.history.everything')} options={KINDS.map((k) => ({ value: k, label: t('credits.history.kind', { kind: k }) }))} />
          </select>
        </div>
        <Card>
          {ledger.status === 'loading' ? <SkeletonLines lines={4} label={t('credits.history.loading')} /> : null}
          {ledger.status === 'error' ? <LoadFailed title={t('credits.history.loadFailed')} onRetry={ledger.reload} /> : null}
          {ledger.status === 'ready' && items.length === 0 ? (
            <EmptyState icon={<Coins aria-hidden="true" className="size-6" />} title={t('credits.history.empty')}>
              {kind ? t('credits.history.emptyKind') : t('credits.history.emptyText')}
            </EmptyState>
          ) : null}
          {items.length > 0 ? (
            <Table
              columns={[
                t('credits.history.date'),
                t('credits.history.what'),
                { label: t('credits.history.monthly'), numeric: true, wideOnly: true },
                { label: t('credits.history.purchased'), numeric: true, wideOnly: true },
                { label: t('credits.history.credits'), numeric: true },
              ]}
            >
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-4 text-zinc-600 sm:whitespace-nowrap dark:text-zinc-400">
                    {}
                    {format.date(entry.createdAt, 'dateTime')}
                  </td>
                  <td className="py-2 pr-4">
                    <span className="font-medium">{t('credits.history.kind', { kind: entry.kind })}</span>
                    <span className="block text-xs text-zinc-500">{entry.description}</span>
                  </td>
                  <td className={`py-2 pr-4 text-right tabular-nums ${WIDE_ONLY}`}>
                    {entry.monthly ? (entry.monthly > 0 ? `+${entry.monthly}` : entry.monthly) : '–'}
                  </td>
                  <td className={`py-2 pr-4 text-right tabular-nums ${WIDE_ONLY}`}>
                    {entry.purchased ? (entry.purchased > 0 ? `+${entry.purchased}` : entry.purchased) : '–'}
                  </td>
                  <td
                    className={`py-2 text-right font-semibold tabular-nums ${entry.amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
                  >
                    {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                  </td>
                </tr>
              ))}
            </Table>
          ) : null}
          <ShowMore list={ledger} className="mt-4" />
        </Card>
      </section>
    </>
  );
}
