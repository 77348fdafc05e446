import { api, call } from '#client/lib/api.ts';

/** Starts a checkout and goes to it (Stripe Checkout, or the local sandbox page). */
export async function goToCheckout(kind: 'plan' | 'pack', id: string): Promise<void> {
  const { url } = await call(api.api.billing.checkout.$post({ json: { kind, id } }));
  window.location.assign(url);
}
