import type { CreativeDocument } from '#common/creative/document.ts';
import { isBrandFont } from '#common/fonts.ts';
import { BRAND_FONT_MAX_BYTES, BRAND_FONTS_PER_PROJECT, type BrandFontItem } from '#common/schemas/brand-fonts.ts';
import type { Db } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { readCapped } from '#worker/lib/body.ts';
import { toHex } from '#worker/lib/crypto.ts';
import { AppError } from '#worker/lib/errors.ts';
import { newId } from '#worker/lib/ids.ts';
import { cleanFontName, readFontFile } from '#worker/features/creatives/fonts/font-file.ts';
import * as repo from '#worker/features/creatives/fonts/repo.ts';

/**
 * A project's uploaded fonts (PRODUCT.md §4.3, issue 14): TTF, OTF or WOFF files checked by
 * their bytes, kept in R2 under the project, listed for the editor (which loads them with
 * FontFace) and read by the PNG renderer. Text layers name one as `brand:{id}`; a document
 * naming a font of another project is refused.
 */

const CONTENT_TYPES = { ttf: 'font/ttf', otf: 'font/otf', woff: 'font/woff' } as const;
const FONT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const OTHER_PROJECT = 'Use fonts uploaded to this project.';

/**
 * Satori's verdict on a font file, by its R2 key (files never change), once per isolate. Only
 * verdicts are kept, never a pending call: a promise of one request's call to the renderer must
 * not be awaited by another request.
 */
const drawable = new Map<string, string | undefined>();

/**
 * Lets the real parser decide: the renderer Worker draws "Aa" once with satori using only this
 * font. Returns why it cannot be drawn, or undefined when it can. A renderer that cannot be
 * reached is an error (the caller's 500), never a verdict on the font.
 */
export async function fontDrawError(env: Pick<Bindings, 'RENDERER'>, data: ArrayBuffer | Uint8Array): Promise<string | undefined> {
  const bytes = data instanceof Uint8Array ? data.slice().buffer : data;
  // The renderer Worker, through its service binding (render/images.ts says why it is a Worker of its own).
  const problem = await env.RENDERER.fontDrawError(bytes);
  if (problem === undefined) return undefined;
  const reason = cleanFontName(problem) || 'its outlines could not be read';
  return `This font cannot be drawn: ${reason}. Upload another TTF, OTF or WOFF file.`;
}

async function drawErrorOf(env: Pick<Bindings, 'RENDERER'>, key: string, data: ArrayBuffer): Promise<string | undefined> {
  if (drawable.has(key)) return drawable.get(key);
  // A failed call (the renderer unreachable) throws and is asked again next time, not remembered.
  const verdict = await fontDrawError(env, data);
  drawable.set(key, verdict);
  return verdict;
}

/** The brand font ids (`brand:{id}` → id) of a document's visible text and buttons. */
export function brandFontIdsOf(doc: CreativeDocument): string[] {
  const ids = new Set<string>();
  for (const layer of doc.layers) {
    if ((layer.type === 'text' || layer.type === 'cta') && isBrandFont(layer.font)) ids.add(layer.font.slice('brand:'.length));
  }
  return [...ids];
}

export const brandFontFileUrl = (projectId: string, id: string) => `/api/projects/${projectId}/fonts/${id}/file`;

