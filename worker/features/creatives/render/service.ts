import { brandFindings } from '#common/creative/brand-guard.ts';
import { CREATIVE_VERSION, mediaIdsOf, type CreativeDocument } from '#common/creative/document.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import type { FontId } from '#common/fonts.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import type { BrandKit } from '#common/schemas/projects.ts';
import { rawBatch, type Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { looksLikeId, newId } from '#worker/lib/ids.ts';
import { ledgerNote, refund, spend, unrefundedSpends } from '#worker/features/credits/service.ts';
import { serveObject } from '#worker/features/media/service.ts';
import * as core from '#worker/features/creatives/core/service.ts';
import { loadBrandFonts } from '#worker/features/creatives/fonts/service.ts';
import {
  BUSY_RETRY_AFTER_S,
  CANNOT_DRAW,
  drawPng,
  logRenderFailure,
  RENDERER_BUSY_DETAILS,
  RenderBusy,
  renderFailure,
  tooManyPixels,
  undrawable,
  type RenderPicture,
} from '#worker/features/creatives/render/images.ts';
import { pngToJpeg } from '#worker/features/creatives/render/jpeg.ts';
import * as repo from '#worker/features/creatives/render/repo.ts';
import { thumbnailKeyOf } from '#worker/features/creatives/render/thumbnail.ts';
import { eventStatement } from '#worker/features/webhooks/service.ts';

/**
 * Rendering creatives into creations (PRODUCT.md §4.3): the PNG of a revision for 1 credit,
 * the jobs that refund interrupted renders and purge deleted ones, a creation's pictures as
 * served (its file, its thumbnail, the JPEG Instagram fetches), and the link card of
 * presentations.
 */

// The entry point of this sub-feature: its siblings (variations, playground) reach the renderer
// seam (images.ts) and the thumbnails through these names, never those modules themselves.
export {
  CANNOT_DRAW,
  drawableDataUrl,
  drawPng,
  logRenderFailure,
  RENDER_IMAGE_MAX_PIXELS,
  RENDER_WEBP_MAX_PIXELS,
  renderFailure,
  tooManyPixels,
  undrawable,
  type RenderPicture,
} from '#worker/features/creatives/render/images.ts';
export { pngThumbnail, thumbnailKeyOf } from '#worker/features/creatives/render/thumbnail.ts';

/** Originals above this size are drawn from their thumbnail (satori embeds images as data URLs). */
const RENDER_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

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
  const rows = await core.projectMediaIn(db, projectId, mediaIdsOf(doc));
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

export const OFF_BRAND = 'This project’s brand guard is strict: use the brand kit’s colours and fonts before rendering.';

/**
 * A strict brand guard (issue 29 §7) refuses a creative with colours or fonts outside the brand
 * kit, by the same rules the editor flags them with; `details.brandGuard` names each finding
 * (`{layer or background}:{path}`) for the editor's checklist. An advisory guard lets it pass.
 */
export function assertOnBrand(kit: BrandKit, doc: CreativeDocument): void {
  if (kit.strict !== true) return;
  const findings = brandFindings(doc, kit);
  if (findings.length > 0) throw new AppError('off_brand', OFF_BRAND, { _: [OFF_BRAND], brandGuard: findings.map((f) => f.key) });
}

/** The `creation.rendered` webhook's data: ids and the picture's shape (decision 0042). */
function renderedEvent(creation: core.CreationRow) {
  const { id, creativeId, revisionNumber, name, format, width, height } = creation;
  return { creationId: id, creativeId, revision: revisionNumber, name, format, width, height };
}

/**
 * How a render is paid and announced: `prepaid`, the caller holds the credit already (a run of
 * bulk creatives, decision 0046: no spend and no refund here); `event: false`, no
 * `creation.rendered` (the run announces itself once).
 */
export interface RenderOptions {
  prepaid?: boolean;
  event?: boolean;
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
  row: core.CreativeRow,
  membership: core.Membership,
  actor: core.Actor,
  options: RenderOptions = {},
): Promise<{ creation: CreationItem; created: boolean }> {
  const item = (creation: core.CreationRow) =>
    core.toCreationItem(creation, { projectName: membership.project.name, role: membership.role, creativeLive: true });
  const existing = await core.findLiveCreationOfRevision(db, row.revisionId);
  if (existing) return { creation: item(existing), created: false };
  // Loaded before the charge: a picture that can never be drawn is refused, not charged and refunded.
  const doc = core.documentOf(row);
  assertOnBrand(membership.project.brandKit, doc);
  const images = await loadImages(env, db, row.projectId, doc);
  if (undrawable(images).length > 0) throw new AppError('validation_failed', CANNOT_DRAW, { document: [CANNOT_DRAW] });
  const brandFonts = await loadBrandFonts(env, db, row.projectId, doc);
  // The key names the revision and the creation this attempt will make: the job that refunds
  // interrupted renders looks for exactly that creation.
  const id = newId();
  const operationKey = `render:${row.revisionId}:${id}`;
  if (!options.prepaid) {
    await spend(db, {
      userId: actor.id,
      amount: CREDIT_COSTS.render,
      operationKey,
      description: ledgerNote({ code: 'render', name: row.name }),
      reference: row.id,
    });
  }
  const key = `creations/${row.projectId}/${id}.png`;
  let stored = false;
  try {
    // Drawn by the renderer Worker (Workers RPC): its failure — a refusal, a crash, running out of
    // memory — is this call's failure only, refunded below.
    const { png, width, height } = await drawPng(env, { doc, images, brandFonts });
    await env.MEDIA.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    stored = true;
    const creation: core.CreationRow = {
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
      createdAt: new Date(),
      deletedAt: null,
    };
    // The creation and its event in one batch: the event is written exactly when the creation is (decision 0042).
    // A run of bulk creatives announces itself once (`event: false`): its rows' creations alone.
    const insert = core.insertCreationUnlessRendered(db, creation);
    const event =
      options.event === false ? undefined : eventStatement(db, row.projectId, 'creation.rendered', renderedEvent(creation), `/creatives/${row.id}`, 'changed');
    const [inserted, outbox] = await rawBatch(db, event ? [insert, event.statement] : [insert]);
    if (inserted?.meta.changes === 1) {
      if (event) await event.queue(outbox);
      return { creation: item(creation), created: true };
    }
    // Another render of this revision won the race: hand back its creation and this credit.
    const winner = await core.findLiveCreationOfRevision(db, row.revisionId);
    await env.MEDIA.delete(key);
    if (!options.prepaid) await refund(db, operationKey, ledgerNote({ code: 'renderAgain', name: row.name }));
    if (!winner) throw new AppError('conflict', 'This creative changed while it rendered. Try again.');
    return { creation: item(winner), created: false };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (stored) await env.MEDIA.delete(key).catch(() => undefined);
    if (!options.prepaid) await refund(db, operationKey, ledgerNote({ code: 'renderFailed', name: row.name }));
    logRenderFailure('render_failed', error, { creativeId: row.id });
    throw renderFailure(error, {
      failed: 'The render failed and your credit was refunded. Please try again.',
      refunded: 'Your credit was refunded.',
    });
  }
}

/**
 * Which paid work counts as abandoned (renders here, variations in variations/service.ts): paid
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
  const rows = await unrefundedSpends(db, { prefix: 'render:', after, before, limit: 100, done: repo.renderDone });
  for (const row of rows) await refund(db, row.operationKey, ledgerNote({ code: 'renderInterrupted' }));
  return rows.length;
}

/**
 * Removes renders deleted (or of projects deleted) before `before`: their PNG in R2 first,
 * then their rows, `batch` at a time. Returns how many went.
 */
export async function purgeDeletedCreations(db: Db, bucket: R2Bucket, before: Date, batch: number): Promise<number> {
  const rows = await core.purgeableCreations(db, before, batch);
  if (rows.length === 0) return 0;
  // With their thumbnails (variations have one; deleting a key that does not exist is no error).
  await bucket.delete(rows.flatMap((r) => [r.r2Key, thumbnailKeyOf(r.r2Key)]));
  await core.deleteCreationRows(
    db,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/* ---------- a creation's pictures, as served ---------- */

/** A creation's name as a download's file name (without the characters a header cannot hold). */
const fileNameOf = (row: core.CreationRow, extension: string) => `${row.name.replace(/[^\w .()-]+/g, '').trim() || 'creation'}${extension}`;

/** The PNG (`GET /api/creations/{id}/file`), shown or downloaded. */
export function serveCreationFile(bucket: R2Bucket, row: core.CreationRow, requestHeaders: Headers, download: boolean): Promise<Response> {
  return serveObject(bucket, row.r2Key, requestHeaders, {
    contentType: 'image/png',
    filename: fileNameOf(row, '.png'),
    download,
    cache: 'private, max-age=31536000, immutable',
  });
}

/** A small JPEG to pick from (variations have one); the PNG itself for a creation without one. */
export async function serveCreationThumbnail(bucket: R2Bucket, row: core.CreationRow, requestHeaders: Headers): Promise<Response> {
  const thumbnail = await bucket.head(thumbnailKeyOf(row.r2Key));
  return serveObject(bucket, thumbnail ? thumbnailKeyOf(row.r2Key) : row.r2Key, requestHeaders, {
    contentType: thumbnail ? 'image/jpeg' : 'image/png',
    filename: fileNameOf(row, thumbnail ? '.jpg' : '.png'),
    download: false,
    cache: 'private, max-age=31536000, immutable',
  });
}

/**
 * The picture behind a signed, expiring link (`GET /api/creations/{id}/signed`, no session) as a
 * JPEG: what Instagram fetches when a post is published. `not_found` for a link that is not valid
 * (or no longer), a creation deleted since, or a PNG that cannot be read.
 */
export async function signedCreationJpeg(
  db: Db,
  bucket: R2Bucket,
  secret: string,
  id: string,
  expires: string | undefined,
  signature: string | undefined,
): Promise<Uint8Array<ArrayBuffer>> {
  const row = looksLikeId(id) ? await core.signedCreation(db, secret, id, expires, signature) : undefined;
  const object = row ? await bucket.get(row.r2Key) : null;
  if (!object) throw new AppError('not_found');
  const png = new Uint8Array(await object.arrayBuffer());
  // A picture that cannot be read is one Meta cannot fetch (it fails the post as a media error).
  return pngToJpeg(png).catch(() => {
    throw new AppError('not_found');
  });
}

/** The PNG behind a signed, expiring link (`…/signed?as=png`: the public API's creations, issue 31); `not_found` like the JPEG's. */
export async function signedCreationPng(
  db: Db,
  bucket: R2Bucket,
  secret: string,
  link: { id: string; expires?: string; sig?: string },
  requestHeaders: Headers,
) {
  const row = looksLikeId(link.id) ? await core.signedCreation(db, secret, link.id, link.expires, link.sig) : undefined;
  if (!row) throw new AppError('not_found');
  return serveObject(bucket, row.r2Key, requestHeaders, {
    contentType: 'image/png',
    filename: fileNameOf(row, '.png'),
    download: false,
    cache: 'public, max-age=3600',
  });
}

/* ---------- the link card of presentations ---------- */

/**
 * A link card (Open Graph image, 1200×628) drawn by the creatives' renderer: a kicker line,
 * a large title and a footer line on a gradient of the brand colour. Used by presentations
 * (issue 13) for the picture a pasted link unfurls as.
 */
export interface CardInput {
  kicker: string;
  title: string;
  footer: string;
  /** Background gradient, #rrggbb. */
  from: string;
  to: string;
  /** Text colour, #rrggbb. */
  color: string;
  headingFont: FontId;
  bodyFont: FontId;
}

export function cardDocument(input: CardInput): CreativeDocument {
  const text = (id: string, value: string, y: number, h: number, size: number, weight: 400 | 700, font: FontId, uppercase = false) => ({
    id,
    type: 'text' as const,
    x: 7,
    y,
    w: 86,
    h,
    text: Array.from(value).slice(0, 200).join(''),
    font,
    weight,
    size,
    color: input.color,
    align: 'left' as const,
    vAlign: 'top' as const,
    lineHeight: 1.15,
    uppercase,
  });
  return {
    version: CREATIVE_VERSION,
    format: 'landscape',
    template: 'link-card',
    background: { type: 'gradient', from: input.from, to: input.to, angle: 135 },
    layers: [
      text('kicker', input.kicker, 12, 10, 4.2, 700, input.bodyFont, true),
      text('title', input.title, 27, 46, 10, 700, input.headingFont),
      text('footer', input.footer, 80, 10, 4, 400, input.bodyFont),
    ],
  };
}

/** The card as PNG bytes; a renderer that stayed busy is a 429 with Retry-After (nothing of ours failed). */
export async function renderCard(env: Pick<Bindings, 'ASSETS' | 'RENDERER'>, input: CardInput): Promise<Uint8Array> {
  try {
    const { png } = await drawPng(env, { doc: cardDocument(input), images: {} });
    return png;
  } catch (error) {
    if (!(error instanceof RenderBusy)) throw error;
    logRenderFailure('card_render_failed', error);
    throw new AppError('rate_limited', 'The link picture cannot be drawn right now. Try again in a few seconds.', RENDERER_BUSY_DETAILS, {
      'Retry-After': String(BUSY_RETRY_AFTER_S),
    });
  }
}
