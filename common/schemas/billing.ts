import * as z from 'zod/mini';

/** What to buy: a plan or a credit pack (POST /api/billing/checkout and the pricing page's forms). */
export const checkoutInput = z.object({
  kind: z.enum(['plan', 'pack'], 'Choose a plan or a credit pack.'),
  id: z.string('Choose what to buy.').check(z.minLength(1, 'Choose what to buy.'), z.maxLength(40)),
});
export type CheckoutInput = z.infer<typeof checkoutInput>;
