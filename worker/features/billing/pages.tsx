import { Hono, type Context } from 'hono';
import { MessagePage } from '#client/public/pages/status.tsx';
import { SandboxCheckoutPage } from '#client/public/pages/sandbox-checkout.tsx';
import type { AppEnv } from '#worker/env.ts';
import { currentUser } from '#worker/lib/context.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId } from '#worker/lib/ids.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { publicChrome } from '#worker/features/site/chrome.ts';
import { readForm } from '#worker/features/site/forms.ts';
import { paymentsProvider } from '#worker/features/billing/providers.ts';
import { findPayment } from '#worker/features/billing/repo.ts';
import { cancelCheckout, checkoutItem, fulfil, startCheckout } from '#worker/features/billing/service.ts';

async function ownPendingSandboxPayment(c: Context<AppEnv>) {
  if (c.env.STRIPE_SECRET_KEY) throw new AppError('not_found');
  const id = c.req.param('paymentId') ?? '';
  const payment = looksLikeId(id) ? await findPayment(c.get('db'), id) : undefined;
  if (!payment || payment.userId !== currentUser(c).id || payment.provider !== 'sandbox') throw new AppError('not_found');
  return payment;
}

const backUrl = (kind: 'plan' | 'pack') => (kind === 'pack' ? '/account/credits' : '/account/billing');

/**
 * Checkout from the pricing page's forms (works without JavaScript), and the local
 * sandbox checkout used when Stripe is not configured.
 */
export const billingPages = new Hono<AppEnv>()
  .post('/checkout', access('public'), async (c) => {
    const values = await readForm(c);
    const kind = values.kind === 'plan' ? 'plan' : 'pack';
    const user = c.get('user');
    if (!user) return c.redirect(`/login?tab=signup&next=${encodeURIComponent('/pricing')}`, 303);
    try {
      const { url } = await startCheckout(c.get('db'), paymentsProvider(c.env), user, kind, values.id ?? '', new URL(c.req.url).origin);
      return c.redirect(url, 303);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      const page = await renderPage(
        c,
        { title: 'Checkout', description: 'Checkout', noindex: true },
        <MessagePage chrome={publicChrome(c, { interactive: false })} code="Checkout" title="This cannot be bought right now" text={error.message} />,
        422,
      );
      return page;
    }
  })
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
        email={currentUser(c).email}
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
