import { CreditCard, Receipt } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatDate, formatEuros, formatNumber } from '#common/format.ts';
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
import { errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { goToCheckout } from '#client/features/billing/checkout.ts';

const STATUS_LABEL: Record<string, string> = { paid: 'Paid', refunded: 'Refunded' };

/** `/account/billing`: plan, renewal, payments, change plan, cancel at the period's end. */
export default function Billing() {
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
    if (result === 'success') toast({ tone: 'success', message: 'Your plan is active. Enjoy the extra credits!' });
    else toast({ tone: 'info', message: 'Nothing was changed or charged.' });
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
      setError(errorMessage(e, 'That did not work. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  if (billing.status === 'loading') return <SkeletonLines lines={6} label="Loading billing" />;
  if (billing.status === 'error') {
    return <LoadFailed title="Billing could not be loaded" onRetry={billing.reload} />;
  }
  const data = billing.data;
  const sub = data.subscription && data.subscription.status !== 'canceled' ? data.subscription : null;

  return (
    <>
      <PageHeader
        title="Billing"
        description={data.provider === 'sandbox' ? 'Payments run in the local sandbox: nothing is charged.' : 'Payments are handled by Stripe.'}
      />
      <MessageAlert message={error} className="mb-4" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Your plan">
          <p className="text-2xl font-semibold">{data.plan.name}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {formatEuros(data.plan.priceCents)} / month · {formatNumber(data.plan.creditsPerMonth)} credits every month
          </p>
          {sub ? (
            <p className="mt-3 text-sm">
              {sub.cancelAtPeriodEnd ? (
                <span className="text-amber-800 dark:text-amber-300">Ends on {formatDate(sub.currentPeriodEnd, 'long')}; you are back on Free after that.</span>
              ) : (
                <>Renews on {formatDate(sub.currentPeriodEnd, 'long')}.</>
              )}
              {sub.status === 'past_due' ? (
                <span className="block text-red-700 dark:text-red-400">The last payment failed. Update your payment method.</span>
              ) : null}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {sub && !sub.cancelAtPeriodEnd ? (
              <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                Cancel plan
              </Button>
            ) : null}
            {sub?.cancelAtPeriodEnd ? (
              <Button
                variant="secondary"
                pending={busy === 'resume'}
                onClick={() =>
                  act('resume', async () => {
                    billing.setData(await call(api.api.billing.resume.$post()));
                    toast({ tone: 'success', message: 'Your plan continues.' });
                  })
                }
              >
                Keep my plan
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
                Payment method and invoices
              </Button>
            ) : null}
          </div>
        </Card>
        <Card title="Change plan">
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
                    <p className="font-medium">
                      {plan.name} · {formatEuros(plan.priceCents)} / month
                    </p>
                    <p className="text-xs text-zinc-500">
                      {formatNumber(plan.creditsPerMonth)} credits a month · {plan.maxProjects === null ? 'unlimited projects' : `${plan.maxProjects} projects`}
                    </p>
                  </div>
                  {current ? (
                    <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
                      Current
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      className="shrink-0"
                      pending={busy === id}
                      disabled={busy !== null}
                      onClick={() => act(id, () => goToCheckout('plan', id))}
                    >
                      Choose {plan.name}
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
          Payments
        </h2>
        <Card>
          {data.payments.length === 0 ? (
            <EmptyState icon={<Receipt aria-hidden="true" className="size-6" />} title="No payments yet">
              Plans and credit packs you buy are listed here.
            </EmptyState>
          ) : (
            <Table columns={['Date', 'What', 'Status', { label: 'Amount', numeric: true }]}>
              {data.payments.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-4 sm:whitespace-nowrap">{formatDate(p.paidAt ?? p.createdAt, 'long')}</td>
                  <td className="py-2 pr-4">{p.description}</td>
                  <td className="py-2 pr-4">{STATUS_LABEL[p.status] ?? p.status}</td>
                  <td className="py-2 text-right tabular-nums">{formatEuros(p.amountCents)}</td>
                </tr>
              ))}
            </Table>
          )}
        </Card>
      </section>
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel your plan?"
        confirmLabel="Cancel at the end of the period"
        cancelLabel="Keep my plan"
        pending={busy === 'cancel'}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={async () => {
          await act('cancel', async () => {
            billing.setData(await call(api.api.billing.cancel.$post()));
            toast({ tone: 'success', message: 'Your plan ends at the end of this period.' });
          });
          // Closed either way: a failure is shown on the page, not behind the dialog.
          setConfirmCancel(false);
        }}
      >
        You keep {data.plan.name} and its credits until {sub ? formatDate(sub.currentPeriodEnd, 'long') : 'the end of the period'}. After that you are on the
        Free plan: your projects and files stay, and a new project needs a free slot among the Free plan’s {PLANS.free.maxProjects} active projects.
      </ConfirmDialog>
    </>
  );
}
