import { billingApi } from '#client/features/billing/api.ts';

/** Starts a checkout and goes to it (Stripe Checkout, or the local sandbox page). */
export async function goToCheckout(kind: 'plan' | 'pack', id: string): Promise<void> {
  const { url } = await billingApi.checkout(kind, id);
  window.location.assign(url);
}
