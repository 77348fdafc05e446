import { CREDIT_PACKS, PLANS, isPlanId } from '#common/plans.ts';
import { buttonClass } from '#client/components/button.tsx';
import { usePageText, type PageText } from '#client/public/page-text.tsx';
import { AuthFrame } from '#client/public/pages/auth-frame.tsx';

export interface SandboxCheckoutProps {
  paymentId: string;
  /** What is bought: a plan or a credit pack by id; `itemName` names anything else (as receipts do). */
  kind: 'plan' | 'pack';
  itemId: string;
  itemName: string;
  amountCents: number;
  recurring: boolean;
  email: string;
  status: 'pending' | 'paid' | 'refunded' | 'canceled';
  backUrl: string;
}

/** The purchase named in the page's language: "Pro plan (monthly)", "500 credits". */
function itemTitle({ t, number }: PageText, { kind, itemId, itemName }: Pick<SandboxCheckoutProps, 'kind' | 'itemId' | 'itemName'>): string {
  if (kind === 'plan') return isPlanId(itemId) ? t('checkout.sandbox.plan', { plan: PLANS[itemId].name }) : itemName;
  const pack = CREDIT_PACKS.find((p) => p.id === itemId);
  return pack ? t('checkout.sandbox.pack', { credits: number(pack.credits) }) : itemName;
}

/**
 * The local stand-in for Stripe Checkout (no STRIPE_SECRET_KEY): completing it runs the
 * same fulfilment as Stripe's webhook. Plain forms: it works without JavaScript. In the
 * buyer's language (the worker renders it with `localeOf(c)`).
 */
export function SandboxCheckoutPage({ paymentId, kind, itemId, itemName, amountCents, recurring, email, status, backUrl }: SandboxCheckoutProps) {
  const text = usePageText();
  const { t, euros } = text;
  return (
    <AuthFrame>
      <p className="inline-flex rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
        {t('checkout.sandbox.badge')}
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">{itemTitle(text, { kind, itemId, itemName })}</h1>
      <p className="mt-1 text-sm text-zinc-600">{t('checkout.sandbox.for', { email })}</p>
      <p className="mt-6 text-4xl font-semibold tracking-tight text-zinc-900">
        {euros(amountCents)}
        {recurring ? <span className="text-base font-normal text-zinc-500">{t('pricing.perMonth')}</span> : null}
      </p>
      {status === 'pending' ? (
        <>
          <p className="mt-4 text-sm text-zinc-600">{t('checkout.sandbox.explain')}</p>
          <form method="post" action={`/billing/sandbox/${paymentId}/complete`} className="mt-6">
            <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
              {t('checkout.sandbox.pay', { amount: euros(amountCents) })}
            </button>
          </form>
          <form method="post" action={`/billing/sandbox/${paymentId}/cancel`} className="mt-3">
            <button type="submit" className={buttonClass('secondary', 'lg', 'w-full')}>
              {t('checkout.sandbox.cancel')}
            </button>
          </form>
        </>
      ) : (
        <div className="mt-6 space-y-4">
          <p className="text-sm text-zinc-700">{t('checkout.sandbox.outcome', { status })}</p>
          <a href={backUrl} className={buttonClass('primary', 'lg', 'w-full')}>
            {t('checkout.sandbox.back')}
          </a>
        </div>
      )}
    </AuthFrame>
  );
}
