import { sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';

/** The variations' own query: the batches stopped mid-way (the creatives and creations themselves are core/repo.ts's). */

/**
 * Variations spends (operation key `<prefix><batch>`) older than `before` (but newer than
 * `after`) with no refund, and how far their batch got: `drafts`, the batch's creatives (their
 * ids are the batch id and a number: none when the request stopped before storing them), and
 * `drawn`, those of them with a creation of their first revision. Only batches with a
 * variation left undrawn: the request was stopped mid-batch (a closed tab, memory, CPU, a deploy).
 */
export function abandonedVariationSpends(db: Db, prefix: string, after: Date, before: Date, limit: number) {
  return db.all<{ operationKey: string; spent: number; drafts: number; drawn: number }>(sql`
    SELECT operationKey, spent, drafts, drawn FROM (
      SELECT k.operationKey, k.spent,
        (SELECT count(*) FROM creatives v WHERE v.id > k.batch AND v.id < k.batch || '~') AS drafts,
        (SELECT count(DISTINCT c.creative_id) FROM creations c
          WHERE c.creative_id > k.batch AND c.creative_id < k.batch || '~' AND c.revision_number = 1) AS drawn
      FROM (
        SELECT s.operation_key AS operationKey, -(s.monthly_delta + s.purchased_delta) AS spent, substr(s.operation_key, ${prefix.length + 1}) AS batch
        FROM credit_ledger s
        WHERE s.kind = 'spend' AND substr(s.operation_key, 1, ${prefix.length}) = ${prefix}
          AND s.created_at < ${before.getTime()} AND s.created_at > ${after.getTime()}
          AND NOT EXISTS (SELECT 1 FROM credit_ledger r WHERE r.operation_key = 'refund:' || s.operation_key)
      ) AS k
    )
    WHERE drafts = 0 OR drawn < drafts
    LIMIT ${limit}`);
}
