import type { I18n } from '@lingui/core';
import { X } from 'lucide-react';
import { MEDIA_TYPES, formatLabels, type MediaItem } from '#common/schemas/media.ts';
import type { Format } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { UploadProgress } from '#client/components/upload-progress.tsx';
import { makeThumbnail, putThumbnail, uploadFile } from '#client/lib/media-library.ts';

/**
 * A file dropped on the creative editor's stage (picture-drop.tsx), loaded with the first one,
 * outside the editor's chunk (bench/budgets.json `largestLazyChunkBytes`): the check of its
 * type and size, its upload to the library with the library's own code, and its progress.
 */

/** A quick check before spending bandwidth (the worker decides for real from the bytes). */
export function problemOf(file: File, t: I18n['_'], format: Format): string | null {
  const known = (MEDIA_TYPES as Record<string, { kind: 'image' | 'video'; maxBytes: number }>)[file.type];
  if (!known || known.kind !== 'image') return t('creativeEditor.drop.notPicture', { name: file.name, types: formatLabels('image').join(', ') });
  if (file.size > known.maxBytes) return t('creativeEditor.drop.tooLarge', { name: file.name, max: format.bytes(known.maxBytes) });
  return null;
}

/** Uploads `file` to the project's library (its thumbnail too when it is new) and gives the library's item. */
export async function uploadPicture(projectId: string, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<MediaItem> {
  const { media, created } = await uploadFile(projectId, file, onProgress, signal);
  if (!created) return media;
  const thumbnail = await makeThumbnail(file);
  return thumbnail ? putThumbnail(media.id, thumbnail).catch(() => media) : media;
}

/** The upload under way over the stage: its file's name, its progress and a way to cancel it. */
export function UploadStatus({ name, progress, onCancel }: { name: string; progress: number; onCancel: () => void }) {
  const t = useT();
  return (
    <div className="absolute top-14 left-1/2 z-30 flex w-64 max-w-[90%] -translate-x-1/2 items-center gap-2 rounded-lg bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-zinc-900/10 dark:bg-zinc-900">
      <div className="min-w-0 flex-1">
        <p className="truncate">{t('creativeEditor.drop.uploading', { name })}</p>
        <UploadProgress name={name} progress={progress} className="mt-1" />
      </div>
      <button
        type="button"
        aria-label={t('creativeEditor.drop.cancelUpload', { name })}
        className="rounded p-1 text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
        onClick={onCancel}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