export function toBrandFontItem(row: repo.BrandFontRow): BrandFontItem {
  return {
    id: row.id,
    ref: `brand:${row.id}`,
    family: row.family,
    weight: row.weight,
    format: row.format,
    size: row.size,
    url: brandFontFileUrl(row.projectId, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listBrandFonts(db: Db, projectId: string): Promise<{ items: BrandFontItem[]; nextCursor: null }> {
  return { items: (await repo.listLive(db, projectId)).map(toBrandFontItem), nextCursor: null };
}

const tooLarge = () => new AppError('payload_too_large', `Font files can be up to ${BRAND_FONT_MAX_BYTES / 1024 / 1024} MiB.`);

export interface FontUpload {
  projectId: string;
  uploaderId: string;
  filename: string;
  contentLength: number | undefined;
  body: ReadableStream<Uint8Array> | null;
}

/** Checks and stores a font. The same file twice returns the first (`created: false`). */
export async function uploadBrandFont(
  db: Db,
  env: Pick<Bindings, 'MEDIA' | 'RENDERER'>,
  upload: FontUpload,
): Promise<{ font: BrandFontItem; created: boolean }> {
  const bucket = env.MEDIA;
  if (upload.contentLength !== undefined && upload.contentLength > BRAND_FONT_MAX_BYTES) {
    await upload.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  const bytes = await readCapped(upload.body, BRAND_FONT_MAX_BYTES, tooLarge().message);
  if (bytes.byteLength === 0) throw new AppError('bad_request', 'Send the font file as the request body.');
  const read = await readFontFile(bytes);
  if (!read.ok) throw new AppError('unsupported_media_type', read.message);
  const cannotDraw = await fontDrawError(env, bytes);
  if (cannotDraw) throw new AppError('unsupported_media_type', cannotDraw);
  const sha256 = toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
  const existing = await repo.findLiveBySha(db, upload.projectId, sha256);
  if (existing) return { font: toBrandFontItem(existing), created: false };

  const id = newId();
  const key = `brand-fonts/${upload.projectId}/${id}`;
  const family = read.info.family || cleanFontName(upload.filename.replace(/\.[A-Za-z0-9]{1,5}$/, '')) || 'Uploaded font';
  await bucket.put(key, bytes, { httpMetadata: { contentType: CONTENT_TYPES[read.info.format] } });
  let row: repo.BrandFontRow | undefined;
  try {
    row = await repo.insertWithinLimit(
      db,
      {
        id,
        projectId: upload.projectId,
        uploadedBy: upload.uploaderId,
        family,
        weight: read.info.weight,
        format: read.info.format,
        size: bytes.byteLength,
        sha256,
        r2Key: key,
        now: new Date(),
      },
      BRAND_FONTS_PER_PROJECT,
    );
  } catch (error) {
    // The same file arrived twice at once: the unique index kept one.
    await bucket.delete(key);
    const winner = await repo.findLiveBySha(db, upload.projectId, sha256);
    if (!winner) throw error;
    return { font: toBrandFontItem(winner), created: false };
  }
  if (!row) {
    await bucket.delete(key);
    throw new AppError('conflict', `A project holds up to ${BRAND_FONTS_PER_PROJECT} fonts: delete one you no longer use first.`);
  }
  return { font: toBrandFontItem(row), created: true };
}

/**
 * Deletes a font: its file goes from R2 at once. Creatives that name it keep their
 * reference and draw with Inter (its fallback), in the editor and in new renders alike.
 */
export async function deleteBrandFont(db: Db, bucket: R2Bucket, projectId: string, id: string): Promise<void> {
  if (!FONT_ID.test(id)) throw new AppError('not_found', 'That font does not exist.');
  const row = await repo.softDelete(db, projectId, id, new Date());
  if (!row) throw new AppError('not_found', 'That font does not exist.');
  await bucket.delete(row.r2Key);
}

/** The font file, for the editor's FontFace. */
export async function serveBrandFont(db: Db, bucket: R2Bucket, projectId: string, id: string): Promise<Response> {
  const row = FONT_ID.test(id) ? await repo.findLive(db, projectId, id) : undefined;
  const object = row ? await bucket.get(row.r2Key) : null;
  if (!row || !object) throw new AppError('not_found', 'That font does not exist.');
  return new Response(object.body, {
    headers: {
      'Content-Type': CONTENT_TYPES[row.format],
      'Content-Length': String(object.size),
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** Refuses a document naming a font that is not (and never was) one of the project's. */
export async function checkBrandFonts(db: Db, projectId: string, doc: CreativeDocument): Promise<void> {
  const ids = brandFontIdsOf(doc);
  if (ids.length === 0) return;
  const rows = await repo.byIds(db, ids);
  const own = new Set(rows.filter((r) => r.projectId === projectId).map((r) => r.id));
  if (ids.some((id) => !own.has(id))) throw new AppError('validation_failed', OTHER_PROJECT, { document: [OTHER_PROJECT] });
}

/**
 * The files of the uploaded fonts a document names, for the renderer (brand font id →
 * bytes). A deleted font is left out (its text draws with Inter); a font of another project
 * refuses the render.
 */
export async function loadBrandFonts(
  env: Pick<Bindings, 'MEDIA' | 'RENDERER'>,
  db: Db,
  projectId: string,
  doc: CreativeDocument,
): Promise<Record<string, ArrayBuffer>> {
  const ids = brandFontIdsOf(doc);
  if (ids.length === 0) return {};
  const rows = await repo.byIds(db, ids);
  const own = rows.filter((r) => r.projectId === projectId);
  if (own.length !== ids.length) throw new AppError('validation_failed', OTHER_PROJECT, { document: [OTHER_PROJECT] });
  const entries = await Promise.all(
    own
      .filter((r) => r.deletedAt === null)
      .map(async (r) => {
        const object = await env.MEDIA.get(r.r2Key);
        return object ? ([r.id, r.r2Key, await object.arrayBuffer()] as const) : undefined;
      }),
  );
  const loaded = entries.filter((e) => e !== undefined);
  // Before any charge: a font satori cannot parse is the user's to replace (422), never a failed render (500).
  for (const [, key, data] of loaded) {
    const cannotDraw = await drawErrorOf(env, key, data);
    if (cannotDraw) throw new AppError('validation_failed', cannotDraw, { document: [cannotDraw] });
  }
  return Object.fromEntries(loaded.map(([id, , data]) => [id, data]));
}

/**
 * The purge job: the fonts of projects deleted before `before` lose their R2 files, then
 * their rows, a batch at a time; the project itself goes only once it holds no font
 * (projects' `deleteEmptyDeletedProjects`), so no file outlives its project. Returns how
 * many fonts went.
 */
export async function purgeBrandFontsOfDeletedProjects(db: Db, bucket: R2Bucket, before: Date, batch: number): Promise<number> {
  const rows = await repo.ofDeletedProjects(db, before, Math.min(batch, 1000));
  if (rows.length === 0) return 0;
  await bucket.delete(rows.map((r) => r.r2Key));
  await repo.deleteByIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.length;
}
