import { formatEuros } from '#common/format.ts';
import { buttonClass } from '#client/components/button.tsx';
import { AuthFrame } from '#client/public/pages/auth-frame.tsx';

export interface SandboxCheckoutProps {
  paymentId: string;
  itemName: string;
  amountCents: number;
  recurring: boolean;
  email: string;
  status: 'pending' | 'paid' | 'refunded' | 'canceled';
  backUrl: string;
}

/**
 * The local stand-in for Stripe Checkout (no STRIPE_SECRET_KEY): completing it runs the
 * same fulfilment as Stripe's webhook. Plain forms: it works without JavaScript.
 */
export function SandboxCheckoutPage({ paymentId, itemName, amountCents, recurring, email, status, backUrl }: SandboxCheckoutProps) {
  return (
    <AuthFrame>
      <p className="inline-flex rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
        Sandbox checkout · no real payment
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-zinc-900">{itemName}</h1>
      <p className="mt-1 text-sm text-zinc-600">For {email}</p>
      <p className="mt-6 text-4xl font-semibold tracking-tight text-zinc-900">
        {formatEuros(amountCents)}
        {recurring ? <span className="text-base font-normal text-zinc-500"> / month</span> : null}
      </p>
      {status === 'pending' ? (
        <>
          <p className="mt-4 text-sm text-zinc-600">
            Stripe is not configured on this server, so purchases complete here. In production this page is Stripe Checkout.
          </p>
          <form method="post" action={`/billing/sandbox/${paymentId}/complete`} className="mt-6">
            <button type="submit" className={buttonClass('primary', 'lg', 'w-full')}>
              Pay {formatEuros(amountCents)}
            </button>
          </form>
          <form method="post" action={`/billing/sandbox/${paymentId}/cancel`} className="mt-3">
            <button type="submit" className={buttonClass('secondary', 'lg', 'w-full')}>
              Cancel
            </button>
          </form>
        </>
      ) : (
        <div className="mt-6 space-y-4">
          <p className="text-sm text-zinc-700">
            {status === 'paid' ? 'This purchase is complete.' : status === 'canceled' ? 'This checkout was cancelled.' : 'This purchase was refunded.'}
          </p>
          <a href={backUrl} className={buttonClass('primary', 'lg', 'w-full')}>
            Back to Adloom
          </a>
        </div>
      )}
    </AuthFrame>
  );
}
