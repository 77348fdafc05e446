import type { CreativeDocument } from '#common/creative/document.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { checkMedia, hashOf, headlineName, type Actor } from '#worker/features/creatives/core/document-rules.ts';
import * as repo from '#worker/features/creatives/core/repo.ts';

/**
 * The project's creative of this document (issue 31, decision 0044: an API render with
 * modifications): a live creative whose current document it is, else a new one, made by one
 * conditional insert so that concurrent identical requests make one. The media and fonts must
 * be the project's.
 */
export async function creativeOfDocument(db: Db, projectId: string, actor: Actor, doc: CreativeDocument): Promise<{ row: repo.CreativeRow; created: boolean }> {
  const hash = await hashOf(doc);
  const existing = await repo.liveCreativeWithHash(db, projectId, hash);
  if (existing) return { row: existing, created: false };
  await checkMedia(db, projectId, doc);
  const id = newId();
  const revisionId = newId();
  const now = new Date();
  const [creative, revision] = repo.insertCreativeUnlessSameStatements(
    db,
    {
      id,
      projectId,
      createdBy: actor.id,
      name: headlineName(doc),
      nameFromHeadline: true,
      format: doc.format,
      template: doc.template,
      document: doc,
      revisionId,
      revisionNumber: 1,
      revisionHash: hash,
      createdAt: now,
    },
    { id: revisionId, creativeId: id, number: 1, document: doc, hash, createdBy: actor.id, reason: 'created' },
  );
  await rawBatch(db, [
    creative!,
    auditIfChangedStatement(db, {
      actorUserId: actor.id,
      action: 'creative.create',
      targetType: 'creative',
      targetId: id,
      projectId,
      details: { template: doc.template, via: 'api' },
    }),
    revision!,
  ]);
  const row = await repo.liveCreativeWithHash(db, projectId, hash);
  if (!row) throw new AppError('conflict', 'This creative changed while it rendered. Try again.');
  return { row, created: row.id === id };
}
