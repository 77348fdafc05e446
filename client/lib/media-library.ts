/**
 * A project's media library as the features that pick or add media use it (the page and
 * presentation editors, the creative editor, the brand kit): the pickers' list, and uploads
 * with progress and a browser-made preview. The library screen's own calls are in features/media.
 */
import type { MediaItem } from '#common/schemas/media.ts';
import { readErrorBody } from '#common/errors.ts';
import { api, call } from '#client/lib/api.ts';
import { ApiError, httpMessages } from '#client/lib/http.ts';
import type { Page } from '#client/lib/use-paged.ts';

/** The project's images or videos as the pickers show them (the first `limit`). */
export const listProjectMedia = (projectId: string, type: 'image' | 'video', limit = 100) =>
  call(api.api.projects[':projectId'].media.$get({ param: { projectId }, query: { type, limit: String(limit) } })) as Promise<Page<MediaItem>>;

/**
 * Uploads one file as the raw request body (the worker streams it to R2), reporting
 * progress. XMLHttpRequest, because fetch has no upload progress. Resolves with the
 * media and whether it was new (201) or the same bytes already in the library (200).
 */
export function uploadFile(
  projectId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<{ media: MediaItem; created: boolean }> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/projects/${encodeURIComponent(projectId)}/media?filename=${encodeURIComponent(file.name)}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 200 || xhr.status === 201) {
        resolve({ media: xhr.response as MediaItem, created: xhr.status === 201 });
        return;
      }
      const error = readErrorBody(xhr.response);
      reject(new ApiError(error?.code ?? 'internal', error?.message ?? httpMessages.uploadFailed, xhr.status, error?.details, error?.requestId));
    };
    xhr.onerror = () => reject(new ApiError('network', httpMessages.uploadInterrupted, 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

const THUMB_WIDTH = 480;

async function canvasToBlob(draw: (ctx: CanvasRenderingContext2D) => void, width: number, height: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  draw(ctx);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('thumbnail encoding failed'))), 'image/webp', 0.8));
}

function fit(width: number, height: number): [number, number] {
  const w = Math.min(THUMB_WIDTH, width);
  return [w, Math.max(1, Math.round((height / width) * w))];
}

/** A small WebP preview made in the browser: the first frame-ish of a video, or the image scaled down. */
export async function makeThumbnail(file: File): Promise<Blob | null> {
  try {
    if (file.type.startsWith('image/')) {
      const bitmap = await createImageBitmap(file);
      const [w, h] = fit(bitmap.width, bitmap.height);
      const blob = await canvasToBlob((ctx) => ctx.drawImage(bitmap, 0, 0, w, h), w, h);
      bitmap.close();
      return blob;
    }
    if (file.type.startsWith('video/')) {
      const url = URL.createObjectURL(file);
      try {
        const video = document.createElement('video');
        video.muted = true;
        video.preload = 'auto';
        video.src = url;
        await new Promise<void>((resolve, reject) => {
          video.onloadeddata = () => resolve();
          video.onerror = () => reject(new Error('video unreadable'));
        });
        video.currentTime = Math.min(1, (video.duration || 0) / 10);
        await new Promise<void>((resolve) => (video.onseeked = () => resolve()));
        const [w, h] = fit(video.videoWidth, video.videoHeight);
        return await canvasToBlob((ctx) => ctx.drawImage(video, 0, 0, w, h), w, h);
      } finally {
        URL.revokeObjectURL(url);
      }
    }
  } catch {
    // A preview is a nicety: the file is uploaded either way.
  }
  return null;
}

export async function putThumbnail(mediaId: string, blob: Blob): Promise<MediaItem> {
  const response = await fetch(`/api/media/${encodeURIComponent(mediaId)}/thumbnail`, { method: 'PUT', body: blob, credentials: 'same-origin' });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = readErrorBody(body);
    throw new ApiError(error?.code ?? 'internal', error?.message ?? httpMessages.previewFailed, response.status, error?.details, error?.requestId);
  }
  return body as MediaItem;
}
