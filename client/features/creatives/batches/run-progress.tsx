import { useState } from 'react';
import type { BatchItem } from '#common/schemas/batches.ts';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { ProgressBar } from '#client/components/progress-bar.tsx';
import { useToast } from '#client/components/toast.tsx';
import { errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { batchesApi } from '#client/features/creatives/batches/api.ts';

/** A run still drawing: its rows settled (drawn or failed) of all, and Cancel, asked first. */
export function RunProgress({
  projectId,
  batch,
  readOnly,
  onChanged,
}: {
  projectId: string;
  batch: BatchItem;
  readOnly: boolean;
  onChanged: (item: BatchItem) => void;
}) {
  const t = useT();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const settled = batch.done + batch.failed;
  const cancel = async () => {
    setPending(true);
    try {
      onChanged(await batchesApi.cancel(projectId, batch.id));
      setAsking(false);
    } catch (error) {
      toast({ tone: 'error', message: errorMessage(error, t('batches.progress.cancelFailed')) });
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="flex min-w-0 items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
      <ProgressBar
        label={t('batches.progress.label')}
        value={settled}
        max={batch.total}
        valueText={t('batches.progress.value', { settled, total: batch.total, failed: batch.failed })}
        caption={t('batches.progress.short', { settled, total: batch.total })}
        className="w-20 flex-none sm:w-28"
      />
      {!readOnly ? (
        <button
          type="button"
          className="rounded px-1 font-medium underline focus-visible:outline-2 focus-visible:outline-accent-600"
          onClick={() => setAsking(true)}
        >
          {t('batches.progress.cancel')}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('batches.progress.confirmTitle')}
        confirmLabel={t('batches.progress.confirm')}
        cancelLabel={t('batches.progress.keep')}
        pending={pending}
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      >
        {t('batches.progress.confirmText', { waiting: batch.total - settled })}
      </ConfirmDialog>
    </div>
  );
}
