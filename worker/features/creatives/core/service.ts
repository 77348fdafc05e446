import {
  canonicalJson,
  mediaIdsOf,
  parseCreative,
  withoutMedia,
  STATUS_TRANSITIONS,
  type CreativeDocument,
  type CreativeStatus,
} from '#common/creative/document.ts';
import { nameFromHeadline } from '#common/creative/naming.ts';
import { buildTemplate, headlineOf, templateById } from '#common/creative/templates.ts';
import type { CreationItem, CreativeCreateInput, CreativeDetail, CreativeSummary, CreativeUpdateInput, RevisionItem } from '#common/schemas/creatives.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { creationThumbnailUrl } from '#common/schemas/variations.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { projects } from '#worker/db/schema.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { hmacSign, hmacVerify, sha256Hex } from '#worker/lib/crypto.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { hasRows, read, run, type Read } from '#worker/lib/reads.ts';
import { mediaFileUrl, mediaThumbnailUrl } from '#common/media-urls.ts';
import { checkBrandFonts } from '#worker/features/creatives/fonts/service.ts';
import { liveMediaIn, thumbnailsIn } from '#worker/features/media/service.ts';
import { firstRowForMember } from '#worker/features/projects/scope/service.ts';
import * as repo from '#worker/features/creatives/core/repo.ts';

/** A status inside a sentence (the validation area says the sentence in German with each of these: decision 0032). */
const STATUS_WORDS: Record<CreativeStatus, string> = {
  draft: 'draft',
  in_review: 'in review',
  approved: 'approved',
  rejected: 'rejected',
  archived: 'archived',
};

/**
 * Creatives as documents (PRODUCT.md §4.3): create, list, edit with revisions, restore,
 * delete; and the creations they were rendered into, listed and deleted. Rendering is in
 * render/service.ts, variations in variations/service.ts, linked formats in formats/service.ts:
 * they reach the creatives, revisions and creations tables through this module.
 */
type Project = typeof projects.$inferSelect;
export type { CreationFilters, CreationRow, CreativeRow } from '#worker/features/creatives/core/repo.ts';
export type Membership = { project: Project; role: ProjectRole };
export type Actor = { id: string; name: string };

export function documentOf(row: repo.CreativeRow): CreativeDocument {
  return parseCreative(row.document);
}

async function hashOf(doc: CreativeDocument): Promise<string> {
  return sha256Hex(canonicalJson(doc));
}

