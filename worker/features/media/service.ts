import {
  formatLabels,
  formatMib,
  MAX_BYTES,
  MAX_IMAGE_PIXELS,
  MEDIA_TYPES,
  MAX_THUMBNAIL_BYTES,
  MAX_THUMBNAIL_PIXELS,
  type MediaDetail,
  type MediaItem,
  type MediaUpdateInput,
  type MediaUsage,
} from '#common/schemas/media.ts';
import { formatBytes } from '#common/format.ts';
import type { PhotoAttribution } from '#common/schemas/photos.ts';
import type { Db } from '#worker/db/client.ts';
import { concatBytes, readCapped } from '#worker/lib/body.ts';
import { hmacSign, hmacVerify, toHex } from '#worker/lib/crypto.ts';
import { decodeCursor, encodeCursor, toPage } from '#worker/lib/cursor.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { imageDimensions, probe } from '#worker/lib/media-probe.ts';
import { run } from '#worker/lib/reads.ts';
import { userNameOf } from '#worker/features/auth/users/service.ts';
import { creativesUsingMedia } from '#worker/features/creatives/usage/service.ts';
import { firstRowForMember, liveProjectRead } from '#worker/features/projects/scope/service.ts';
import * as repo from '#worker/features/media/repo.ts';
import { mediaFileUrl, mediaThumbnailUrl } from '#common/media-urls.ts';

/** Enough of a file to know its type, and the dimensions of nearly every picture. */
const HEAD_BYTES = 256 * 1024;
/**
 * How far into a picture its size is looked for when the head was not enough (a JPEG's frame
 * header comes after its metadata: EXIF, ICC profiles, XMP, previews). Those bytes are held in
 * memory until the size is known, so not the whole 20 MiB: a few uploads at once must not
 * fill the isolate.
 */
