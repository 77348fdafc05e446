import { CREDIT_PACKS, PLANS, type PackId } from '#common/plans.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { i18nFor } from '#worker/lib/i18n.ts';
import type { Db } from '#worker/db/client.ts';
import type { SessionUser } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { forgetUser } from '#worker/lib/session-cache.ts';
import { newId } from '#worker/lib/ids.ts';
import { addMonth, checkoutItemText, ledgerNote, purchase, startPlanPeriod, withdrawPurchased } from '#worker/features/credits/service.ts';
import { recordCommission, reverseCommission } from '#worker/features/affiliate/service.ts';
import { sandboxProvider, stripeProvider, type PaymentsProvider } from '#worker/features/billing/core/providers.ts';
import { setPlanStatement } from '#worker/features/auth/users/service.ts';
import * as repo from '#worker/features/billing/core/repo.ts';

/** The payments provider of this deployment: Stripe when it is configured, else the local sandbox checkout. */
export function paymentsProvider(env: { STRIPE_SECRET_KEY?: string | undefined }): PaymentsProvider {
  return env.STRIPE_SECRET_KEY ? stripeProvider(env.STRIPE_SECRET_KEY) : sandboxProvider();
}

/** A payment by its id (the sandbox checkout's pages check whose it is). */
export function paymentOf(db: Db, id: string) {
  return repo.findPayment(db, id);
}

/** What can be bought: a paid plan (monthly) or a credit pack (once), its name in the buyer's language. */
export function checkoutItem(kind: 'plan' | 'pack', id: string, locale: Locale = 'en'): { amountCents: number; name: string } {
  const i18n = i18nFor(locale);
  if (kind === 'plan') {
    if (id !== 'pro' && id !== 'agency')
      throw new AppError('validation_failed', 'Choose the Pro or the Agency plan.', { id: ['Choose the Pro or the Agency plan.'] });
    return { amountCents: PLANS[id].priceCents, name: checkoutItemText('plan', id, i18n) };
  }
  const pack = CREDIT_PACKS.find((p) => p.id === id);
  if (!pack) throw new AppError('validation_failed', 'Choose one of the credit packs.', { id: ['Choose one of the credit packs.'] });
  return { amountCents: pack.priceCents, name: checkoutItemText('pack', pack.id, i18n) };
}

/** Starts a checkout: a pending payment and the provider's (or the sandbox's) checkout page. */
export async function startCheckout(
  db: Db,
  provider: PaymentsProvider,
  user: SessionUser,
  kind: 'plan' | 'pack',
  id: string,
  origin: string,
): Promise<{ url: string; paymentId: string }> {
  const item = checkoutItem(kind, id, user.locale);
  const subscription = await repo.findSubscription(db, user.id);
  if (kind === 'plan' && subscription && subscription.status !== 'canceled' && subscription.plan === id) {
    throw new AppError('conflict', `You are already on the ${PLANS[id as 'pro' | 'agency'].name} plan.`);
  }
  const payment = {
    id: newId(),
    userId: user.id,
    kind,
    item: id,
    amountCents: item.amountCents,
    currency: 'eur',
    provider: provider.name,
    providerRef: null,
    status: 'pending' as const,
  };
  const [row] = await repo.insertPayment(db, payment).returning();
  if (!row) throw new Error('The payment was not recorded.');
  const back = kind === 'pack' ? '/account/credits' : '/account/billing';
  const { url, ref } = await provider.createCheckout({
    payment: row,
    itemName: item.name,
    customerEmail: user.email,
    customerId: subscription?.providerCustomerId ?? null,
    successUrl: `${origin}${back}?checkout=success&payment=${payment.id}`,
    cancelUrl: `${origin}${back}?checkout=canceled`,
  });
  await repo.setPaymentRef(db, payment.id, ref);
  return { url, paymentId: payment.id };
}

export interface Fulfilment {
  paidAt: Date;
  /** The invoice or payment intent that paid (refunds find the payment by it). */
  providerRef?: string;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  periodStart?: Date;
  periodEnd?: Date;
}

/** The credits movement of a pack payment (bought, or withdrawn on refund); undefined for an unknown pack. */
function packCredits(payment: repo.PaymentRow, operationKey: string, description: (amount: number) => string) {
  const pack = CREDIT_PACKS.find((p) => p.id === (payment.item as PackId));
  return pack && { userId: payment.userId, amount: pack.credits, operationKey, description: description(pack.credits), reference: payment.id };
}

/**
 * What a paid payment gives, for Stripe's webhooks and the sandbox alike: a pack's
 * credits, or a plan (subscription, plan, the new allowance from now), and the referrer's
 * commission. Safe to call again for the same payment: it happens once.
 */
