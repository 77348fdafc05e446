import { X } from 'lucide-react';
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
        className="w-20 flex-none sm:w-28 xl:w-12"
      />
      {/* Beside the bar, except from xl up where the editor's toolbar needs the room (the bar's value is read out). */}
      <span aria-hidden="true" className="tabular-nums xl:hidden">
        {t('batches.progress.short', { settled, total: batch.total })}
      </span>
      {!readOnly ? (
        <button
          type="button"
          title={t('batches.progress.cancel')}
          className="rounded px-1 font-medium underline focus-visible:outline-2 focus-visible:outline-accent-600"
          onClick={() => setAsking(true)}
        >
          <X className="hidden size-4 xl:block" aria-hidden="true" />
          <span className="xl:sr-only">{t('batches.progress.cancel')}</span>
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
