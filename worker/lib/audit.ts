import type { Db } from '#worker/db/client.ts';
import { auditLog } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  targetType: string;
  targetId?: string | null;
  projectId?: string | null;
  details?: Record<string, unknown>;
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
  });
}
