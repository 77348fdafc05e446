import { CreditCard, Receipt } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PLANS, PLAN_ORDER } from '#common/plans.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
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
import { useSession } from '#client/lib/session.tsx';
import { goToCheckout } from '#client/features/billing/checkout.ts';

/** `/account/billing`: plan, renewal, payments, change plan, cancel at the period's end. */
export default function Billing() {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const { setUser, refreshCredits } = useSession();
  const [params, setParams] = useSearchParams();
  const billing = useResource(() => call(api.api.billing.$get()), []);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);

  // Back from a checkout: say how it went, once, and show the changed plan in the shell (plan, credits) as well.
  const outcome = params.get('checkout');
  const announce = useEffectEvent((result: string) => {
    if (result === 'success') toast({ tone: 'success', message: t('billing.activated') });
    else toast({ tone: 'info', message: t('billing.unchanged') });
    setParams({}, { replace: true });
    if (result === 'success') {
      call(api.api.me.$get()).then(setUser, () => {});
      refreshCredits();
    }
  });
  useEffect(() => {
    if (outcome) announce(outcome);
  }, [outcome]);

  const act = async (name: string, work: () => Promise<unknown>) => {
    setBusy(name);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorMessage(e, t('billing.failed')));
    } finally {
      setBusy(null);
    }
  };

  if (billing.status === 'loading') return <SkeletonLines lines={6} label={t('billing.loading')} />;
  if (billing.status === 'error') {
    return <LoadFailed title={t('billing.loadFailed')} onRetry={billing.reload} />;
  }
  const data = billing.data;
  const sub = data.subscription && data.subscription.status !== 'canceled' ? data.subscription : null;

  return (
    <>
      <PageHeader title={t('billing.title')} description={data.provider === 'sandbox' ? t('billing.sandbox') : t('billing.stripe')} />
      <MessageAlert message={error} className="mb-4" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title={t('billing.plan.title')}>
          <p className="text-2xl font-semibold">{data.plan.name}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('billing.plan.price', { price: format.euros(data.plan.priceCents), credits: format.number(data.plan.creditsPerMonth) })}
          </p>
          {sub ? (
            <p className="mt-3 text-sm">
              {sub.cancelAtPeriodEnd ? (
                <span className="text-amber-800 dark:text-amber-300">{t('billing.plan.ends', { date: format.date(sub.currentPeriodEnd, 'long') })}</span>
              ) : (
                t('billing.plan.renews', { date: format.date(sub.currentPeriodEnd, 'long') })
              )}
              {sub.status === 'past_due' ? <span className="block text-red-700 dark:text-red-400">{t('billing.plan.pastDue')}</span> : null}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {sub && !sub.cancelAtPeriodEnd ? (
              <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                {t('billing.plan.cancel')}
              </Button>
            ) : null}
            {sub?.cancelAtPeriodEnd ? (
              <Button
                variant="secondary"
                pending={busy === 'resume'}
                onClick={() =>
                  act('resume', async () => {
                    billing.setData(await call(api.api.billing.resume.$post()));
                    toast({ tone: 'success', message: t('billing.plan.resumed') });
                  })
                }
              >
                {t('billing.plan.keep')}
              </Button>
            ) : null}
            {data.portal ? (
              <Button
                variant="ghost"
                pending={busy === 'portal'}
                onClick={() =>
                  act('portal', async () => {
                    const { url } = await call(api.api.billing.portal.$post());
                    window.location.assign(url);
                  })
                }
              >
                <CreditCard aria-hidden="true" className="size-4" />
                {t('billing.plan.portal')}
              </Button>
            ) : null}
          </div>
        </Card>
        <Card title={t('billing.change.title')}>
          <ul className="space-y-3">
            {PLAN_ORDER.filter((id) => id !== 'free').map((id) => {
              const plan = PLANS[id];
              const current = data.plan.id === id;
              return (
                <li
                  key={id}
                  className="flex items-center justify-between gap-3 rounded-[var(--radius-control)] border border-zinc-200 p-3 dark:border-zinc-800"
                >
                  <div>
                    <p className="font-medium">{t('billing.change.price', { plan: plan.name, price: format.euros(plan.priceCents) })}</p>
                    <p className="text-xs text-zinc-500">
                      {plan.maxProjects === null
                        ? t('billing.change.limitsUnlimited', { credits: format.number(plan.creditsPerMonth) })
                        : t('billing.change.limits', { credits: format.number(plan.creditsPerMonth), count: plan.maxProjects })}
                    </p>
                  </div>
                  {current ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
                      {t('billing.change.current')}
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      className="shrink-0"
                      pending={busy === id}
                      disabled={busy !== null}
                      onClick={() => act(id, () => goToCheckout('plan', id))}
                    >
                      {t('billing.change.choose', { plan: plan.name })}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      </div>
      <section aria-labelledby="payments-title" className="mt-8">
        <h2 id="payments-title" className="mb-3 text-base font-semibold">
          {t('billing.payments.title')}
        </h2>
        <Card>
          {data.payments.length === 0 ? (
            <EmptyState icon={<Receipt aria-hidden="true" className="size-6" />} title={t('billing.payments.empty')}>
              {t('billing.payments.emptyText')}
            </EmptyState>
          ) : (
            <Table
              columns={[
                t('billing.payments.date'),
                t('billing.payments.what'),
                t('billing.payments.status'),
                { label: t('billing.payments.amount'), numeric: true },
              ]}
            >
              {data.payments.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-4 sm:whitespace-nowrap">{format.date(p.paidAt ?? p.createdAt, 'long')}</td>
                  <td className="py-2 pr-4">{p.description}</td>
                  <td className="py-2 pr-4">{t('billing.payments.statusLabel', { status: p.status })}</td>
                  <td className="py-2 text-right tabular-nums">{format.euros(p.amountCents)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </section>
      <ConfirmDialog
        open={confirmCancel}
        title={t('billing.cancel.title')}
        confirmLabel={t('billing.cancel.confirm')}
        cancelLabel={t('billing.plan.keep')}
        pending={busy === 'cancel'}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={async () => {
          await act('cancel', async () => {
            billing.setData(await call(api.api.billing.cancel.$post()));
            toast({ tone: 'success', message: t('billing.cancel.done') });
          });
          // Closed either way: a failure is shown on the page, not behind the dialog.
          setConfirmCancel(false);
        }}
      >
        {sub
          ? t('billing.cancel.text', { plan: data.plan.name, date: format.date(sub.currentPeriodEnd, 'long'), max: PLANS.free.maxProjects })
          : t('billing.cancel.textPeriodEnd', { plan: data.plan.name, max: PLANS.free.maxProjects })}
      </ConfirmDialog>
    </>
  );
}
