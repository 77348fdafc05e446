import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { creditLedger } from '#worker/db/schema.ts';

/** The render's own query: the spends of renders stopped mid-way (the creations themselves are core/repo.ts's). */

/**
 * Render spends older than `before` (but newer than `after`) with neither a refund nor the
 * creation they were for: the worker was stopped mid-render (memory, CPU, deploy). The
 * operation key is `render:<revisionId>:<creationId>` (a primary-key lookup).
 */
export function abandonedRenderSpends(db: Db, after: Date, before: Date, limit: number) {
  return db
    .select({ operationKey: creditLedger.operationKey, reference: creditLedger.reference })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.kind, 'spend'),
        sql`${creditLedger.operationKey} LIKE 'render:%'`,
        lt(creditLedger.createdAt, before),
        sql`${creditLedger.createdAt} > ${after.getTime()}`,
        sql`NOT EXISTS (SELECT 1 FROM credit_ledger r WHERE r.operation_key = 'refund:' || "credit_ledger"."operation_key")`,
        sql`NOT EXISTS (SELECT 1 FROM creations c WHERE c.id = substr(substr("credit_ledger"."operation_key", 8), instr(substr("credit_ledger"."operation_key", 8), ':') + 1))`,
      ),
    )
    .limit(limit)
    .all();
}
