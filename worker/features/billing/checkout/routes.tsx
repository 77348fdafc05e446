import { Hono, type Context } from 'hono';
import { checkoutInput } from '#common/schemas/billing.ts';
import { MessagePage } from '#client/public/pages/status.tsx';
import { SandboxCheckoutPage } from '#client/public/pages/sandbox-checkout.tsx';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { renderPage } from '#worker/ssr/render.ts';
import { publicChrome } from '#worker/ssr/chrome.ts';
import * as service from '#worker/features/billing/checkout/service.ts';

const signUpFirst = (c: Context<AppEnv>) => c.redirect(service.SIGN_UP_FIRST, 303);

/** The pricing page's form was refused (unreadable, or nothing that can be bought): a page that says why. */
function checkoutRefused(c: Context<AppEnv>, error: unknown) {
  const failure = formFailure(error);
  if (!failure) return undefined;
  return renderPage(
    c,
    { title: 'Checkout', description: 'Checkout', noindex: true },
    <MessagePage
      chrome={publicChrome(c, { interactive: false })}
      code="Checkout"
      title="This cannot be bought right now"
      text={service.refusedText(failure)}
    />,
    failure.status,
  );
}

/** /billing: checkout from the pricing page's forms, and the local sandbox checkout (service.ts has the rules). */
export const billingPages = new Hono<AppEnv>()
  .post(
    '/checkout',
    access('public'),
    validate('form', checkoutInput, ({ error }, c) => (c.get('user') ? checkoutRefused(c, error) : signUpFirst(c))),
    async (c) => {
      const user = c.get('user');
      if (!user) return signUpFirst(c);
      try {
        return c.redirect(await service.checkout(c.get('db'), c.env, user, c.req.valid('form'), new URL(c.req.url).origin), 303);
      } catch (error) {
        const page = await checkoutRefused(c, error);
        if (!page) throw error;
        return page;
      }
    },
  )
  .get('/sandbox/:paymentId', access('user'), async (c) => {
    const page = await service.sandboxPage(c.get('db'), c.env, c.req.param('paymentId'), required(c, 'user'));
    return renderPage(
      c,
      { title: 'Sandbox checkout', description: 'Complete a purchase in the local sandbox.', noindex: true },
      <SandboxCheckoutPage {...page} />,
    );
  })
  .post('/sandbox/:paymentId/complete', access('user'), async (c) =>
    c.redirect(await service.completeSandbox(c.get('db'), c.env, c.req.param('paymentId'), required(c, 'user').id), 303),
  )
  .post('/sandbox/:paymentId/cancel', access('user'), async (c) =>
    c.redirect(await service.cancelSandbox(c.get('db'), c.env, c.req.param('paymentId'), required(c, 'user').id), 303),
  );
