import type { I18n } from '@lingui/core';
import { CheckCircle2, CircleAlert, Upload, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { ACCEPTED_EXTENSIONS, formatLabels, formatMib, MAX_BYTES, MEDIA_TYPES, type MediaItem } from '#common/schemas/media.ts';
import { Button } from '#client/components/button.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { makeThumbnail, putThumbnail, uploadFile } from '#client/lib/media-library.ts';
import { UploadProgress } from '#client/components/upload-progress.tsx';

type Status = 'queued' | 'uploading' | 'finishing' | 'done' | 'duplicate' | 'error' | 'cancelled';

interface Job {
  key: number;
  file: File;
  progress: number;
  status: Status;
  message?: string;
  controller: AbortController;
}

const PARALLEL = 2;

/** A quick check before spending bandwidth; the worker decides for real from the bytes. */
function precheck(file: File, t: I18n['_']): string | undefined {
  const known = Object.entries(MEDIA_TYPES).find(([mime]) => mime === file.type);
  if (file.type && !known) return t('upload.unsupported');
  if (known && file.size > known[1].maxBytes) return t('upload.tooLarge', { kind: known[1].kind, max: formatMib(known[1].maxBytes) });
  return undefined;
}

/**
 * Drag and drop or pick several files; each gets its own progress bar and can be
 * cancelled. A browser-made preview is uploaded after each file.
 */
export function Uploader({ projectId, onUploaded }: { projectId: string; onUploaded: (media: MediaItem) => void }) {
  const t = useT();
  const format = useFormat();
  const [jobs, setJobs] = useState<Job[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  // Files waiting for a free slot, and how many are being sent: a few at a time.
  const waiting = useRef<Job[]>([]);
  const active = useRef(0);
  // The latest callback, for uploads that finish after a re-render.
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });

  const update = useCallback((key: number, patch: Partial<Job>) => setJobs((all) => all.map((j) => (j.key === key ? { ...j, ...patch } : j))), []);

  const run = useCallback(
    async (job: Job) => {
      update(job.key, { status: 'uploading' });
      try {
        const { media, created } = await uploadFile(projectId, job.file, (progress) => update(job.key, { progress }), job.controller.signal);
        let result = media;
        if (created) {
          update(job.key, { status: 'finishing', progress: 1 });
          const thumbnail = await makeThumbnail(job.file);
          if (thumbnail) result = await putThumbnail(media.id, thumbnail).catch(() => media);
        }
        update(job.key, { status: created ? 'done' : 'duplicate', progress: 1, message: created ? undefined : t('upload.duplicate') });
        onUploadedRef.current(result);
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') update(job.key, { status: 'cancelled' });
        else update(job.key, { status: 'error', message: errorMessage(error, t('upload.failed')) });
      }
    },
    [projectId, update, t],
  );

  const pump = () => {
    while (active.current < PARALLEL && waiting.current.length > 0) {
      const job = waiting.current.shift()!;
      // Cancelled while waiting: it never starts.
      if (job.controller.signal.aborted) continue;
      active.current += 1;
      void run(job).finally(() => {
        active.current -= 1;
        pump();
      });
    }
  };

  // Finished rows leave the list after a few seconds; failures stay until the next batch.
  useEffect(() => {
    if (!jobs.some((j) => j.status === 'done' || j.status === 'duplicate' || j.status === 'cancelled')) return;
    if (jobs.some((j) => j.status === 'queued' || j.status === 'uploading' || j.status === 'finishing')) return;
    const timer = setTimeout(() => setJobs((all) => all.filter((j) => j.status === 'error')), 5000);
    return () => clearTimeout(timer);
  }, [jobs]);

  const add = (files: FileList | File[]) => {
    const fresh: Job[] = [...files].map((file) => {
      const problem = precheck(file, t);
      return { key: nextKey.current++, file, progress: 0, status: problem ? 'error' : 'queued', message: problem, controller: new AbortController() };
    });
    setJobs((all) => [...all.filter((j) => j.status !== 'done' && j.status !== 'duplicate' && j.status !== 'cancelled'), ...fresh]);
    waiting.current.push(...fresh.filter((j) => j.status === 'queued'));
    pump();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) add(event.dataTransfer.files);
  };

  return (
    <div>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center gap-2 rounded-[var(--radius-card)] border-2 border-dashed px-6 py-8 text-center transition-colors ${
          dragging ? 'border-accent-600 bg-accent-50 dark:bg-accent-800/20' : 'border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-900'
        }`}
      >
        <Upload aria-hidden="true" className="size-6 text-zinc-400" />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('upload.drop')}{' '}
          <button
            type="button"
            className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-200"
            onClick={() => input.current?.click()}
          >
            {t('upload.choose')}
          </button>
        </p>
        <p className="text-xs text-zinc-500">
          {t('upload.limits', {
            images: formatLabels('image').join(', '),
            imageMax: formatMib(MAX_BYTES.image),
            videos: formatLabels('video').join(', '),
            videoMax: formatMib(MAX_BYTES.video),
          })}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_EXTENSIONS}
          className="sr-only"
          aria-label={t('upload.chooseLabel')}
          onChange={(event) => {
            if (event.currentTarget.files?.length) add(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </div>
      {jobs.length > 0 ? (
        <ul aria-label={t('upload.list')} className="mt-3 space-y-2">
          {jobs.map((job) => (
            <li
              key={job.key}
              className="rounded-[var(--radius-control)] border border-zinc-200 bg-white px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-900"
            >
              <div className="flex items-center gap-3">
                <span className="min-w-0 flex-1 truncate font-medium">{job.file.name}</span>
                <span className="shrink-0 text-xs text-zinc-500">{format.bytes(job.file.size)}</span>
                {job.status === 'done' || job.status === 'duplicate' ? (
                  <CheckCircle2 aria-label={t('upload.done')} className="size-4 text-emerald-600" />
                ) : null}
                {job.status === 'error' ? <CircleAlert aria-label={t('status.failed')} className="size-4 text-red-600" /> : null}
                {job.status === 'uploading' || job.status === 'queued' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="h-7 px-2"
                    onClick={() => {
                      job.controller.abort();
                      // A queued file never starts; a running one ends through the aborted request.
                      if (job.status === 'queued') update(job.key, { status: 'cancelled' });
                    }}
                    aria-label={t('upload.cancel', { name: job.file.name })}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </div>
              {job.status === 'uploading' || job.status === 'queued' || job.status === 'finishing' ? (
                <UploadProgress name={job.file.name} progress={job.progress} className="mt-2" />
              ) : null}
              {job.message || job.status === 'cancelled' || job.status === 'finishing' ? (
                <p className={`mt-1 text-xs ${job.status === 'error' ? 'text-red-700 dark:text-red-400' : 'text-zinc-500'}`}>
                  {job.status === 'cancelled' ? t('upload.cancelled') : job.status === 'finishing' ? t('upload.finishing') : job.message}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
