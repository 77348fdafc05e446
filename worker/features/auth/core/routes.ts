import { Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { loginInput, passwordResetConfirmInput, passwordResetRequestInput, signupInput } from '#common/schemas/auth.ts';
import type { AppEnv } from '#worker/env.ts';
import { visitorLocale } from '#worker/lib/i18n.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { afterResponse } from '#worker/lib/response.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { clearSessionCookie, readSessionToken, writeSessionCookie } from '#worker/lib/session-cookie.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as auth from '#worker/features/auth/core/service.ts';
import { REF_COOKIE, referrerFor } from '#worker/features/affiliate/service.ts';

/** /api/auth: sign up, sign in, sign out, password reset (PRODUCT.md §7). */
export const authRoutes = new Hono<AppEnv>()
  .post('/signup', access('public'), validate('json', signupInput), async (c) => {
    const input = c.req.valid('json');
    const referrer = await referrerFor(c.get('db'), getCookie(c, REF_COOKIE), input.email);
    // The new account speaks the language the visitor was reading in.
    const { user, token } = await auth.signup(c.get('db'), { ...input, locale: input.locale ?? visitorLocale(c) }, requestMeta(c), referrer);
    writeSessionCookie(c, token);
    return c.json(user, 201);
  })
  .post('/login', access('public'), validate('json', loginInput), async (c) => {
    const { user, token, deletionCanceled } = await auth.login(c.get('db'), c.req.valid('json'), requestMeta(c), readSessionToken(c), mailerFor(c));
    writeSessionCookie(c, token);
    // Signing in during the grace period cancels the account's deletion (decision 0023): the client says so.
    return c.json(deletionCanceled ? { ...user, deletionCanceled: true } : user, 200);
  })
  .post('/logout', access('public'), async (c) => {
    await auth.logout(c.get('db'), readSessionToken(c));
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .post('/password-reset', access('public'), validate('json', passwordResetRequestInput), async (c) => {
    const { email } = c.req.valid('json');
    const origin = new URL(c.req.url).origin;
    // 202 always, and the work after the response, so neither status nor timing tells
    // whether an account exists. The per-IP limit is still enforced up front.
    const meta = requestMeta(c);
    await auth.assertResetAllowed(c.get('db'), meta);
    await afterResponse(c, auth.requestPasswordReset(c.get('db'), mailerFor(c), email, origin));
    return c.json({ ok: true }, 202);
  })
  .post('/password-reset/confirm', access('public'), validate('json', passwordResetConfirmInput), async (c) => {
    const { token, password } = c.req.valid('json');
    await auth.confirmPasswordReset(c.get('db'), token, password);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
