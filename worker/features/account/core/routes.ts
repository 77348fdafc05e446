import { Hono } from 'hono';
import * as z from 'zod/mini';
import { accountDeletionInput, passwordChangeInput } from '#common/schemas/auth.ts';
import { profileInput } from '#common/schemas/profile.ts';
import { idField, pageQuery } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { writeLocaleCookie } from '#worker/lib/i18n.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { clearSessionCookie } from '#worker/lib/session-cookie.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as auth from '#worker/features/auth/core/service.ts';
import * as account from '#worker/features/account/core/service.ts';

const sessionParam = z.object({ id: idField('This session id is not valid.') });

/** /api/me: the signed-in user, profile, password, sessions and deletion (PRODUCT.md §7, decision 0023); the data export: export/routes.ts. */
export const accountRoutes = new Hono<AppEnv>()
  .get('/', access('user'), (c) => c.json(auth.toPublicUser(required(c, 'user'))))
  .patch('/', access('user'), validate('json', profileInput), async (c) => {
    const input = c.req.valid('json');
    const user = await auth.updateProfile(c.get('db'), required(c, 'user').id, input);
    // This browser keeps the language after signing out (public pages, the sign-in page).
    if (input.locale) writeLocaleCookie(c, input.locale);
    return c.json(user);
  })
  .post('/password', access('user'), validate('json', passwordChangeInput), async (c) => {
    return c.json(await auth.changePassword(c.get('db'), required(c, 'user').id, required(c, 'sessionId'), c.req.valid('json'), requestMeta(c)));
  })
  .get('/sessions', access('user'), validate('query', pageQuery), async (c) => {
    const { cursor, limit } = c.req.valid('query');
    return c.json(await auth.listSessions(c.get('db'), required(c, 'user').id, required(c, 'sessionId'), limit ?? 50, cursor));
  })
  /** Sign out everywhere else: every session but this one. */
  .delete('/sessions', access('user'), async (c) => {
    await auth.revokeOtherSessions(c.get('db'), required(c, 'user').id, required(c, 'sessionId'));
    return c.body(null, 204);
  })
  .delete('/sessions/:id', access('user'), validate('param', sessionParam), async (c) => {
    await auth.revokeSession(c.get('db'), required(c, 'user').id, c.req.valid('param').id);
    return c.body(null, 204);
  })
  /** Deletes the account after 30 days (the password again); signed out at once. */
  .post('/deletion', access('user'), validate('json', accountDeletionInput), async (c) => {
    const user = required(c, 'user');
    const result = await account.requestDeletion(c.get('db'), mailerFor(c), user.id, c.req.valid('json').password, requestMeta(c), new URL(c.req.url).origin);
    clearSessionCookie(c);
    return c.json(result, 202);
  });
