import { mediaIdsOf, type CreativeDocument } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import type { CreativeCreateInput, CreativeDetail, CreativeSummary } from '#common/schemas/creatives.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { mediaFileUrl, mediaThumbnailUrl } from '#common/media-urls.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { hasRows, type Read } from '#worker/lib/reads.ts';
import { thumbnailsIn } from '#worker/features/media/service.ts';
import { firstRowForMember } from '#worker/features/projects/scope/service.ts';
import { checkMedia, documentOf, hashOf, headlineName, type Actor, type Membership } from '#worker/features/creatives/core/document-rules.ts';
import * as repo from '#worker/features/creatives/core/repo.ts';

/**
 * Creatives (PRODUCT.md §4.3): created, read with their pictures' URLs, listed, deleted.
 * Their edits and revisions are revisions.ts, their creations creations.ts.
 */

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

export async function deleteCreative(db: Db, row: repo.CreativeRow, actor: Actor): Promise<void> {
  await rawBatch(db, [
    repo.softDeleteCreative(db, row.id, new Date()),
    auditStatement(db, { actorUserId: actor.id, action: 'creative.delete', targetType: 'creative', targetId: row.id, projectId: row.projectId }),
  ]);
}

export async function isLiveCreative(db: Db, id: string): Promise<boolean> {
  return (await repo.findLiveCreative(db, id)) !== undefined;
}

/** A live creative with the user's membership of its project (the access rule `{ creative: role }`): one batch. */
export function creativeForMember(db: Db, id: string, userId: string) {
  return firstRowForMember(db, repo.liveCreativeQuery(db, id), repo.projectOfCreative(id), userId);
}

/** Whether the user's projects hold a creative. */
export function anyCreativeRead(db: Db, userId: string): Read<boolean> {
  return hasRows(() => repo.anyCreativeQuery(db, userId));
}
