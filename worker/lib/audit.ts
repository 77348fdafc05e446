import { sql } from 'drizzle-orm';
import { rawStatement, type Db } from '#worker/db/client.ts';
import { auditLog } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  projectId?: string | null;
  details?: Record<string, unknown>;
  /** The address the action came from (requestMeta(c).ip); admin actions record it. */
  ip?: string | null;
}

/** An audit-log insert, to run in the same batch as the change it records. */
export function auditStatement(db: Db, entry: AuditEntry) {
  return db.insert(auditLog).values({
    id: newId(),
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    projectId: entry.projectId ?? null,
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}

/**
 * The same insert, written only when the statement just before it in the batch changed
 * exactly one row (`changes() = 1`): a conditional change that lost a race is not recorded.
 */
export function auditIfChangedStatement(db: Db, entry: AuditEntry): D1PreparedStatement {
  return rawStatement(
    db,
    sql`INSERT INTO audit_log (id, actor_user_id, action, target_type, target_id, project_id, details, ip, created_at)
      SELECT ${newId()}, ${entry.actorUserId}, ${entry.action}, ${entry.targetType}, ${entry.targetId ?? null}, ${entry.projectId ?? null}, ${entry.details ? JSON.stringify(entry.details) : null}, ${entry.ip ?? null}, ${Date.now()}
      WHERE changes() = 1`,
  );
}
