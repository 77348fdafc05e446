import { Hono } from 'hono';
import { i18nFor, localeOf } from '#worker/lib/i18n.ts';
import * as z from 'zod/mini';
import { pageQuery } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { required } from '#worker/lib/context.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { getCreditSummary, ledgerText, listLedger } from '#worker/features/credits/service.ts';

const ledgerQuery = z.extend(pageQuery, {
  kind: z.optional(z.enum(['grant_monthly', 'purchase', 'spend', 'refund', 'expire', 'admin_adjust'], 'Filter by a kind of movement.')),
});

/** /api/credits: the balance by bucket, and the ledger. */
export const creditRoutes = new Hono<AppEnv>()
  .get('/', access('user'), async (c) => {
    const user = required(c, 'user');
    return c.json(await getCreditSummary(c.get('db'), user.id, user.plan));
  })
  .get('/ledger', access('user'), validate('query', ledgerQuery), async (c) => {
    const { kind, cursor, limit } = c.req.valid('query');
    const page = await listLedger(c.get('db'), required(c, 'user').id, { kind, cursor, limit: limit ?? 25 });
    // Stored as codes and values, worded in the reader's language.
    const i18n = i18nFor(localeOf(c));
    return c.json({ ...page, items: page.items.map((entry) => ({ ...entry, description: ledgerText(entry.description, i18n) })) });
  });
