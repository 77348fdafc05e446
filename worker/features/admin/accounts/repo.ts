import { sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { newId } from '#worker/lib/ids.ts';

/**
 * The admin's accounts' own statement (the accounts, credits and memberships are read and
 * changed through their features' services): the audit entry of a credit adjustment, which
 * reads the balance around the ledger entry inside the batch.
 */

/**
 * The audit entry of a credit adjustment, with the balance before and after it read inside
 * the batch (exact, whatever ran at the same time); written only when the statement just
 * before it (the balance update) changed a row, i.e. when the adjustment was booked.
 */
export function creditAdjustmentAudit(
  db: Db,
  entry: { actorUserId: string; userId: string; ip: string; amount: number; reason: string; operationKey: string },
): D1PreparedStatement {
  return rawStatement(
    db,
    sql`INSERT INTO audit_log (id, actor_user_id, action, target_type, target_id, project_id, details, ip, created_at)
      SELECT ${newId()}, ${entry.actorUserId}, 'user.credits_adjusted', 'user', ${entry.userId}, NULL,
        json_object(
          'amount', ${entry.amount}, 'reason', ${entry.reason}, 'operationKey', ${entry.operationKey},
          'before', json_object('monthly', b.monthly - l.monthly_delta, 'purchased', b.purchased - l.purchased_delta,
            'total', b.monthly + b.purchased - l.monthly_delta - l.purchased_delta),
          'after', json_object('monthly', b.monthly, 'purchased', b.purchased, 'total', b.monthly + b.purchased)
        ),
        ${entry.ip}, ${Date.now()}
      FROM credit_balances b JOIN credit_ledger l ON l.operation_key = ${entry.operationKey}
      WHERE b.user_id = ${entry.userId} AND changes() = 1`,
  );
}
