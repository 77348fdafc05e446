import { Hono, type Context } from 'hono';
import { checkoutInput } from '#common/schemas/billing.ts';
import { MessagePage } from '#client/public/pages/status.tsx';
import { SandboxCheckoutPage } from '#client/public/pages/sandbox-checkout.tsx';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { formFailure } from '#worker/lib/forms.ts';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
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
  const locale = localeOf(c);
  const i18n = i18nFor(locale);
  const t = i18n._.bind(i18n);
  return renderPage(
    c,
    { title: t('checkout.refused.code'), description: t('checkout.refused.title'), noindex: true, locale },
    <MessagePage
      chrome={publicChrome(c, { interactive: false })}
      code={t('checkout.refused.code')}
      title={t('checkout.refused.title')}
      text={service.refusedText(t, failure)}
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
    // The buyer's language: the account's (a signed-in page), like the workspace they come from.
    const locale = localeOf(c);
    const i18n = i18nFor(locale);
    return renderPage(
      c,
      { title: i18n._('checkout.sandbox.title'), description: i18n._('checkout.sandbox.description'), noindex: true, locale },
      <SandboxCheckoutPage {...page} />,
    );
  })
  .post('/sandbox/:paymentId/complete', access('user'), async (c) =>
    c.redirect(await service.completeSandbox(c.get('db'), c.env, c.req.param('paymentId'), required(c, 'user').id), 303),
  )
  .post('/sandbox/:paymentId/cancel', access('user'), async (c) =>
    c.redirect(await service.cancelSandbox(c.get('db'), c.env, c.req.param('paymentId'), required(c, 'user').id), 303),
  );
