import { Hono, type Context } from 'hono';
import { checkoutInput } from '#common/schemas/billing.ts';
import { MessagePage } from '#client/public/pages/status.tsx';
import { SandboxCheckoutPage } from '#client/public/pages/sandbox-checkout.tsx';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { publicChrome } from '#worker/ssr/chrome.ts';
import { paymentsProvider } from '#worker/features/billing/providers.ts';
import { findPayment } from '#worker/features/billing/repo.ts';
import { cancelCheckout, checkoutItem, fulfil, startCheckout } from '#worker/features/billing/service.ts';

async function ownPendingSandboxPayment(c: Context<AppEnv>) {
  if (c.env.STRIPE_SECRET_KEY) throw new AppError('not_found');
  const id = c.req.param('paymentId') ?? '';
  const payment = looksLikeId(id) ? await findPayment(c.get('db'), id) : undefined;
  if (!payment || payment.userId !== required(c, 'user').id || payment.provider !== 'sandbox') throw new AppError('not_found');
  return payment;
}

/** Buying needs an account: a visitor goes to sign-up and comes back to the prices. */
function signUpFirst(c: Context<AppEnv>) {
  return c.redirect(`/login?tab=signup&next=${encodeURIComponent('/pricing')}`, 303);
}

/** The pricing page's form was refused (unreadable, or nothing that can be bought): a page that says why. */
function checkoutRefused(c: Context<AppEnv>, error: unknown) {
  const failure = formFailure(error);
  if (!failure) return undefined;
  const text =
    failure.status === 422 && failure.message === 'Please correct the highlighted fields.'
      ? 'Choose a plan or a credit pack on the pricing page.'
      : failure.message;
  return renderPage(
    c,
    { title: 'Checkout', description: 'Checkout', noindex: true },
    <MessagePage chrome={publicChrome(c, { interactive: false })} code="Checkout" title="This cannot be bought right now" text={text} />,
    failure.status,
  );
}

const backUrl = (kind: 'plan' | 'pack') => (kind === 'pack' ? '/account/credits' : '/account/billing');

/**
 * Checkout from the pricing page's forms (works without JavaScript), and the local
 * sandbox checkout used when Stripe is not configured.
 */
export const billingPages = new Hono<AppEnv>()
  .post(
    '/checkout',
    access('public'),
    validate('form', checkoutInput, ({ error }, c) => (c.get('user') ? checkoutRefused(c, error) : signUpFirst(c))),
    async (c) => {
      const user = c.get('user');
      if (!user) return signUpFirst(c);
      const { kind, id } = c.req.valid('form');
      try {
        const { url } = await startCheckout(c.get('db'), paymentsProvider(c.env), user, kind, id, new URL(c.req.url).origin);
        return c.redirect(url, 303);
      } catch (error) {
        const page = await checkoutRefused(c, error);
        if (!page) throw error;
        return page;
      }
    },
  )
  .get('/sandbox/:paymentId', access('user'), async (c) => {
    const payment = await ownPendingSandboxPayment(c);
    const item = checkoutItem(payment.kind, payment.item);
    return renderPage(
      c,
      { title: 'Sandbox checkout', description: 'Complete a purchase in the local sandbox.', noindex: true },
      <SandboxCheckoutPage
        paymentId={payment.id}
        itemName={item.name}
        amountCents={payment.amountCents}
        recurring={payment.kind === 'plan'}
        email={required(c, 'user').email}
        status={payment.status}
        backUrl={backUrl(payment.kind)}
      />,
    );
  })
  .post('/sandbox/:paymentId/complete', access('user'), async (c) => {
    const payment = await ownPendingSandboxPayment(c);
    await fulfil(c.get('db'), payment.id, { paidAt: new Date(), providerRef: `sandbox_paid_${payment.id}` });
    return c.redirect(`${backUrl(payment.kind)}?checkout=success&payment=${payment.id}`, 303);
  })
  .post('/sandbox/:paymentId/cancel', access('user'), async (c) => {
    const payment = await ownPendingSandboxPayment(c);
    await cancelCheckout(c.get('db'), payment.id);
    return c.redirect(`${backUrl(payment.kind)}?checkout=canceled`, 303);
  });
