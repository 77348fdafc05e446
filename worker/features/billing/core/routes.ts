import { Hono } from 'hono';
import { checkoutInput } from '#common/schemas/billing.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { readCapped } from '#worker/lib/body.ts';
import { AppError } from '#worker/lib/errors.ts';
import { verifyStripeWebhook } from '#worker/lib/stripe.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as billing from '#worker/features/billing/core/service.ts';
import { ignoreUnparsable, processStripeEvent } from '#worker/features/billing/core/webhooks.ts';

const MAX_WEBHOOK_BYTES = 512 * 1024;

/** /api/billing: checkout, the plan and its payments, cancelling (PRODUCT.md §4.8). */
export const billingRoutes = new Hono<AppEnv>()
  .get('/', access('user'), async (c) => c.json(await billing.overview(c.get('db'), billing.paymentsProvider(c.env), required(c, 'user'))))
  .post('/checkout', access('user'), validate('json', checkoutInput), async (c) => {
    const { kind, id } = c.req.valid('json');
    const { url } = await billing.startCheckout(c.get('db'), billing.paymentsProvider(c.env), required(c, 'user'), kind, id, new URL(c.req.url).origin);
    return c.json({ url });
  })
  .post('/cancel', access('user'), async (c) => {
    await billing.setCancelAtPeriodEnd(c.get('db'), billing.paymentsProvider(c.env), required(c, 'user').id, true);
    return c.json(await billing.overview(c.get('db'), billing.paymentsProvider(c.env), required(c, 'user')));
  })
  .post('/resume', access('user'), async (c) => {
    await billing.setCancelAtPeriodEnd(c.get('db'), billing.paymentsProvider(c.env), required(c, 'user').id, false);
    return c.json(await billing.overview(c.get('db'), billing.paymentsProvider(c.env), required(c, 'user')));
  })
  .post('/portal', access('user'), async (c) => {
    const url = await billing.portalUrl(c.get('db'), billing.paymentsProvider(c.env), required(c, 'user').id, `${new URL(c.req.url).origin}/account/billing`);
    return c.json({ url });
  });

/** POST /api/webhooks/stripe: verified by its signature (no session, no CSRF rule), applied once. */
export const stripeWebhookRoutes = new Hono<AppEnv>().post('/', access('public'), async (c) => {
  const secret = c.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('not_found');
  if (Number(c.req.header('content-length') ?? '0') > MAX_WEBHOOK_BYTES) throw new AppError('payload_too_large');
  // A chunked body declares no length: read no more than the limit either way.
  const payload = new TextDecoder().decode(await readCapped(c.req.raw.body, MAX_WEBHOOK_BYTES));
  const event = await verifyStripeWebhook(secret, payload, c.req.header('stripe-signature'));
  const outcome = event === undefined ? ignoreUnparsable() : await processStripeEvent(c.get('db'), event);
  return c.json({ received: true, outcome });
});
