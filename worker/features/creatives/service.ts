import { and, eq, isNull, sql } from 'drizzle-orm';
import { canonicalJson, mediaIdsOf, parseCreative, withoutMedia, STATUS_LABELS, STATUS_TRANSITIONS, type CreativeDocument } from '#common/creative/document.ts';
import { buildTemplate, copyOf, headlineOf, pictureOf, TEMPLATES, templateById } from '#common/creative/templates.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import type { CreationItem, CreativeCreateInput, CreativeDetail, CreativeSummary, CreativeUpdateInput, RevisionItem } from '#common/schemas/creatives.ts';
import type { BrandKit, ProjectRole } from '#common/schemas/projects.ts';
import { rawBatch, rawStatement, type Db } from '#worker/db/client.ts';
import { creations, creativeRevisions, creatives, type projects } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { auditIfChangedStatement, auditStatement } from '#worker/lib/audit.ts';
import { sha256Hex } from '#worker/lib/crypto.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { headlineVariants } from '#worker/features/ai/copy.ts';
import { refund, spend } from '#worker/features/credits/service.ts';
import { mediaFileUrl, mediaThumbnailUrl } from '#common/media-urls.ts';
import { CANNOT_DRAW, renderer, tooManyPixels, undrawable } from '#worker/features/creatives/images.ts';
import * as repo from '#worker/features/creatives/repo.ts';

type Project = typeof projects.$inferSelect;
type Membership = { project: Project; role: ProjectRole };
type Actor = { id: string; name: string };

/** Originals above this size are drawn from their thumbnail (satori embeds images as data URLs). */
const RENDER_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export const creationFileUrl = (id: string) => `/api/creations/${id}/file`;

export function documentOf(row: repo.CreativeRow): CreativeDocument {
  return parseCreative(row.document);
}

async function hashOf(doc: CreativeDocument): Promise<string> {
  return sha256Hex(canonicalJson(doc));
}

