import type { PhotoAttribution, PhotoProvider, PhotoSearchPage } from '#common/schemas/photos.ts';
import { readCapped } from '#worker/lib/body.ts';
import { AppError } from '#worker/lib/errors.ts';

/** Results per page, the same for every provider (the picker's grid). */
export const PER_PAGE = 24;

/** A photo's bytes and what the media row keeps of it. */
export interface PhotoDownload {
  bytes: Uint8Array<ArrayBuffer>;
  filename: string;
  alt: string;
  attribution: PhotoAttribution;
}

/**
 * One source of photos behind the picker's "Photos" tab: Unsplash, Pexels or the bundled CC0 set
 * (photoSourceFor picks one by the configuration). Errors are AppErrors a person can act on.
 */
export interface PhotoSource {
  provider: PhotoProvider;
  /** A page of photos matching `query` (the provider's own picks for an empty query). */
  search(query: string, page: number): Promise<PhotoSearchPage>;
  /** The photo `id` to import, its credit, and (Unsplash) its download tracked as the provider's terms ask. */
  download(id: string): Promise<PhotoDownload>;
}

/** The largest picture a provider may send (an upload's limit is 20 MiB; the sizes asked for are far smaller). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;

/**
 * A provider's answer turned into what a person can act on: its limit (429), its key refused
 * (401/403, the operator's to fix), a photo gone (404), anything else unreachable. Never a 500.
 */
export function providerError(status: number): AppError {
  if (status === 429) return new AppError('rate_limited', 'The photo service has reached its limit for now. Try again in a few minutes.');
  if (status === 401 || status === 403)
    return new AppError('upstream_failed', 'The photo service refused the request. Ask the operator to check its access key.');
  if (status === 404) return new AppError('not_found', 'This photo is no longer available.');
  return new AppError('upstream_failed', 'The photo service could not be reached. Try again.');
}

/** A fetch to a provider: its network failures and error statuses as providerError, the body as JSON. */
export async function providerJson(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch {
    throw providerError(0);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw providerError(response.status);
  }
  try {
    return await response.json();
  } catch {
    throw providerError(0);
  }
}

/** The provider's answer in the shape we read, else the provider's answer is one we cannot use. */
export function parsed<T>(result: { success: true; data: T } | { success: false }): T {
  if (!result.success) throw providerError(0);
  return result.data;
}

/**
 * The picture itself, from the provider's image host only (the address comes from its API, but
 * a changed or odd answer must not make the worker fetch anything else), at most MAX_PHOTO_BYTES.
 */
export async function fetchPhotoBytes(url: string, host: string): Promise<Uint8Array<ArrayBuffer>> {
  let parsedUrl: URL;
  try {
    parsedUrl = new URL(url);
  } catch {
    throw providerError(0);
  }
  if (parsedUrl.protocol !== 'https:' || parsedUrl.hostname !== host) throw providerError(0);
  let response: Response;
  try {
    response = await fetch(parsedUrl, { signal: AbortSignal.timeout(20_000) });
  } catch {
    throw providerError(0);
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw providerError(response.status === 404 ? 404 : 0);
  }
  return readCapped(response.body, MAX_PHOTO_BYTES, 'This photo is too large to import.');
}

/** The file's extension from its first bytes (a provider may send a PNG or a WebP); the upload's checks decide what it truly is. */
function extensionOf(bytes: Uint8Array): string {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'webp';
  return 'jpg';
}

/** A file name for the library from a photo's description (or its provider and id). */
export function photoFileName(alt: string, fallback: string, bytes: Uint8Array): string {
  const words = alt
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${words || fallback}.${extensionOf(bytes)}`;
}
