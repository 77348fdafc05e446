import { Hono } from 'hono';
import * as z from 'zod/mini';
import { idField } from '#common/schemas/fields.ts';
import { leadListQuery } from '#common/schemas/funnels.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import * as service from '#worker/features/funnels/leads/service.ts';

const leadParam = z.object({ id: idField(), leadId: idField() });

/** /api/funnels/{id}/leads: a funnel's leads (list and search, the CSV export, a GDPR delete). */
export const funnelLeadRoutes = new Hono<AppEnv>()
  .get('/:id/leads', access({ funnel: 'viewer' }), validate('query', leadListQuery), async (c) =>
    c.json(await service.listLeads(c.get('db'), required(c, 'funnel').id, c.req.valid('query'))),
  )
  .get('/:id/leads.csv', access({ funnel: 'viewer' }), (c) => {
    const file = service.leadsCsvFile(c.get('db'), required(c, 'funnel'));
    return c.body(file.body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
    });
  })
  .delete('/:id/leads/:leadId', access({ funnel: 'editor' }), validate('param', leadParam), async (c) => {
    await service.deleteLead(c.get('db'), required(c, 'funnel'), required(c, 'user'), c.req.valid('param').leadId);
    return c.body(null, 204);
  });
