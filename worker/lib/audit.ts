import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { operand, rawStatement, type Db, type Operand } from '#worker/db/client.ts';
import { keysetPage } from '#worker/db/keyset.ts';
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

export type AuditRow = typeof auditLog.$inferSelect;

/** Which entries the audit trail shows: `actorIs` lists what the actor's id may be (an id, or another feature's subquery of one). */
export interface AuditTrailFilters {
  actorIs?: Operand[] | undefined;
  action?: string | undefined;
  target?: string | undefined;
  projectId?: string | undefined;
}

/**
 * The audit trail, newest first (`limit` + 1 rows, for the next page's cursor), each entry with
 * the `labels` the caller builds from its columns (other features' fields, as their owners'
 * subqueries): one statement.
 */
export function auditTrail<L extends Record<string, SQL>>(
  db: Db,
  filters: AuditTrailFilters,
  limit: number,
  before: { time: number; id: string } | undefined,
  labels: (entry: typeof auditLog) => L,
) {
  const conditions: (SQL | undefined)[] = [];
  if (filters.actorIs?.length) conditions.push(or(...filters.actorIs.map((id) => sql`${auditLog.actorUserId} = ${operand(id)}`)));
  if (filters.action) conditions.push(sql`substr(${auditLog.action}, 1, ${filters.action.length}) = ${filters.action}`);
  if (filters.target) conditions.push(eq(auditLog.targetId, filters.target));
  if (filters.projectId) {
    conditions.push(or(eq(auditLog.projectId, filters.projectId), and(eq(auditLog.targetType, 'project'), eq(auditLog.targetId, filters.projectId))));
  }
  const query = db
    .select({ entry: auditLog, ...labels(auditLog) })
    .from(auditLog)
    .$dynamic();
  return keysetPage(query, { time: auditLog.createdAt, key: auditLog.id, conditions, before, limit }).all();
}
