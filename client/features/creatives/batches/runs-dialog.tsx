import { ChevronLeft } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '#client/components/dialog.tsx';
import { LoadFailed } from '#client/components/alert.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import type { BatchItem } from '#common/schemas/batches.ts';
import { useFormat } from '#client/lib/format.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { RunGallery } from '#client/features/creatives/batches/run-gallery.tsx';
import type { Runs } from '#client/features/creatives/batches/use-runs.ts';

/** The creative's runs from spreadsheets, newest first; one opened shows its gallery. */
export function RunsDialog({
  projectId,
  runs,
  readOnly,
  initial,
  onClose,
  onRetried,
}: {
  projectId: string;
  runs: Runs;
  readOnly: boolean;
  /** The run to open at once (from "Show results"). */
  initial: string | null;
  onClose: () => void;
  onRetried: (item: BatchItem) => void;
}) {
  const t = useT();
  const format = useFormat();
  const [openId, setOpenId] = useState<string | null>(initial);
  const opened = openId ? (runs.items?.find((b) => b.id === openId) ?? null) : null;
  return (
    <Dialog open title={opened ? opened.name : t('batches.runs.title')} onClose={onClose} wide>
      {opened ? (
        <div className="space-y-3">
          <button
            type="button"
            className="inline-flex items-center gap-1 text-sm font-medium underline focus-visible:outline-2 focus-visible:outline-accent-600"
            onClick={() => setOpenId(null)}
          >
            <ChevronLeft className="size-4" aria-hidden="true" /> {t('batches.runs.back')}
          </button>
          <RunGallery projectId={projectId} batch={opened} readOnly={readOnly} onRetried={onRetried} />
        </div>
      ) : runs.items === null ? (
        runs.failed ? (
          <LoadFailed title={t('batches.runs.loadFailed')} onRetry={runs.reload} />
        ) : (
          <SkeletonLines label={t('batches.runs.loading')} />
        )
      ) : runs.items.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('batches.runs.empty')}</p>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {runs.items.map((batch) => (
            <li key={batch.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-medium">{format.date(batch.createdAt, 'dateTime')}</p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {t('batches.runs.meta', { status: batch.status, done: batch.done, failed: batch.failed, total: batch.total })}
                </p>
              </div>
              <button
                type="button"
                className="rounded px-2 py-1 font-medium underline focus-visible:outline-2 focus-visible:outline-accent-600"
                aria-label={t('batches.runs.openLabel', { date: format.date(batch.createdAt, 'dateTime') })}
                onClick={() => setOpenId(batch.id)}
              >
                {t('batches.runs.open')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
