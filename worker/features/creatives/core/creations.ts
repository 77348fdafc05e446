import type { CreationItem } from '#common/schemas/creatives.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { creationThumbnailUrl } from '#common/schemas/variations.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import { hmacSign, hmacVerify } from '#worker/lib/crypto.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { read, run, type Read } from '#worker/lib/reads.ts';
import { firstRowForMember } from '#worker/features/projects/scope/service.ts';
import { isLiveCreative } from '#worker/features/creatives/core/creatives.ts';
import type { Actor, Membership } from '#worker/features/creatives/core/document-rules.ts';
import * as repo from '#worker/features/creatives/core/repo.ts';

/** Creations, the pictures creatives were rendered into: listed, read, deleted, and handed out by signed URL. */

export const creationFileUrl = (id: string) => `/api/creations/${id}/file`;

export function toCreationItem(row: repo.CreationRow, extra: { projectName: string; role: ProjectRole; creativeLive: boolean }): CreationItem {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: extra.projectName,
    role: extra.role,
    creativeId: extra.creativeLive ? row.creativeId : null,
    revisionNumber: row.revisionNumber,
    name: row.name,
    format: row.format,
    width: row.width,
    height: row.height,
    size: row.size,
    url: creationFileUrl(row.id),
    downloadUrl: `${creationFileUrl(row.id)}?download=1`,
    thumbnailUrl: creationThumbnailUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/** One creation (`GET /api/creations/{id}`): its creative only while that is live. */
export async function creationDetail(db: Db, row: repo.CreationRow, membership: Membership): Promise<CreationItem> {
  const live = row.creativeId ? await isLiveCreative(db, row.creativeId) : false;
  return toCreationItem(row, { projectName: membership.project.name, role: membership.role, creativeLive: live });
}

/** The newest creations across the user's projects (`GET /api/creations`), as a read the dashboard batches with others. */
export function creationsRead(
  db: Db,
  userId: string,
  filters: repo.CreationFilters,
  limit: number,
  cursor?: string,
): Read<{ items: CreationItem[]; nextCursor: string | null }> {
  return read(
    () => repo.listCreations(db, userId, filters, limit, decodeCursor(cursor)),
    (rows) => {
      const page = toPage(rows, limit, (row) => encodeCursor(row.creation.createdAt, row.creation.id));
      return {
        items: page.items.map((row) => ({
          ...toCreationItem(row.creation, { projectName: row.projectName, role: row.role, creativeLive: row.creativeLive > 0 }),
          linkGroup: row.linkGroup,
        })),
        nextCursor: page.nextCursor,
      };
    },
  );
}

export async function listCreations(db: Db, userId: string, filters: repo.CreationFilters, limit: number, cursor?: string) {
  return run(db, creationsRead(db, userId, filters, limit, cursor));
}

export async function deleteCreation(db: Db, row: repo.CreationRow, actor: Actor): Promise<void> {
  await rawBatch(db, [
    repo.softDeleteCreation(db, row.id, new Date()),
    auditStatement(db, { actorUserId: actor.id, action: 'creation.delete', targetType: 'creation', targetId: row.id, projectId: row.projectId }),
  ]);
}

/** A live creation with the user's membership of its project (the access rule `{ creation: role }`): one batch. */
export function creationForMember(db: Db, id: string, userId: string) {
  return firstRowForMember(db, repo.liveCreationQuery(db, id), repo.projectOfCreation(id), userId);
}

/**
 * A signed, expiring URL of a creation's picture (no session needed): as a JPEG, what Instagram
 * fetches when a post is published; as the PNG, what the public API hands out. HMAC with SESSION_SECRET, like signed media URLs.
 */
export async function signedCreationUrl(
  env: { SESSION_SECRET: string },
  origin: string,
  creationId: string,
  expiresAt: Date,
  as: 'jpeg' | 'png' = 'jpeg',
): Promise<string> {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  const signature = await hmacSign(env.SESSION_SECRET, `creation:${creationId}:${expires}`);
  return `${origin}/api/creations/${encodeURIComponent(creationId)}/signed?expires=${expires}&sig=${signature}${as === 'png' ? '&as=png' : ''}`;
}

/** The live creation behind a valid, unexpired signed URL, else undefined. */
export async function signedCreation(db: Db, secret: string, id: string, expires: string | undefined, signature: string | undefined, now = Date.now()) {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || signature.length > 128) return undefined;
  if (Number(expires) * 1000 < now) return undefined;
  if (!(await hmacVerify(secret, `creation:${id}:${expires}`, signature))) return undefined;
  return repo.findLiveCreation(db, id);
}