/** Every media object a document refers to must be a live object of the project. */
async function checkMedia(db: Db, projectId: string, doc: CreativeDocument): Promise<void> {
  const ids = mediaIdsOf(doc);
  if (ids.length === 0) return;
  const found = new Set((await repo.projectMediaIn(db, projectId, ids)).map((m) => m.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0)
    throw new AppError('validation_failed', 'Pick images from this project’s media library.', { document: ['Pick images from this project’s media library.'] });
}

function summary(
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

function nameFor(templateId: string, format: string, headline: string): string {
  const base = headline.trim() || templateById(templateId)?.name || 'Creative';
  const short = base.length > 60 ? `${base.slice(0, 57).trimEnd()}…` : base;
  return `${short} (${format})`;
}

/** Statements that store a new creative with its first revision. */
async function insertCreativeStatements(db: Db, values: { projectId: string; actor: Actor; name: string; doc: CreativeDocument }) {
  const id = newId();
  const revisionId = newId();
  const hash = await hashOf(values.doc);
  const now = new Date();
  return {
    id,
    statements: [
      db.insert(creatives).values({
        id,
        projectId: values.projectId,
        createdBy: values.actor.id,
        name: values.name,
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
      db
        .insert(creativeRevisions)
        .values({ id: revisionId, creativeId: id, number: 1, document: values.doc, hash, createdBy: values.actor.id, reason: 'created', createdAt: now }),
    ],
  };
}

export async function createCreative(db: Db, membership: Membership, actor: Actor, input: CreativeCreateInput): Promise<CreativeDetail> {
  const brand = membership.project.brandKit;
  const doc = input.document ?? buildTemplate(input.template, { brand, format: input.format });
  await checkMedia(db, membership.project.id, doc);
  const name = input.name ?? nameFor(doc.template, doc.format, headlineOf(doc));
  const { id, statements } = await insertCreativeStatements(db, { projectId: membership.project.id, actor, name, doc });
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
  const row = await repo.findCreativeForMember(db, id, actor.id);
  if (!row) throw new AppError('internal');
  return detail(db, row.creative, membership);
}

/** media id → URL for the client: thumbnails for lists, the full files for the editor. */
async function imageUrls(db: Db, docs: CreativeDocument[], variant: 'thumbnail' | 'file'): Promise<Map<string, string>> {
  const ids = [...new Set(docs.flatMap(mediaIdsOf))];
  const rows = await repo.mediaIn(db, ids);
  return new Map(rows.map((m) => [m.id, variant === 'thumbnail' && m.thumbnailKey ? mediaThumbnailUrl(m.id, m.thumbnailKey) : mediaFileUrl(m.id)]));
}

function imagesFor(doc: CreativeDocument, urls: Map<string, string>): Record<string, string> {
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
  const set: Partial<typeof creatives.$inferInsert> = {};
  const statements = [];
  if (input.name !== undefined && input.name !== row.name) set.name = input.name;
  if (input.status !== undefined && input.status !== row.status) {
    if (!STATUS_TRANSITIONS[row.status].includes(input.status)) {
      throw new AppError(
        'conflict',
        `A creative that is ${STATUS_LABELS[row.status].toLowerCase()} cannot become ${STATUS_LABELS[input.status].toLowerCase()}.`,
      );
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
      // An approved (or rejected) creative that changes needs a new review: it is a draft again.
      if (input.status === undefined && (row.status === 'approved' || row.status === 'rejected')) set.status = 'draft';
    }
  }
  if (Object.keys(set).length === 0) return detail(db, row, membership);
  const now = new Date();
  // Conditional on the revision the row was read at: two saves at once cannot both win.
  const update = db
    .update(creatives)
    .set({ ...set, updatedAt: now })
    .where(and(eq(creatives.id, row.id), eq(creatives.revisionNumber, row.revisionNumber), eq(creatives.status, row.status)));
  const results = await rawBatch(db, [
    update,
    ...statements,
    ...(revision
      ? [
          rawStatement(
            db,
            sql`INSERT INTO creative_revisions (id, creative_id, number, document, hash, created_by, reason, created_at)
              SELECT ${revision.id}, ${row.id}, ${revision.number}, ${JSON.stringify(revision.doc)}, ${revision.hash}, ${actor.id}, ${reason}, ${now.getTime()}
              FROM creatives WHERE id = ${row.id} AND revision_id = ${revision.id}`,
          ),
        ]
      : []),
  ]);
  if (results[0]?.meta.changes === 0)
    throw new AppError('conflict', 'Someone changed this creative at the same moment. Reload to see their change; yours was not saved.');
  const fresh = await repo.findCreativeForMember(db, row.id, actor.id);
  if (!fresh) throw new AppError('not_found');
  return detail(db, fresh.creative, membership);
}

export async function restoreRevision(db: Db, row: repo.CreativeRow, membership: Membership, actor: Actor, revisionId: string): Promise<CreativeDetail> {
  const revision = await repo.findRevision(db, row.id, revisionId);
  if (!revision) throw new AppError('not_found', 'That revision does not exist.');
  if (revision.hash === row.revisionHash) return detail(db, row, membership);
  // A picture deleted since that revision leaves an empty frame rather than blocking the restore.
  const doc = parseCreative(revision.document);
  const live = new Set((await repo.projectMediaIn(db, row.projectId, mediaIdsOf(doc))).map((m) => m.id));
  return updateCreative(db, row, membership, actor, { document: withoutMedia(doc, (id) => !live.has(id)), baseRevision: row.revisionNumber }, 'restored');
}

export async function deleteCreative(db: Db, row: repo.CreativeRow, actor: Actor): Promise<void> {
  await rawBatch(db, [
    db.update(creatives).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(creatives.id, row.id)),
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

/** Originals loaded for one render at most (the rest from their thumbnails). */
const RENDER_TOTAL_MAX_BYTES = 32 * 1024 * 1024;
/** Stands for a picture that exists but cannot be drawn; `undrawable` reports it. */
const UNDRAWABLE = 'undrawable:';

/**
 * Loads the images a document needs from R2 as drawable data URLs (only the project's own
 * media). Videos, very large files and pictures of many pixels are drawn from their
 * thumbnail; one without a thumbnail cannot be drawn (the render is refused before it is
 * charged, rather than drawn with a hole).
 */
async function loadImages(db: Db, bucket: R2Bucket, projectId: string, doc: CreativeDocument): Promise<Record<string, string>> {
  const rows = await repo.projectMediaIn(db, projectId, mediaIdsOf(doc));
  if (rows.length === 0) return {};
  const { drawableDataUrl } = await renderer();
  let budget = RENDER_TOTAL_MAX_BYTES;
  const plan = rows.map((m) => {
    const large = m.kind === 'video' || m.size > RENDER_IMAGE_MAX_BYTES || tooManyPixels(m.width ?? 0, m.height ?? 0, m.mime) || m.size > budget;
    if (!large) budget -= m.size;
    return { m, key: large ? m.thumbnailKey : m.r2Key, thumbnail: large };
  });
  const entries = await Promise.all(
    plan.map(async ({ m, key, thumbnail }) => {
      const object = key ? await bucket.get(key) : null;
      if (!object) return [m.id, UNDRAWABLE] as const;
      const bytes = new Uint8Array(await object.arrayBuffer());
      const mime = thumbnail ? (object.httpMetadata?.contentType ?? 'image/webp') : m.mime;
      return [m.id, await drawableDataUrl(bytes, mime)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

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
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Renders the current revision into a creation (PRODUCT.md §4.3): 1 credit, refunded
 * when rendering fails; the same revision again returns its creation for free. Two
 * renders of one revision at once: both are charged first, the loser is refunded and
 * answers with the winner's creation.
 */
export async function renderCreative(
  env: Pick<Bindings, 'ASSETS' | 'MEDIA'>,
  db: Db,
  row: repo.CreativeRow,
  membership: Membership,
  actor: Actor,
): Promise<{ creation: CreationItem; created: boolean }> {
  const item = (creation: repo.CreationRow) => toCreationItem(creation, { projectName: membership.project.name, role: membership.role, creativeLive: true });
  const existing = await repo.findLiveCreationOfRevision(db, row.revisionId);
  if (existing) return { creation: item(existing), created: false };
  // Loaded before the charge: a picture that can never be drawn is refused, not charged and refunded.
  const doc = documentOf(row);
  const images = await loadImages(db, env.MEDIA, row.projectId, doc);
  if (undrawable(images).length > 0) throw new AppError('validation_failed', CANNOT_DRAW, { document: [CANNOT_DRAW] });
  // The key names the revision and the creation this attempt will make: the job that refunds
  // interrupted renders looks for exactly that creation.
  const id = newId();
  const operationKey = `render:${row.revisionId}:${id}`;
  await spend(db, { userId: actor.id, amount: CREDIT_COSTS.render, operationKey, description: `Render “${row.name}”`, reference: row.id });
  const key = `creations/${row.projectId}/${id}.png`;
  let stored = false;
  try {
    const { png, width, height } = await (await renderer()).renderPng(env.ASSETS, { doc, images });
    await env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    stored = true;
    const [inserted] = await db
      .insert(creations)
      .values({
        id,
        projectId: row.projectId,
        creativeId: row.id,
        revisionId: row.revisionId,
        revisionNumber: row.revisionNumber,
        createdBy: actor.id,
        name: row.name,
        format: doc.format,
        width,
        height,
        size: png.byteLength,
        r2Key: key,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { creation: item(inserted), created: true };
    // Another render of this revision won the race: hand back its creation and this credit.
    const winner = await repo.findLiveCreationOfRevision(db, row.revisionId);
    await env.MEDIA.delete(key);
    await refund(db, operationKey, `Render “${row.name}”: already rendered, refunded`);
    if (!winner) throw new AppError('conflict', 'This creative changed while it rendered. Try again.');
    return { creation: item(winner), created: false };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (stored) await env.MEDIA.delete(key).catch(() => undefined);
    await refund(db, operationKey, `Render “${row.name}” failed: refunded`);
    console.error(
      JSON.stringify({ level: 'error', message: 'render_failed', creativeId: row.id, error: error instanceof Error ? error.message : String(error) }),
    );
    throw new AppError('internal', 'The render failed and your credit was refunded. Please try again.');
  }
}

/**
 * N new draft creatives from one (PRODUCT.md §4.3): other templates, shifted brand
 * palettes and headline variants; N credits in one spend and one batch of inserts, so
 * that it is all or nothing.
 */
export async function generateVariations(
  env: Pick<Bindings, 'AI'>,
  db: Db,
  row: repo.CreativeRow,
  membership: Membership,
  actor: Actor,
  count: number,
): Promise<CreativeSummary[]> {
  const doc = documentOf(row);
  const brand: BrandKit = membership.project.brandKit;
  const operationKey = `variations:${row.id}:${newId(8)}`;
  await spend(db, {
    userId: actor.id,
    amount: CREDIT_COSTS.variation * count,
    operationKey,
    description: `${count} variation${count === 1 ? '' : 's'} of “${row.name}”`,
    reference: row.id,
  });
  try {
    const copy = copyOf(doc);
    const { lines } = await headlineVariants(env.AI, { headline: headlineOf(doc), tone: brand.tone, count });
    const others = TEMPLATES.filter((t) => t.id !== doc.template);
    const picture = pictureOf(doc);
    const created: string[] = [];
    const statements = [];
    for (let i = 0; i < count; i += 1) {
      const template = others[i % others.length]!;
      const headline = lines[i] ?? copy.headline;
      const variant = buildTemplate(template.id, { brand, format: doc.format, copy: { ...copy, headline }, palette: i + 1, imageMediaId: picture });
      const name = `${row.name.replace(/ — variation \d+$/, '')} — variation ${i + 1}`.slice(0, 80);
      const insert = await insertCreativeStatements(db, { projectId: row.projectId, actor, name, doc: variant });
      statements.push(...insert.statements);
      created.push(insert.id);
    }
    statements.push(
      auditStatement(db, {
        actorUserId: actor.id,
        action: 'creative.variations',
        targetType: 'creative',
        targetId: row.id,
        projectId: row.projectId,
        details: { count },
      }),
    );
    await rawBatch(db, statements);
    return await summariesOf(db, membership, created);
  } catch (error) {
    await refund(db, operationKey, `Variations of “${row.name}” failed: refunded`);
    throw error;
  }
}

/** New creatives of one project, in the order of `ids` (one query). */
async function summariesOf(db: Db, membership: Membership, ids: string[]): Promise<CreativeSummary[]> {
  const found = new Map((await repo.creativesIn(db, membership.project.id, ids)).map((row) => [row.id, row]));
  const rows = ids.map((id) => found.get(id)).filter((row) => row !== undefined);
  const docs = rows.map(documentOf);
  const urls = await imageUrls(db, docs, 'thumbnail');
  return rows.map((row, i) =>
    summary(row, { projectName: membership.project.name, role: membership.role, images: imagesFor(docs[i]!, urls), lastCreationId: null }),
  );
}

export async function listCreations(db: Db, userId: string, filters: repo.CreationFilters, limit: number, cursor?: string) {
  const rows = await repo.listCreations(db, userId, filters, limit, decodeCursor(cursor));
  const page = toPage(rows, limit, (row) => encodeCursor(row.creation.createdAt, row.creation.id));
  return {
    items: page.items.map((row) => toCreationItem(row.creation, { projectName: row.projectName, role: row.role, creativeLive: row.creativeLive > 0 })),
    nextCursor: page.nextCursor,
  };
}

export async function deleteCreation(db: Db, row: repo.CreationRow, actor: Actor): Promise<void> {
  await rawBatch(db, [
    db.update(creations).set({ deletedAt: new Date() }).where(eq(creations.id, row.id)),
    auditStatement(db, { actorUserId: actor.id, action: 'creation.delete', targetType: 'creation', targetId: row.id, projectId: row.projectId }),
  ]);
}

export async function isLiveCreative(db: Db, id: string): Promise<boolean> {
  const row = await db
    .select({ id: creatives.id })
    .from(creatives)
    .where(and(eq(creatives.id, id), isNull(creatives.deletedAt)))
    .get();
  return row !== undefined;
}

/**
 * Refunds renders whose worker was stopped between the charge and the creation (memory or
 * CPU limits, a deploy): a render spend older than 10 minutes with neither a refund nor the
 * creation its operation key names. Spends older than a day are left alone (their creation may
 * have been deleted and purged since). Runs with the scheduled jobs.
 */
export async function refundAbandonedRenders(db: Db, now = new Date()): Promise<number> {
  const rows = await repo.abandonedRenderSpends(db, new Date(now.getTime() - 24 * 60 * 60 * 1000), new Date(now.getTime() - 10 * 60 * 1000), 100);
  for (const row of rows) await refund(db, row.operationKey, 'Render interrupted: refunded');
  return rows.length;
}

/** A live creative with the user's membership of its project (the access rule `{ creative: role }`). */
export async function creativeForMember(db: Db, id: string, userId: string) {
  const row = await repo.findCreativeForMember(db, id, userId);
  return row && { project: row.project, role: row.role, resource: row.creative };
}

/** A live creation with the user's membership of its project (the access rule `{ creation: role }`). */
export async function creationForMember(db: Db, id: string, userId: string) {
  const row = await repo.findCreationForMember(db, id, userId);
  return row && { project: row.project, role: row.role, resource: row.creation };
}
