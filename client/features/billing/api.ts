import { api, call } from '#client/lib/api.ts';

/** The billing endpoint the plan and credit screens call; the response type is the worker's (inferred through the typed client). */
export const billingApi = {
  /** A checkout session for a plan or a credit pack: the page to go to (Stripe Checkout, or the local sandbox page). */
  checkout: (kind: 'plan' | 'pack', id: string) => call(api.api.billing.checkout.$post({ json: { kind, id } })),
};