const SIZE_SEARCH_BYTES = 4 * 1024 * 1024;
const LARGEST_ACCEPTED = Math.max(...Object.values(MEDIA_TYPES).map((t) => t.maxBytes));
const orList = (items: string[]) => `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
const UNSUPPORTED = `That file type is not supported. Upload ${orList(formatLabels('image'))} images, or ${orList(formatLabels('video'))} videos.`;

/** Who uploaded a file, by name (none for a file without an uploader). */
function uploaderName(db: Db, userId: string | null): Promise<string | undefined> {
  return userId ? userNameOf(db, userId) : Promise.resolve(undefined);
}

export function toMediaItem(row: repo.MediaRow, uploaderName: string | undefined | null): MediaItem {
  return {
    id: row.id,
    projectId: row.projectId,
    kind: row.kind,
    mime: row.mime,
    name: row.name,
    size: row.size,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    alt: row.alt,
    tags: row.tags,
    focal: row.focalX === null || row.focalY === null ? null : { x: row.focalX, y: row.focalY },
    ...(row.attribution ? { attribution: row.attribution } : {}),
    hasThumbnail: row.thumbnailKey !== null,
    fileUrl: mediaFileUrl(row.id),
    thumbnailUrl: row.thumbnailKey ? mediaThumbnailUrl(row.id, row.thumbnailKey) : null,
    uploadedBy: row.uploadedBy ? { id: row.uploadedBy, name: uploaderName ?? 'Former member' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listMedia(db: Db, projectId: string, filters: repo.MediaFilters, limit: number, cursor?: string) {
  const rows = await repo.listMedia(db, projectId, filters, limit, decodeCursor(cursor));
  const page = toPage(rows, limit, (row) => encodeCursor(row.media.createdAt, row.media.id));
  return { items: page.items.map((row) => toMediaItem(row.media, row.uploaderName)), nextCursor: page.nextCursor };
}

/** Where objects of one project are used, by object id (one query, however many objects). */
export async function usagesIn(db: Db, projectId: string, ids: readonly string[]): Promise<Map<string, MediaUsage[]>> {
  const usages = new Map<string, MediaUsage[]>();
  const project = await run(db, liveProjectRead(db, projectId));
  const logoMediaId = project?.brandKit.logoMediaId;
  if (project && logoMediaId && ids.includes(logoMediaId)) {
    usages.set(logoMediaId, [{ kind: 'brand_logo', label: `Logo in the brand kit of “${project.name}”`, href: `/projects/${project.id}/` }]);
  }
  for (const use of await creativesUsingMedia(db, projectId, ids)) {
    const list = usages.get(use.mediaId) ?? [];
    list.push({ kind: 'creative', label: `In the creative “${use.name}”`, href: `/creatives/${use.id}`, thumbnail: use.thumbnail });
    usages.set(use.mediaId, list);
  }
  return usages;
}

export async function usagesOf(db: Db, row: repo.MediaRow): Promise<MediaUsage[]> {
  return (await usagesIn(db, row.projectId, [row.id])).get(row.id) ?? [];
}

type MediaMembership = { role: MediaDetail['role']; project: { name: string; archivedAt: Date | null } };

export async function mediaDetail(db: Db, row: repo.MediaRow, membership: MediaMembership): Promise<MediaDetail> {
  const [uploader, usedBy] = await Promise.all([uploaderName(db, row.uploadedBy), usagesOf(db, row)]);
  return {
    ...toMediaItem(row, uploader),
    usedBy,
    role: membership.role,
    projectName: membership.project.name,
    projectArchived: membership.project.archivedAt !== null,
  };
}

export interface UploadRequest {
  projectId: string;
  uploader: { id: string; name: string };
  filename: string;
  contentLength: number | undefined;
  body: ReadableStream<Uint8Array> | null;
  /** A photo from the photo source: its description (the alt text) and who made it. */
  alt?: string;
  attribution?: PhotoAttribution;
}

/** A decompression bomb, or a picture nobody's browser could show: refused from its header. */
function tooManyPixels(width: number, height: number): AppError {
  const size = `${width.toLocaleString('en')} × ${height.toLocaleString('en')}`;
  return new AppError('payload_too_large', `Pictures can be up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels; this one declares ${size} pixels.`);
}

/** A picture whose header declares no size we can read (within SIZE_SEARCH_BYTES). */
function unreadableSize(searchedPart: boolean): AppError {
  const where = searchedPart ? ` in its first ${formatMib(SIZE_SEARCH_BYTES)}` : '';
  return new AppError(
    'validation_failed',
    `We could not read this picture’s width and height${where}, so it cannot be checked. Save it again as a JPEG or PNG (an editor’s “Export” does) and upload that.`,
  );
}

function tooLarge(kind: 'image' | 'video'): AppError {
  return new AppError('payload_too_large', `${kind === 'image' ? 'Images' : 'Videos'} can be up to ${formatMib(MAX_BYTES[kind])}.`);
}

/**
 * Streams an upload into R2 without holding it in memory: the first bytes decide the
 * type (415 for anything else, SVG included), the size is checked before anything is
 * stored (413), then the rest flows through to R2 and a SHA-256 digest at once. The same
 * bytes already in the project are answered with the existing object (and not kept twice).
 */
export async function upload(db: Db, bucket: R2Bucket, request: UploadRequest): Promise<{ media: MediaItem; created: boolean }> {
  const { contentLength, body } = request;
  if (!body || contentLength === undefined || !Number.isSafeInteger(contentLength) || contentLength <= 0) {
    await body?.cancel().catch(() => {});
    throw new AppError('bad_request', 'Send the file as the request body, with its Content-Length.');
  }
  if (contentLength > LARGEST_ACCEPTED) {
    await body.cancel();
    throw new AppError('payload_too_large', `Files can be up to ${formatMib(MAX_BYTES.video)} (videos) or ${formatMib(MAX_BYTES.image)} (images).`);
  }

  const reader = body.getReader();
  // The bytes read before anything is stored (the head, and for a picture whose size comes
  // later, up to SIZE_SEARCH_BYTES), kept as one array.
  let head = new Uint8Array(0);
  const readTo = async (size: number) => {
    const chunks: Uint8Array[] = [head];
    let length = head.byteLength;
    while (length < size) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.byteLength;
    }
    if (chunks.length > 1) head = concatBytes(chunks, length);
  };
  await readTo(Math.min(HEAD_BYTES, contentLength));
  const probed = await probe(head.subarray(0, HEAD_BYTES));
  if (!probed) {
    await reader.cancel();
    throw new AppError('unsupported_media_type', UNSUPPORTED);
  }
  if (contentLength > MEDIA_TYPES[probed.mime].maxBytes) {
    await reader.cancel();
    throw tooLarge(probed.kind);
  }
  if (probed.kind === 'image') {
    // A picture whose size cannot be checked is refused: it could be a decompression bomb, and
    // the renderer could not tell how much memory it takes. Read on (doubling) when the size is
    // behind the head, up to SIZE_SEARCH_BYTES or the end of the file.
    let size = probed.width !== null && probed.height !== null ? { width: probed.width, height: probed.height } : null;
    const searchEnd = Math.min(SIZE_SEARCH_BYTES, contentLength);
    let reach = HEAD_BYTES;
    while (!size && head.byteLength >= reach && reach < searchEnd) {
      reach = Math.min(reach * 2, searchEnd);
      await readTo(reach);
      size = imageDimensions(head.subarray(0, contentLength));
    }
    if (!size) {
      await reader.cancel();
      if (head.byteLength < searchEnd) throw new AppError('bad_request', 'The upload ended before the whole file arrived. Try again.');
      throw unreadableSize(contentLength > SIZE_SEARCH_BYTES);
    }
    if (size.width * size.height > MAX_IMAGE_PIXELS) {
      await reader.cancel();
      throw tooManyPixels(size.width, size.height);
    }
    probed.width = size.width;
    probed.height = size.height;
  }
  const { usedBytes: used, limitBytes: limit } = await storageUsage(db, request.projectId);
  // A first look, so that a file that cannot fit is refused before its bytes are sent; the insert decides.
  if (used + contentLength > limit) {
    await reader.cancel();
    throw storageFull(used, limit);
  }

  const id = newId();
  const key = `media/${request.projectId}/${id}`;
  const fixed = new FixedLengthStream(contentLength);
  // workerd's streaming digest (the DOM typings of `crypto` do not know it).
  const hasher = new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream('SHA-256');
  const stored = bucket.put(key, fixed.readable, { httpMetadata: { contentType: probed.mime } });
  // Observed at once: if the upload breaks, this rejects before we get to await it.
  stored.catch(() => {});
  hasher.digest.catch(() => {});
  const out = fixed.writable.getWriter();
  const hash = hasher.getWriter();
  let total = 0;
  const write = async (chunk: Uint8Array) => {
    total += chunk.byteLength;
    if (total > contentLength) throw new AppError('bad_request', 'The file is longer than its Content-Length.');
    await Promise.all([out.write(chunk), hash.write(chunk)]);
  };
  try {
    await write(head);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await write(value);
    }
    if (total !== contentLength) throw new AppError('bad_request', 'The upload ended before the whole file arrived. Try again.');
    await Promise.all([out.close(), hash.close()]);
    await stored;
  } catch (error) {
    await Promise.all([out.abort(error).catch(() => {}), hash.abort(error).catch(() => {})]);
    await stored.catch(() => {});
    await bucket.delete(key).catch(() => {});
    await reader.cancel().catch(() => {});
    throw error instanceof AppError ? error : new AppError('bad_request', 'The upload was interrupted. Try again.');
  }
  const sha256 = toHex(await hasher.digest);

  const existing = await repo.findBySha(db, request.projectId, sha256);
  if (existing) {
    await bucket.delete(key);
    const uploader = await uploaderName(db, existing.uploadedBy);
    // The same photo uploaded before without its credit: the credit is kept now.
    const credited =
      request.attribution && !existing.attribution ? (await repo.updateMedia(db, existing.id, { attribution: request.attribution }))[0] : undefined;
    return { media: toMediaItem(credited ?? existing, uploader), created: false };
  }
  let row: repo.MediaRow | undefined;
  try {
    row = await repo.insertMediaWithinQuota(db, {
      id,
      projectId: request.projectId,
      uploadedBy: request.uploader.id,
      kind: probed.kind,
      mime: probed.mime,
      name: request.filename,
      size: contentLength,
      sha256,
      width: probed.width,
      height: probed.height,
      durationMs: probed.durationMs,
      alt: request.alt,
      attribution: request.attribution,
      r2Key: key,
      now: new Date(),
    });
  } catch (error) {
    // The same bytes arrived twice at once: the unique index kept one.
    await bucket.delete(key);
    const winner = await repo.findBySha(db, request.projectId, sha256);
    if (!winner) throw error;
    return { media: toMediaItem(winner, undefined), created: false };
  }
  if (!row) {
    // Other uploads filled the storage while this one streamed.
    await bucket.delete(key);
    const usage = await storageUsage(db, request.projectId);
    throw storageFull(usage.usedBytes, usage.limitBytes);
  }
  return { media: toMediaItem(row, request.uploader.name), created: true };
}

/**
 * Stores the browser-made thumbnail (a JPEG, PNG or WebP up to 512 KiB and 4 megapixels, its size
 * readable from its header) beside the file, within the owner's storage. The renderer draws large
 * pictures from their thumbnail, so a small file that inflates to a huge bitmap is refused here.
 */
export async function putThumbnail(db: Db, bucket: R2Bucket, row: repo.MediaRow, body: ReadableStream<Uint8Array> | null): Promise<MediaItem> {
  const bytes = await readCapped(body, MAX_THUMBNAIL_BYTES, 'Thumbnails can be up to 512 KiB.');
  const probed = bytes.byteLength > 0 ? await probe(bytes) : undefined;
  if (!probed || probed.kind !== 'image' || probed.mime === 'image/gif')
    throw new AppError('unsupported_media_type', 'Send the thumbnail as a JPEG, PNG or WebP image.');
  if (!probed.width || !probed.height || probed.width * probed.height > MAX_THUMBNAIL_PIXELS)
    throw new AppError('payload_too_large', `Thumbnails can be up to ${MAX_THUMBNAIL_PIXELS / 1_000_000} megapixels, with their size in the header.`);
  const key = `thumbs/${row.projectId}/${row.id}/${newId(9)}`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: probed.mime } });
  const updated = await repo.setThumbnailWithinQuota(db, row, key, bytes.byteLength, new Date());
  if (!updated) {
    await bucket.delete(key);
    if (!(await repo.findLiveMedia(db, row.id))) throw new AppError('not_found');
    const usage = await storageUsage(db, row.projectId);
    throw storageFull(usage.usedBytes, usage.limitBytes, true);
  }
  if (row.thumbnailKey) await bucket.delete(row.thumbnailKey);
  const uploader = await uploaderName(db, updated.uploadedBy);
  return toMediaItem(updated, uploader);
}

/**
 * Stores a thumbnail the server derived from the file (a JPEG `width` px wide: a funnel page's
 * picture that had none, funnels/pages/picture-sizes.ts) beside it, within the owner's storage,
 * unless the file has one by now (a browser-made one is kept). Its key ends in `.w{width}`
 * (thumbnailWidth). Whether it was stored.
 */
export async function putDerivedThumbnail(
  db: Db,
  bucket: R2Bucket,
  row: Pick<repo.MediaRow, 'id' | 'projectId'>,
  jpeg: Uint8Array,
  width: number,
): Promise<boolean> {
  const key = `thumbs/${row.projectId}/${row.id}/${newId(9)}.w${width}`;
  await bucket.put(key, jpeg, { httpMetadata: { contentType: 'image/jpeg' } });
  const updated = await repo.setThumbnailWithinQuota(db, row, key, jpeg.byteLength, new Date(), true);
  if (!updated) await bucket.delete(key);
  return updated !== undefined;
}

/** A browser-made thumbnail's width (client/lib/media-library.ts), unless its key names another (`….w720`: derived on the server). */
export const THUMBNAIL_WIDTH = 480;

/** How wide a picture's thumbnail is (when the picture is wider): what its key says, else THUMBNAIL_WIDTH. */
export function thumbnailWidth(thumbnailKey: string): number {
  const named = /\.w(\d{2,4})$/.exec(thumbnailKey);
  return named ? Number(named[1]) : THUMBNAIL_WIDTH;
}

export async function updateMedia(db: Db, row: repo.MediaRow, membership: MediaMembership, input: MediaUpdateInput): Promise<MediaDetail> {
  const values: Parameters<typeof repo.updateMedia>[2] = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.alt !== undefined) values.alt = input.alt;
  if (input.tags !== undefined) values.tags = [...new Set(input.tags)];
  if (input.focal !== undefined) {
    values.focalX = input.focal === null ? null : Math.round(input.focal.x * 100) / 100;
    values.focalY = input.focal === null ? null : Math.round(input.focal.y * 100) / 100;
  }
  const [updated] = await repo.updateMedia(db, row.id, values);
  if (!updated) throw new AppError('not_found');
  return mediaDetail(db, updated, membership);
}

/** Soft-deletes, refusing (409, with where) while the object is in use. */
export async function deleteMedia(db: Db, row: repo.MediaRow): Promise<void> {
  const usedBy = await usagesOf(db, row);
  if (usedBy.length > 0) {
    throw new AppError('conflict', `“${row.name}” is still in use: ${usedBy.map((u) => u.label).join('; ')}. Replace it there first.`, {
      usedBy: usedBy.map((u) => u.label),
    });
  }
  await repo.softDeleteMedia(db, row.projectId, [row.id], new Date());
}

export async function deleteMany(db: Db, projectId: string, ids: string[]) {
  const [rows, usages] = await Promise.all([repo.findLiveMediaIn(db, projectId, ids), usagesIn(db, projectId, ids)]);
  const deleted: string[] = [];
  const refused: { id: string; name: string; usedBy: string[] }[] = [];
  for (const row of rows) {
    const usedBy = usages.get(row.id) ?? [];
    if (usedBy.length > 0) refused.push({ id: row.id, name: row.name, usedBy: usedBy.map((u) => u.label) });
    else deleted.push(row.id);
  }
  if (deleted.length > 0) await repo.softDeleteMedia(db, projectId, deleted, new Date());
  return { deleted, refused };
}

function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Serves an R2 object with ETag / If-None-Match (304) and Range (206) support, the
 * stored type, nosniff (set for every response), and a long cache: a media id's bytes
 * never change.
 */
export async function serveObject(
  bucket: R2Bucket,
  key: string,
  requestHeaders: Headers,
  options: { contentType?: string; filename: string; download: boolean; cache: string },
): Promise<Response> {
  const object = await bucket.get(key, { range: requestHeaders, onlyIf: requestHeaders });
  if (!object) throw new AppError('not_found');
  const headers = new Headers();
  headers.set('Content-Type', options.contentType ?? object.httpMetadata?.contentType ?? 'application/octet-stream');
  headers.set('ETag', object.httpEtag);
  headers.set('Cache-Control', options.cache);
  headers.set('Accept-Ranges', 'bytes');
  headers.set('Content-Disposition', contentDisposition(options.download ? 'attachment' : 'inline', options.filename));
  if (!('body' in object) || !object.body) return new Response(null, { status: 304, headers });
  const range = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
  if (range && requestHeaders.has('range')) {
    const offset = range.suffix !== undefined ? object.size - range.suffix : (range.offset ?? 0);
    const length = range.suffix !== undefined ? range.suffix : (range.length ?? object.size - offset);
    headers.set('Content-Range', `bytes ${offset}-${offset + length - 1}/${object.size}`);
    headers.set('Content-Length', String(length));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set('Content-Length', String(object.size));
  return new Response(object.body, { status: 200, headers });
}

/** Signed, expiring URLs for media on public pages and previews (no session needed). */
export async function signMediaUrl(secret: string, mediaId: string, variant: 'file' | 'thumbnail', ttlSeconds = 3600, now = Date.now()): Promise<string> {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  const signature = await hmacSign(secret, `media:${mediaId}:${variant}:${expires}`);
  return `/api/media/${mediaId}/${variant}?expires=${expires}&sig=${signature}`;
}

async function verifyMediaSignature(
  secret: string,
  mediaId: string,
  variant: 'file' | 'thumbnail',
  expires: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 < now) return false;
  return hmacVerify(secret, `media:${mediaId}:${variant}:${expires}`, signature);
}

export const MEDIA_CACHE = 'private, max-age=31536000, immutable';

/** A live media object with the user's membership of its project (the access rule `{ media: role }`): one batch. */
export function mediaForMember(db: Db, id: string, userId: string) {
  return firstRowForMember(db, repo.liveMediaQuery(db, id), repo.projectOfMedia(id), userId);
}

/** A live media object reached by a valid, unexpired signed URL (public pages and previews). */
export async function signedMedia(db: Db, secret: string, id: string, variant: 'file' | 'thumbnail', expires?: string, signature?: string) {
  return (await verifyMediaSignature(secret, id, variant, expires, signature)) ? repo.findLiveMedia(db, id) : undefined;
}

function storageFull(used: number, limit: number, preview = false): AppError {
  const what = preview ? 'Its preview' : 'This file';
  return new AppError(
    'plan_limit_reached',
    `${what} does not fit: ${formatBytes(used)} of ${formatBytes(limit)} are used. Delete files you no longer need, or upgrade for more storage.`,
  );
}

/** Refuses (402, as an upload would) when `bytes` more do not fit the owner's storage: a photo import asks before fetching the photo. */
export async function assertStorageRoom(db: Db, projectId: string, bytes: number): Promise<void> {
  const { usedBytes, limitBytes } = await storageUsage(db, projectId);
  if (usedBytes + bytes > limitBytes) throw storageFull(usedBytes, limitBytes);
}

/** The project's tags (of its live files), for the library's filter. */
export function listTags(db: Db, projectId: string) {
  return repo.listTags(db, projectId);
}

/** The storage the project's owner has used across their projects, and their plan's limit. */
export function storageUsage(db: Db, projectId: string): Promise<{ usedBytes: number; limitBytes: number }> {
  return repo.ownerStorage(db, projectId);
}

/** A live image of the project's library (a brand-kit logo must be one), or undefined. */
export async function projectImage(db: Db, projectId: string, id: string) {
  const row = await repo.findLiveMedia(db, id);
  return row && row.projectId === projectId && row.kind === 'image' ? row : undefined;
}

/**
 * Removes media deleted (or of projects deleted) before `before`: the R2 objects (file and
 * thumbnail) first, then the rows, `batch` at a time (the purge job). Returns how many went.
 */
export async function purgeDeletedMedia(db: Db, bucket: R2Bucket, before: Date, batch: number): Promise<number> {
  const rows = await repo.purgeableMedia(db, before, batch);
  if (rows.length === 0) return 0;
  await bucket.delete(rows.flatMap((r) => [r.r2Key, ...(r.thumbnailKey ? [r.thumbnailKey] : [])]));
  await repo.deleteMediaRows(
    db,
    rows.map((r) => r.id),
  );
  return rows.length;
}

/** The live media of a project among `ids`, with what a render or a page needs of them (a creative's pictures, a funnel page's images). */
export function liveMediaIn(db: Db, projectId: string, ids: readonly string[]) {
  return repo.liveMediaIn(db, projectId, ids);
}

/** A published page's pictures inside its own query (funnels/edge/repo.ts): the subquery builder and its reader. */
export { liveMediaJson, parseRenderMedia, type RenderMedia } from '#worker/features/media/repo.ts';

/** The thumbnails of live media of any projects, by id (the pictures of a page of creatives). */
export function thumbnailsIn(db: Db, ids: readonly string[]) {
  return repo.thumbnailsIn(db, ids);
}

/** A project's live images (those among `ids` when given), newest first, at most `limit` (a presentation's pictures). */
export function projectImages(db: Db, projectId: string, ids: readonly string[] | null, limit = 60) {
  return repo.projectImages(db, projectId, ids, limit);
}

/** The admin's support view of a project: its newest media (a query for one batch) and its usage (subqueries). */
export { mediaUsage, newestMediaQuery } from '#worker/features/media/repo.ts';
