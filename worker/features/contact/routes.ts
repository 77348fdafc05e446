import { Hono } from 'hono';
import { contactInput } from '#common/schemas/contact.ts';
import type { AppEnv } from '#worker/env.ts';
import { localeOf } from '#worker/lib/i18n.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { submitContact } from '#worker/features/contact/service.ts';

/** POST /api/contact: the contact form's JSON path (the no-JavaScript path is POST /contact). */
export const contactRoutes = new Hono<AppEnv>().post('/', access('public'), validate('json', contactInput), async (c) => {
  await submitContact(c.get('db'), mailerFor(c), c.req.valid('json'), requestMeta(c), {
    userId: c.get('user')?.id ?? null,
    operatorEmail: c.env.OPERATOR_EMAIL,
    writes: c.env.WRITES,
    locale: localeOf(c),
  });
  return c.json({ received: true }, 201);
});
