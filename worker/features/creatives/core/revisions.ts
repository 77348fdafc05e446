import { mediaIdsOf, parseCreative, withoutMedia, STATUS_TRANSITIONS, type CreativeDocument, type CreativeStatus } from '#common/creative/document.ts';
import type { CreativeDetail, CreativeUpdateInput, RevisionItem } from '#common/schemas/creatives.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditIfChangedStatement } from '#worker/lib/audit.ts';
import { toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { liveMediaIn } from '#worker/features/media/service.ts';
import { creativeForMember, detail } from '#worker/features/creatives/core/creatives.ts';
import { checkMedia, hashOf, headlineName, type Actor, type Membership } from '#worker/features/creatives/core/document-rules.ts';
import * as repo from '#worker/features/creatives/core/repo.ts';

/**
 * A creative's edits: each change of its document a new revision (conditional on the one it was
 * read at), its status moved along STATUS_TRANSITIONS, an older revision restored, the history listed.
 */

/** A status inside a sentence (the validation area says the sentence in German with each of these: decision 0032). */
const STATUS_WORDS: Record<CreativeStatus, string> = {
  draft: 'draft',
  in_review: 'in review',
  approved: 'approved',
  rejected: 'rejected',
  archived: 'archived',
};

export async function updateCreative(
  db: Db,
  row: repo.CreativeRow,
  membership: Membership,
  actor: Actor,
  input: CreativeUpdateInput,
  reason: 'edited' | 'restored' = 'edited',
): Promise<CreativeDetail> {
  if (input.baseRevision !== undefined && input.baseRevision !== row.revisionNumber) {
    throw new AppError('conflict', 'Someone saved a newer version of this creative. Reload to see it; your change was not saved.', {
      _: [`revision:${row.revisionNumber}`],
    });
  }
  const set: Partial<repo.CreativeInsert> = {};
  const statements = [];
  // Naming it is an explicit rename: from then on the name no longer follows the headline.
  if (input.name !== undefined) {
    if (input.name !== row.name) set.name = input.name;
    if (row.nameFromHeadline) set.nameFromHeadline = false;
  }
  if (input.status !== undefined && input.status !== row.status) {
    if (!STATUS_TRANSITIONS[row.status].includes(input.status)) {
      throw new AppError('conflict', `A creative that is ${STATUS_WORDS[row.status]} cannot become ${STATUS_WORDS[input.status]}.`);
    }
    set.status = input.status;
    statements.push(
      auditIfChangedStatement(db, {
        actorUserId: actor.id,
        action: 'creative.status',
        targetType: 'creative',
        targetId: row.id,
        projectId: row.projectId,
        details: { from: row.status, to: input.status },
      }),
    );
  }
  let revision: { id: string; number: number; hash: string; doc: CreativeDocument } | undefined;
  if (input.document) {
    const hash = await hashOf(input.document);
    if (hash !== row.revisionHash) {
      await checkMedia(db, row.projectId, input.document);
      revision = { id: newId(), number: row.revisionNumber + 1, hash, doc: input.document };
      Object.assign(set, {
        document: input.document,
        format: input.document.format,
        template: input.document.template,
        revisionId: revision.id,
        revisionNumber: revision.number,
        revisionHash: hash,
      });
      // A linked copy whose format changes is no longer that format's copy: it leaves its group
      // (which can make the format again with Resize), so a group never holds one format twice.
      // It starts a group of its own under a fresh id: the old one may be its own id (a group's head).
      if (row.linkGroup !== null && input.document.format !== row.format) set.linkGroup = newId();
      if (input.name === undefined && row.nameFromHeadline) {
        const name = headlineName(input.document);
        if (name !== row.name) set.name = name;
      }
      // An approved (or rejected) creative that changes needs a new review: it is a draft again.
      if (input.status === undefined && (row.status === 'approved' || row.status === 'rejected')) set.status = 'draft';
    }
  }
  if (Object.keys(set).length === 0) return detail(db, row, membership);
  const now = new Date();
  // Conditional on the revision the row was read at: two saves at once cannot both win.
  const results = await rawBatch(db, [
    repo.updateCreativeIfUnchanged(db, row, { ...set, updatedAt: now }),
    ...statements,
    ...(revision
      ? [
          repo.insertRevisionIfCurrent(db, {
            id: revision.id,
            creativeId: row.id,
            number: revision.number,
            document: revision.doc,
            hash: revision.hash,
            createdBy: actor.id,
            reason,
            createdAt: now,
          }),
        ]
      : []),
  ]);
  if (results[0]?.meta.changes === 0)
    throw new AppError('conflict', 'Someone changed this creative at the same moment. Reload to see their change; yours was not saved.');
  const fresh = await creativeForMember(db, row.id, actor.id);
  if (!fresh) throw new AppError('not_found');
  return detail(db, fresh.resource, membership);
}

export async function restoreRevision(db: Db, row: repo.CreativeRow, membership: Membership, actor: Actor, revisionId: string): Promise<CreativeDetail> {
  const revision = await repo.findRevision(db, row.id, revisionId);
  if (!revision) throw new AppError('not_found', 'That version does not exist.');
  if (revision.hash === row.revisionHash) return detail(db, row, membership);
  // A picture deleted since that revision leaves an empty frame rather than blocking the restore.
  const doc = parseCreative(revision.document);
  const live = new Set((await liveMediaIn(db, row.projectId, mediaIdsOf(doc))).map((m) => m.id));
  return updateCreative(db, row, membership, actor, { document: withoutMedia(doc, (id) => !live.has(id)), baseRevision: row.revisionNumber }, 'restored');
}

export async function listRevisions(
  db: Db,
  row: repo.CreativeRow,
  limit: number,
  cursor: string | undefined,
): Promise<{ items: RevisionItem[]; nextCursor: string | null }> {
  const before = cursor && /^\d{1,9}$/.test(cursor) ? Number(cursor) : undefined;
  const rows = await repo.listRevisions(db, row.id, limit, before);
  const page = toPage(rows, limit, (r) => String(r.number));
  return {
    items: page.items.map((r) => ({
      id: r.id,
      number: r.number,
      reason: r.reason,
      authorName: r.authorName,
      current: r.id === row.revisionId,
      document: parseCreative(r.document),
      createdAt: r.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
