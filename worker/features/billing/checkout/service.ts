import type { I18n } from '@lingui/core';
import type { Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import type { FormFailure } from '#worker/lib/forms.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { cancelCheckout, checkoutItem, fulfil, paymentOf, paymentsProvider, startCheckout } from '#worker/features/billing/core/service.ts';

/**
 * Checkout from the pricing page's forms (works without JavaScript), and the local sandbox
 * checkout used when Stripe is not configured (routes.tsx draws the pages).
 */

type Env = { STRIPE_SECRET_KEY?: string | undefined };

/** Buying needs an account: a visitor goes to sign-up and comes back to the prices. */
export const SIGN_UP_FIRST = `/login?tab=signup&next=${encodeURIComponent('/pricing')}`;

/** What the page says when the pricing page's form was refused (unreadable, or nothing that can be bought), in the visitor's language (`t`). */
export function refusedText(t: I18n['_'], failure: FormFailure): string {
  return failure.status === 422 && failure.message === 'Please correct the highlighted fields.' ? t('checkout.refused.choose') : failure.message;
}

/** Where the buyer goes to pay (the provider's checkout, or the sandbox's page). */
export async function checkout(db: Db, env: Env, user: SessionUser, item: { kind: 'plan' | 'pack'; id: string }, origin: string): Promise<string> {
  const { url } = await startCheckout(db, paymentsProvider(env), user, item.kind, item.id, origin);
  return url;
}

const backUrl = (kind: 'plan' | 'pack') => (kind === 'pack' ? '/account/credits' : '/account/billing');

/** The user's own sandbox payment; 404 for anything else, and for every payment when Stripe is configured. */
async function ownPendingSandboxPayment(db: Db, env: Env, paymentId: string, userId: string) {
  if (env.STRIPE_SECRET_KEY) throw new AppError('not_found');
  const payment = looksLikeId(paymentId) ? await paymentOf(db, paymentId) : undefined;
  if (!payment || payment.userId !== userId || payment.provider !== 'sandbox') throw new AppError('not_found');
  return payment;
}

/** What the sandbox checkout page shows. */
export async function sandboxPage(db: Db, env: Env, paymentId: string, user: SessionUser) {
  const payment = await ownPendingSandboxPayment(db, env, paymentId, user.id);
  const item = checkoutItem(payment.kind, payment.item, user.locale);
  return {
    paymentId: payment.id,
    kind: payment.kind,
    itemId: payment.item,
    itemName: item.name,
    amountCents: payment.amountCents,
    recurring: payment.kind === 'plan',
    email: user.email,
    status: payment.status,
    backUrl: backUrl(payment.kind),
  };
}

/** The sandbox's "pay": the payment is fulfilled as a provider's would be; returns where the buyer goes back to. */
export async function completeSandbox(db: Db, env: Env, paymentId: string, userId: string, now = new Date()): Promise<string> {
  const payment = await ownPendingSandboxPayment(db, env, paymentId, userId);
  await fulfil(db, payment.id, { paidAt: now, providerRef: `sandbox_paid_${payment.id}` });
  return `${backUrl(payment.kind)}?checkout=success&payment=${payment.id}`;
}

/** The sandbox's "cancel"; returns where the buyer goes back to. */
export async function cancelSandbox(db: Db, env: Env, paymentId: string, userId: string): Promise<string> {
  const payment = await ownPendingSandboxPayment(db, env, paymentId, userId);
  await cancelCheckout(db, payment.id);
  return `${backUrl(payment.kind)}?checkout=canceled`;
}
