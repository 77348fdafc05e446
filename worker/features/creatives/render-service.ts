import { mediaIdsOf, type CreativeDocument } from '#common/creative/document.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { auditStatement } from '#worker/lib/audit.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { read, run, type Read } from '#worker/lib/reads.ts';
import { refund, spend } from '#worker/features/credits/service.ts';
import { documentOf, type Actor, type Membership } from '#worker/features/creatives/service.ts';
import { CANNOT_DRAW, drawPng, logRenderFailure, renderFailure, tooManyPixels, undrawable, type RenderPicture } from '#worker/features/creatives/images.ts';
import { loadBrandFonts } from '#worker/features/creatives/fonts-service.ts';
import * as repo from '#worker/features/creatives/repo.ts';
import { thumbnailKeyOf } from '#worker/features/creatives/thumbnail.ts';

/**
 * Rendering creatives into creations (PRODUCT.md §4.3): the PNG of a revision for 1 credit,
 * the creations gallery, and the jobs that refund interrupted renders and purge deleted ones.
 */

/** Originals above this size are drawn from their thumbnail (satori embeds images as data URLs). */
const RENDER_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

export const creationFileUrl = (id: string) => `/api/creations/${id}/file`;

/**
 * Originals loaded for one render at most (the rest from their thumbnails): the renderer reads at
 * most 10 MB of files a job (worker/renderer/memory.ts), thumbnails (≤ 512 KiB each) included.
 */
const RENDER_TOTAL_MAX_BYTES = 8 * 1024 * 1024;
/** Stands for a picture that exists but cannot be drawn; `undrawable` reports it. */
const UNDRAWABLE = 'undrawable:';

/**
 * The pictures a document needs (only the project's own media), as the R2 keys the renderer reads
 * itself: this worker never holds a render's originals (review 15, F8; decision 0021). Videos,
 * very large files and pictures of many pixels are drawn from their thumbnail; one without a
 * thumbnail, or whose file is missing, cannot be drawn (the render is refused before it is
 * charged, rather than drawn with a hole). Only each object's metadata is read here (`head`).
 */
export async function loadImages(env: Pick<Bindings, 'MEDIA'>, db: Db, projectId: string, doc: CreativeDocument): Promise<Record<string, RenderPicture>> {
  const rows = await repo.projectMediaIn(db, projectId, mediaIdsOf(doc));
  if (rows.length === 0) return {};
  let budget = RENDER_TOTAL_MAX_BYTES;
  const plan = rows.map((m) => {
    // A picture whose size could not be read at upload counts as large: its original may
    // declare any number of pixels (a bomb behind a long metadata block), the thumbnail does not.
    const unknownSize = m.width == null || m.height == null;
    const large = m.kind === 'video' || unknownSize || m.size > RENDER_IMAGE_MAX_BYTES || tooManyPixels(m.width ?? 0, m.height ?? 0, m.mime) || m.size > budget;
    if (!large) budget -= m.size;
    return { m, key: large ? m.thumbnailKey : m.r2Key, thumbnail: large };
  });
  const entries = await Promise.all(
    plan.map(async ({ m, key, thumbnail }): Promise<[string, RenderPicture]> => {
      const object = key ? await env.MEDIA.head(key) : null;
      if (!key || !object) return [m.id, UNDRAWABLE];
      return [m.id, { key, mime: thumbnail ? (object.httpMetadata?.contentType ?? 'image/webp') : m.mime }];
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
  env: Pick<Bindings, 'ASSETS' | 'MEDIA' | 'RENDERER'>,
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
  const images = await loadImages(env, db, row.projectId, doc);
  if (undrawable(images).length > 0) throw new AppError('validation_failed', CANNOT_DRAW, { document: [CANNOT_DRAW] });
  const brandFonts = await loadBrandFonts(env, db, row.projectId, doc);
  // The key names the revision and the creation this attempt will make: the job that refunds
  // interrupted renders looks for exactly that creation.
  const id = newId();
  const operationKey = `render:${row.revisionId}:${id}`;
  await spend(db, { userId: actor.id, amount: CREDIT_COSTS.render, operationKey, description: `Render “${row.name}”`, reference: row.id });
  const key = `creations/${row.projectId}/${id}.png`;
  let stored = false;
  try {
    // Drawn by the renderer Worker (Workers RPC): its failure — a refusal, a crash, running out of
    // memory — is this call's failure only, refunded below.
    const { png, width, height } = await drawPng(env, { doc, images, brandFonts });
    await env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    stored = true;
    const [inserted] = await repo.insertCreationUnlessRendered(db, {
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
    });
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
    logRenderFailure('render_failed', error, { creativeId: row.id });
    throw renderFailure(error, {
      failed: 'The render failed and your credit was refunded. Please try again.',
      refunded: 'Your credit was refunded.',
    });
  }
}

/** The newest creations across the user's projects (`GET /api/creations`), as a read the dashboard batches with others. */
export function creationsRead(
  db: Db,
  userId: string,
  filters: repo.CreationFilters,
  limit: number,
  cursor?: string,
): Read<{ items: CreationItem[]; nextCursor: string | null }> {
  return read(repo.listCreations(db, userId, filters, limit, decodeCursor(cursor)), (rows) => {
    const page = toPage(rows, limit, (row) => encodeCursor(row.creation.createdAt, row.creation.id));
    return {
      items: page.items.map((row) => ({
        ...toCreationItem(row.creation, { projectName: row.projectName, role: row.role, creativeLive: row.creativeLive > 0 }),
        linkGroup: row.linkGroup,
      })),
      nextCursor: page.nextCursor,
    };
  });
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

/**
 * Which paid work counts as abandoned (renders here, variations in variations-service.ts): paid
 * at least 10 minutes ago (no request runs that long) and at most a day ago (older work's
 * results may have been deleted and purged since).
 */
export function abandonedWindow(now: Date): { after: Date; before: Date } {
  return { after: new Date(now.getTime() - 24 * 60 * 60 * 1000), before: new Date(now.getTime() - 10 * 60 * 1000) };
}

/**
 * Refunds renders whose worker was stopped between the charge and the creation (memory or
 * CPU limits, a deploy): a render spend older than 10 minutes with neither a refund nor the
 * creation its operation key names. Spends older than a day are left alone (their creation may
 * have been deleted and purged since). Runs with the scheduled jobs.
 */
export async function refundAbandonedRenders(db: Db, now = new Date()): Promise<number> {
  const { after, before } = abandonedWindow(now);
  const rows = await repo.abandonedRenderSpends(db, after, before, 100);
  for (const row of rows) await refund(db, row.operationKey, 'Render interrupted: refunded');
  return rows.length;
}

/**
 * Removes renders deleted (or of projects deleted) before `before`: their PNG in R2 first,
 * then their rows, `batch` at a time. Returns how many went.
 */
export async function purgeDeletedCreations(db: Db, bucket: R2Bucket, before: Date, batch: number): Promise<number> {
  const rows = await repo.purgeableCreations(db, before, batch);
  if (rows.length === 0) return 0;
  // With their thumbnails (variations have one; deleting a key that does not exist is no error).
  await bucket.delete(rows.flatMap((r) => [r.r2Key, thumbnailKeyOf(r.r2Key)]));
  await repo.deleteCreationRows(
    db,
    rows.map((r) => r.id),
  );
  return rows.length;
}
