import { Download, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { isBatchActive, type BatchItem } from '#common/schemas/batches.ts';
import { LoadFailed } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { MessageAlert } from '#client/components/message-alert.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { batchesApi, batchZipHref } from '#client/features/creatives/batches/api.ts';

/**
 * One run's results in the spreadsheet's order: each drawn row's thumbnail, a failed row with
 * its reason, a waiting one as such; "Retry failed rows" once the run has settled, and the ZIP of
 * what was drawn. Read again whenever the run's counts change (the list is polled while it runs).
 */
export function RunGallery({
  projectId,
  batch,
  readOnly,
  onRetried,
}: {
  projectId: string;
  batch: BatchItem;
  readOnly: boolean;
  onRetried: (item: BatchItem) => void;
}) {
  const t = useT();
  const detail = useResource(() => batchesApi.detail(projectId, batch.id), [projectId, batch.id, batch.done, batch.failed, batch.status], { keepStale: true });
  const [retrying, setRetrying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retry = async () => {
    setRetrying(true);
    setError(null);
    try {
      onRetried(await batchesApi.retry(projectId, batch.id));
    } catch (e) {
      setError(errorMessage(e, t('batches.gallery.retryFailed')));
    } finally {
      setRetrying(false);
    }
  };
  if (detail.status === 'loading') return <SkeletonLines label={t('batches.gallery.loading')} />;
  if (detail.status === 'error') return <LoadFailed title={t('batches.gallery.loadFailed')} onRetry={detail.reload} />;
  const rows = [...detail.data.rows].sort((a, b) => a.index - b.index);
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {t('batches.gallery.summary', { status: batch.status, done: batch.done, failed: batch.failed, total: batch.total, credits: batch.credits })}
      </p>
      <div className="flex flex-wrap gap-2">
        {batch.done > 0 ? (
          <a href={batchZipHref(projectId, batch.id)} download className={buttonClass('primary', 'sm')}>
            <Download className="size-4" aria-hidden="true" /> {t('batches.gallery.zip')}
          </a>
        ) : null}
        {!readOnly && batch.failed > 0 && !isBatchActive(batch) ? (
          <Button variant="secondary" size="sm" pending={retrying} pendingLabel={t('batches.gallery.retrying')} onClick={() => void retry()}>
            <RotateCcw className="size-4" aria-hidden="true" /> {t('batches.gallery.retry', { count: batch.failed })}
          </Button>
        ) : null}
      </div>
      <MessageAlert message={error} />
      {rows.length === 0 ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('batches.gallery.empty')}</p> : null}
      <ol className="grid max-h-[55vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-4">
        {rows.map((row) => (
          <li key={row.index} className="min-w-0 rounded-lg border border-zinc-200 p-2 text-xs dark:border-zinc-800">
            {row.status === 'done' && row.thumbnailUrl ? (
              <img
                src={row.thumbnailUrl}
                alt={t('batches.gallery.row', { n: row.index + 1 })}
                loading="lazy"
                className="mx-auto aspect-square w-full rounded object-contain"
              />
            ) : (
              <div className="grid aspect-square place-items-center rounded bg-zinc-100 p-2 text-center dark:bg-zinc-800">
                {row.status === 'failed' ? (
                  <span className="text-red-700 dark:text-red-300">{row.error ?? t('batches.gallery.failed')}</span>
                ) : (
                  <span className="text-zinc-600 dark:text-zinc-400">{t('batches.gallery.waiting')}</span>
                )}
              </div>
            )}
            <p className="mt-1 text-center font-medium">{t('batches.gallery.rowStatus', { n: row.index + 1, status: row.status })}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}