export async function fulfil(db: Db, paymentId: string, details: Fulfilment): Promise<{ fulfilled: boolean }> {
  const [payment] = await repo.markPaid(db, paymentId, details.paidAt, details.providerRef);
  const paid = payment ?? (await repo.findPayment(db, paymentId));
  if (!paid || paid.status !== 'paid') return { fulfilled: false };
  if (paid.kind === 'pack') {
    const credits = packCredits(paid, `purchase:${paid.id}`, (amount) => ledgerNote({ code: 'packBought', credits: amount }));
    if (credits) await purchase(db, credits);
  } else {
    const plan = paid.item as 'pro' | 'agency';
    const periodStart = details.periodStart ?? details.paidAt;
    const existing = await repo.findSubscription(db, paid.userId);
    await db.batch([
      repo.upsertSubscription(db, {
        userId: paid.userId,
        plan,
        status: 'active',
        provider: paid.provider,
        providerCustomerId: details.providerCustomerId ?? existing?.providerCustomerId ?? null,
        providerSubscriptionId: details.providerSubscriptionId ?? existing?.providerSubscriptionId ?? null,
        currentPeriodStart: periodStart,
        currentPeriodEnd: details.periodEnd ?? addMonth(periodStart),
        cancelAtPeriodEnd: false,
      }),
      setPlanStatement(db, paid.userId, plan),
    ]);
    forgetUser(paid.userId);
    await startPlanPeriod(db, paid.userId, plan, paid.id, details.paidAt);
  }
  await recordCommission(db, paid);
  return { fulfilled: Boolean(payment) };
}

/** A refund: the payment is marked, a pack's remaining credits and the commission are reversed. Once. */
export async function refundPayment(db: Db, paymentId: string, at: Date): Promise<void> {
  const [refunded] = await repo.markRefunded(db, paymentId, at);
  const payment = refunded ?? (await repo.findPayment(db, paymentId));
  if (!payment || payment.status !== 'refunded') return;
  if (payment.kind === 'pack') {
    const credits = packCredits(payment, `refund:purchase:${payment.id}`, () => ledgerNote({ code: 'packRefunded' }));
    if (credits) await withdrawPurchased(db, credits);
  }
  await reverseCommission(db, payment.id);
}

export async function cancelCheckout(db: Db, paymentId: string): Promise<void> {
  await repo.markCanceled(db, paymentId);
}

export interface BillingOverview {
  plan: { id: 'free' | 'pro' | 'agency'; name: string; priceCents: number; creditsPerMonth: number };
  subscription: { plan: string; status: string; currentPeriodEnd: string; cancelAtPeriodEnd: boolean; provider: string } | null;
  payments: { id: string; kind: string; item: string; description: string; amountCents: number; status: string; createdAt: string; paidAt: string | null }[];
  provider: 'stripe' | 'sandbox';
  portal: boolean;
}

export async function overview(db: Db, provider: PaymentsProvider, user: SessionUser): Promise<BillingOverview> {
  const [subscription, payments] = await Promise.all([repo.findSubscription(db, user.id), repo.listPayments(db, user.id)]);
  const plan = PLANS[user.plan];
  // Named when shown, in the reader's language (a payment stores its kind and item, not words).
  const i18n = i18nFor(user.locale);
  return {
    plan: { id: plan.id, name: plan.name, priceCents: plan.priceCents, creditsPerMonth: plan.creditsPerMonth },
    subscription: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status,
          currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          provider: subscription.provider,
        }
      : null,
    payments: payments
      .filter((p) => p.status !== 'pending' && p.status !== 'canceled')
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        item: p.item,
        description: checkoutItemText(p.kind, p.item, i18n),
        amountCents: p.amountCents,
        status: p.status,
        createdAt: p.createdAt.toISOString(),
        paidAt: p.paidAt?.toISOString() ?? null,
      })),
    provider: provider.name,
    portal: portalCustomer(provider, subscription) !== null,
  };
}

/** The customer the provider's portal is for: only Stripe has one, and only for its customers. */
function portalCustomer(provider: PaymentsProvider, subscription: { providerCustomerId: string | null } | undefined): string | null {
  return provider.name === 'stripe' ? (subscription?.providerCustomerId ?? null) : null;
}

/** The payment provider's customer portal (Stripe), for a customer it knows. */
export async function portalUrl(db: Db, provider: PaymentsProvider, userId: string, returnUrl: string): Promise<string> {
  const customerId = portalCustomer(provider, await repo.findSubscription(db, userId));
  if (!customerId) throw new AppError('conflict', 'There is no payment provider portal for this account. Use the buttons on this page.');
  const url = await provider.portal(customerId, returnUrl);
  if (!url) throw new AppError('conflict', 'The billing portal is not available.');
  return url;
}

/** Cancel at the end of the period (or undo it); the plan stays until then. */
export async function setCancelAtPeriodEnd(db: Db, provider: PaymentsProvider, userId: string, cancel: boolean): Promise<void> {
  const subscription = await repo.findSubscription(db, userId);
  if (!subscription || subscription.status === 'canceled') throw new AppError('conflict', 'You have no paid plan to cancel.');
  await provider.setCancelAtPeriodEnd(subscription.providerSubscriptionId, cancel);
  await repo.updateSubscription(db, userId, { cancelAtPeriodEnd: cancel });
}

/** Subscriptions whose period ended while set to cancel: back to Free (the scheduled job). */
export async function endCanceledSubscriptions(db: Db, now: Date): Promise<void> {
  const due = await repo.dueCanceledSubscriptions(db, now);
  for (const subscription of due) {
    await db.batch([repo.updateSubscription(db, subscription.userId, { status: 'canceled' }), setPlanStatement(db, subscription.userId, 'free')]);
    forgetUser(subscription.userId);
  }
}
