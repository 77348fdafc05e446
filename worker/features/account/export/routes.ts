import { Hono } from 'hono';
import { exportTicketParam } from '#common/schemas/auth.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { mailerFor } from '#worker/lib/mailer.ts';
import { requestMeta } from '#worker/lib/request-meta.ts';
import { afterResponse } from '#worker/lib/response.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { downloadExport, issueExportTicket } from '#worker/features/account/export/service.ts';

/** /api/me/export: the account's data export (decision 0023), mounted beside account/core's /api/me. */
export const accountExportRoutes = new Hono<AppEnv>()
  /**
   * Starts a data export (decision 0023): counts one of the three an hour and answers a link
   * that downloads the ZIP once, within a minute, in this session. A POST, so that no other site
   * and no prefetch can use up the user's exports.
   */
  .post('/export', access('user'), async (c) => {
    return c.json(await issueExportTicket(c.get('db'), c.env.SESSION_SECRET, required(c, 'user').id, required(c, 'sessionId')), 201);
  })
  /**
   * The ZIP of the user's data, built as it downloads (the browser writes it to disk); the first
   * use of the link sends the "your data was downloaded" email. HEAD (Hono answers it with this
   * handler) checks the link without using it, reading nothing and mailing nothing.
   */
  .get('/export/:ticket', access('user'), validate('param', exportTicketParam), async (c) => {
    const request = {
      user: required(c, 'user'),
      sessionId: required(c, 'sessionId'),
      ticket: c.req.valid('param').ticket,
      head: c.req.method === 'HEAD',
      meta: requestMeta(c),
    };
    const { headers, body, notice } = await downloadExport(c.get('db'), c.env, mailerFor(c), request);
    if (notice) await afterResponse(c, notice());
    return body ? c.body(body, 200, headers) : c.body(null, 200, headers);
  });