/** Every media object a document refers to must be a live object of the project, every uploaded font one of the project's. */
async function checkMedia(db: Db, projectId: string, doc: CreativeDocument): Promise<void> {
  await checkBrandFonts(db, projectId, doc);
  const ids = mediaIdsOf(doc);
  if (ids.length === 0) return;
  const found = new Set((await liveMediaIn(db, projectId, ids)).map((m) => m.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('validation_failed', 'Pick images from this project’s media library.', { document: ['Pick images from this project’s media library.'] });
}

export function summary(
  row: repo.CreativeRow,
  extra: { projectName: string; role: ProjectRole; images: Record<string, string>; lastCreationId: string | null },
): CreativeSummary {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: extra.projectName,
    role: extra.role,
    name: row.name,
    status: row.status,
    format: row.format,
    template: row.template,
    revision: { id: row.revisionId, number: row.revisionNumber },
    document: documentOf(row),
    images: extra.images,
    lastCreationId: extra.lastCreationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The name a document's headline gives (issue 27): its template's name when the headline says nothing. */
function headlineName(doc: CreativeDocument): string {
  return nameFromHeadline(headlineOf(doc), templateById(doc.template)?.name ?? 'Creative');
}

/**
 * Statements that store a new creative with its first revision (under `id` when given: variations
 * derive theirs from their batch). Without a `name`, it is named after its headline and follows it.
 */
export async function insertCreativeStatements(
  db: Db,
  values: { projectId: string; actor: Actor; name?: string | undefined; doc: CreativeDocument; id?: string; variationOf?: string },
) {
  const id = values.id ?? newId();
  const revisionId = newId();
  const hash = await hashOf(values.doc);
  const now = new Date();
  return {
    id,
    statements: [
      repo.insertCreative(db, {
        id,
        projectId: values.projectId,
        createdBy: values.actor.id,
        name: values.name ?? headlineName(values.doc),
        nameFromHeadline: values.name === undefined,
        variationOf: values.variationOf ?? null,
        status: 'draft',
        format: values.doc.format,
        template: values.doc.template,
        document: values.doc,
        revisionId,
        revisionNumber: 1,
        revisionHash: hash,
        createdAt: now,
        updatedAt: now,
      }),
      repo.insertRevision(db, {
        id: revisionId,
        creativeId: id,
        number: 1,
        document: values.doc,
        hash,
        createdBy: values.actor.id,
        reason: 'created',
        createdAt: now,
      }),
    ],
  };
}

export async function createCreative(db: Db, membership: Membership, actor: Actor, input: CreativeCreateInput): Promise<CreativeDetail> {
  const brand = membership.project.brandKit;
  const doc = input.document ?? buildTemplate(input.template, { brand, format: input.format, locale: membership.project.locale });
  await checkMedia(db, membership.project.id, doc);
  const { id, statements } = await insertCreativeStatements(db, { projectId: membership.project.id, actor, name: input.name, doc });
  await rawBatch(db, [
    ...statements,
    auditStatement(db, {
      actorUserId: actor.id,
      action: 'creative.create',
      targetType: 'creative',
      targetId: id,
      projectId: membership.project.id,
      details: { template: doc.template },
    }),
  ]);
  const row = await creativeForMember(db, id, actor.id);
  if (!row) throw new AppError('internal');
  return detail(db, row.resource, membership);
}

/** media id → URL for the client: thumbnails for lists, the full files for the editor. */
export async function imageUrls(db: Db, docs: CreativeDocument[], variant: 'thumbnail' | 'file'): Promise<Map<string, string>> {
  const ids = [...new Set(docs.flatMap(mediaIdsOf))];
  const rows = await thumbnailsIn(db, ids);
  return new Map(rows.map((m) => [m.id, variant === 'thumbnail' && m.thumbnailKey ? mediaThumbnailUrl(m.id, m.thumbnailKey) : mediaFileUrl(m.id)]));
}

export function imagesFor(doc: CreativeDocument, urls: Map<string, string>): Record<string, string> {
  const images: Record<string, string> = {};
  for (const id of mediaIdsOf(doc)) {
    const url = urls.get(id);
    if (url) images[id] = url;
  }
  return images;
}

export async function detail(db: Db, row: repo.CreativeRow, membership: Membership): Promise<CreativeDetail> {
  const doc = documentOf(row);
  const [urls, current, last] = await Promise.all([
    imageUrls(db, [doc], 'file'),
    repo.findLiveCreationOfRevision(db, row.revisionId),
    repo.lastCreationOf(db, row.id),
  ]);
  return {
    ...summary(row, {
      projectName: membership.project.name,
      role: membership.role,
      images: imagesFor(doc, urls),
      lastCreationId: current?.id ?? last?.id ?? null,
    }),
    brandKit: membership.project.brandKit,
    projectArchived: membership.project.archivedAt !== null,
    currentCreationId: current?.id ?? null,
  };
}

export async function listCreatives(db: Db, userId: string, filters: repo.CreativeFilters, limit: number, cursor?: string) {
  const rows = await repo.listCreatives(db, userId, filters, limit, decodeCursor(cursor));
  const page = toPage(rows, limit, (row) => encodeCursor(row.creative.updatedAt, row.creative.id));
  const docs = page.items.map((row) => documentOf(row.creative));
  const urls = await imageUrls(db, docs, 'thumbnail');
  return {
    items: page.items.map((row, i) =>
      summary(row.creative, { projectName: row.projectName, role: row.role, images: imagesFor(docs[i]!, urls), lastCreationId: row.lastCreationId }),
    ),
    nextCursor: page.nextCursor,
  };
}

/** A page of one project's live creatives, newest change first (the public API's list: a key stands for its project). */
export async function projectCreativesPage(db: Db, projectId: string, limit: number, cursor?: string) {
  const rows = await repo.projectCreativesPage(db, projectId, limit, decodeCursor(cursor));
  return toPage(rows, limit, (row) => encodeCursor(row.updatedAt, row.id));
}

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

export async function deleteCreative(db: Db, row: repo.CreativeRow, actor: Actor): Promise<void> {
  await rawBatch(db, [
    repo.softDeleteCreative(db, row.id, new Date()),
    auditStatement(db, { actorUserId: actor.id, action: 'creative.delete', targetType: 'creative', targetId: row.id, projectId: row.projectId }),
  ]);
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

export async function isLiveCreative(db: Db, id: string): Promise<boolean> {
  return (await repo.findLiveCreative(db, id)) !== undefined;
}

/* ---------- creations ---------- */

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

/** Creatives deleted before `before` go for good, with their revisions (the purge job). */
export async function purgeDeletedCreatives(db: Db, before: Date): Promise<void> {
  await repo.purgeDeletedCreatives(db, before);
}

/** A live creative with the user's membership of its project (the access rule `{ creative: role }`): one batch. */
export function creativeForMember(db: Db, id: string, userId: string) {
  return firstRowForMember(db, repo.liveCreativeQuery(db, id), repo.projectOfCreative(id), userId);
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

/*
 * ---------- for the sibling sub-features ----------
 * Render, variations and formats store and read creatives and creations through these (this
 * sub-feature writes them); batch statements are handed back unrun, for the caller's batch.
 */

/** The live media objects of a project among `ids`, with what the renderer needs (media's, for render and formats). */
export function projectMediaIn(db: Db, projectId: string, ids: readonly string[]) {
  return liveMediaIn(db, projectId, ids);
}

/** One field of a creation, and whether it is live, inside another feature's statement (an ad's pictures). */
export { creationField, isLiveCreation } from '#worker/features/creatives/core/repo.ts';

/** The live creations of a project among `ids` (the pictures an ad may show). */
export function liveCreationsIn(db: Db, projectId: string, ids: readonly string[]) {
  return repo.liveCreationsIn(db, projectId, ids);
}

/** The creations of a project among `ids`, live or not, with their deletion (a scheduled post's pictures). */
export function creationsIn(db: Db, projectId: string, ids: readonly string[]) {
  return repo.creationsIn(db, projectId, ids);
}

/** A project's live creations (those among `ids` when given), newest first, at most `limit`, with their creative's status (a presentation's). */
export function projectCreations(db: Db, projectId: string, ids: readonly string[] | null, limit = 60) {
  return repo.projectCreations(db, projectId, ids, limit);
}

/** The file of a live creation of the project, if there is one. */
export async function creationFile(db: Db, projectId: string, id: string): Promise<string | undefined> {
  return (await repo.creationFile(db, projectId, id))?.r2Key;
}

/** The live creatives of a project among `ids`. */
export function creativesIn(db: Db, projectId: string, ids: readonly string[]) {
  return repo.creativesIn(db, projectId, ids);
}

/** The insert of a revision, written only if the creative now points at it (a copy that lost its race leaves none behind). */
export function insertRevisionIfCurrent(db: Db, revision: Parameters<typeof repo.insertRevisionIfCurrent>[1]) {
  return repo.insertRevisionIfCurrent(db, revision);
}

/**
 * The numbers of `count` new variations of `row` and the creative they are numbered on: a
 * variation's own variations count on with its source's (no two "variation 2" of one design),
 * or on the variation itself once the source is gone for good.
 */
export async function reserveVariationNumbers(db: Db, row: repo.CreativeRow, count: number): Promise<{ first: number; of: string }> {
  for (const of of row.variationOf ? [row.variationOf, row.id] : [row.id]) {
    const reserved = await repo.reserveVariationNumbers(db, of, count);
    if (reserved) return { first: reserved.last - count + 1, of };
  }
  throw new AppError('not_found');
}

/** The live creation of a revision, if it was rendered. */
export function findLiveCreationOfRevision(db: Db, revisionId: string) {
  return repo.findLiveCreationOfRevision(db, revisionId);
}

/** A render's creation; none when a live creation of the revision exists already (the partial unique index). */
export function insertCreationUnlessRendered(db: Db, values: repo.CreationInsert) {
  return repo.insertCreationUnlessRendered(db, values);
}

/** Creations whose own deletion, or their project's, is older than `before`, and their removal (the purge job). */
export function purgeableCreations(db: Db, before: Date, limit: number) {
  return repo.purgeableCreations(db, before, limit);
}

export function deleteCreationRows(db: Db, ids: string[]) {
  return repo.deleteCreationRows(db, ids);
}

/** The admin's support view of a project: its newest creatives and creations (queries for one batch) and their counts (subqueries). */
export { creativeUsage, newestCreationsQuery, newestCreativesQuery } from '#worker/features/creatives/core/repo.ts';

/** Whether the user's projects hold a creative. */
export function anyCreativeRead(db: Db, userId: string): Read<boolean> {
  return hasRows(() => repo.anyCreativeQuery(db, userId));
}

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
