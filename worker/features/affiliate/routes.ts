import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import * as z from 'zod/mini';
import { AFFILIATE } from '#common/plans.ts';
import { payoutDecisionInput } from '#common/schemas/affiliate.ts';
import { idField } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as affiliate from '#worker/features/affiliate/service.ts';

/** /api/affiliate: the user's link, clicks, sign-ups, commissions, payouts. */
export const affiliateRoutes = new Hono<AppEnv>()
  .get('/', access('user'), async (c) => {
    const user = required(c, 'user');
    const code = await affiliate.affiliateCodeOf(c.get('db'), user.id);
    return c.json(await affiliate.summary(c.get('db'), user, code, new URL(c.req.url).origin));
  })
  .post('/payouts', access('user'), async (c) => c.json(await affiliate.requestPayout(c.get('db'), required(c, 'user').id), 201));

const decisionParam = z.object({ id: idField() });
/** The admin deciding and the address they decide from (both in the audit entry). */
const adminOf = (c: Context<AppEnv>) => ({ id: required(c, 'user').id, ip: requestMeta(c).ip });
/** /api/admin/payouts: payout requests for an admin to approve or reject (audited). */
export const adminPayoutRoutes = new Hono<AppEnv>()
  .get('/', access('admin'), async (c) => c.json(await affiliate.listPayoutsForAdmin(c.get('db'))))
  .post('/:id/approve', access('admin'), validate('param', decisionParam), validate('json', payoutDecisionInput), async (c) =>
    c.json(await affiliate.decidePayout(c.get('db'), adminOf(c), c.req.valid('param').id, 'approved', c.req.valid('json').note ?? null)),
  )
  .post('/:id/reject', access('admin'), validate('param', decisionParam), validate('json', payoutDecisionInput), async (c) =>
    c.json(await affiliate.decidePayout(c.get('db'), adminOf(c), c.req.valid('param').id, 'rejected', c.req.valid('json').note ?? null)),
  );

/** Paths where `ref` is not an affiliate code: the API, /error (a request id). */
const NOT_REFERRAL_PATHS = new Set(['/error']);

function isLoopbackHttp(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === 'localhost' || hostname === '127.0.0.1');
}

/**
 * `?ref=CODE` on any page the worker serves, /redirect included (cheap: only when the URL
 * mentions ref=): counts the click and sets the 60-day referral cookie (PRODUCT.md §4.8).
 */
export const referralCapture = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' && c.req.url.includes('ref=') && !c.req.path.startsWith('/api/') && !NOT_REFERRAL_PATHS.has(c.req.path)) {
    const cookie = await affiliate.recordReferralClick(c.get('db'), {
      code: c.req.query('ref'),
      path: c.req.path,
      userAgent: c.req.header('user-agent'),
      cookie: getCookie(c, affiliate.REF_COOKIE),
    });
    if (cookie) {
      setCookie(c, affiliate.REF_COOKIE, cookie, {
        httpOnly: true,
        secure: !isLoopbackHttp(c.req.url),
        sameSite: 'Lax',
        path: '/',
        maxAge: AFFILIATE.cookieDays * 24 * 60 * 60,
      });
    }
  }
  await next();
});
