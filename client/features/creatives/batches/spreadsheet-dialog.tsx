import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { CreativeDocument } from '#common/creative/document.ts';
import type { BatchItem } from '#common/schemas/batches.ts';
import { Button } from '#client/components/button.tsx';
import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { listProjectMedia } from '#client/lib/media-library.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { SpendError } from '#client/features/creatives/render-progress.tsx';
import { batchesApi } from '#client/features/creatives/batches/api.ts';
import { ColumnMappingFields } from '#client/features/creatives/batches/column-mapping.tsx';
import { guessMapping, mapRows, mediaIndex, type ColumnMapping } from '#client/features/creatives/batches/mapping.ts';
import { parseTable } from '#client/features/creatives/batches/parse.ts';
import { RowPreview } from '#client/features/creatives/batches/row-preview.tsx';
import { SheetSource } from '#client/features/creatives/batches/sheet-source.tsx';
import { costOf, ProblemList, RunCost } from '#client/features/creatives/batches/sheet-summary.tsx';

/** The project's pictures a sheet may name (the media pickers' list: the newest 100). */
const MEDIA_LIMIT = 100;

export interface SpreadsheetDialogProps {
  projectId: string;
  creativeId: string;
  doc: CreativeDocument;
  images: Readonly<Record<string, string | undefined>>;
  available: number | null;
  onBeforeStart: () => Promise<boolean>;
  onClose: () => void;
  onStarted: (item: BatchItem) => void;
}

/**
 * "Create from a spreadsheet" (issue 31 point 6): the rows pasted or read from a CSV, the columns
 * mapped to the creative's layers, the first rows drawn live, every line checked as the worker
 * will (the bad ones listed and left out), the cost said with the balance, then Start. A dialog on
 * a wide screen, the whole screen on a phone.
 */
export function SpreadsheetDialog({ projectId, creativeId, doc, images, available, onBeforeStart, onClose, onStarted }: SpreadsheetDialogProps) {
  const t = useT();
  const titleId = useId();
  const reasonId = useId();
  const [text, setText] = useState('');
  const sheet = useDeferredValue(text);
  const parsed = useMemo(() => (sheet.trim() === '' ? null : parseTable(sheet)), [sheet]);
  const table = parsed?.ok ? parsed.table : null;
  // The columns' mapping, guessed anew whenever the header changes.
  const headerKey = table ? JSON.stringify(table.header) : '';
  const [chosen, setChosen] = useState<{ headerKey: string; mapping: ColumnMapping[] }>({ headerKey: '', mapping: [] });
  const mapping = useMemo(
    () => (chosen.headerKey === headerKey ? chosen.mapping : table ? guessMapping(table.header, doc) : []),
    [chosen, headerKey, table, doc],
  );
  const media = useResource(() => listProjectMedia(projectId, 'image', MEDIA_LIMIT), [projectId]);
  const mediaItems = media.status === 'ready' ? media.data.items : null;
  const index = useMemo(() => mediaIndex(mediaItems ?? []), [mediaItems]);
  const mapped = useMemo(() => (table ? mapRows(table, mapping, doc, index) : null), [table, mapping, doc, index]);
  const previewImages = useMemo(() => ({ ...images, ...Object.fromEntries((mediaItems ?? []).map((m) => [m.id, m.fileUrl])) }), [images, mediaItems]);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<{ message: string; credits: boolean } | null>(null);

  const rows = mapped?.rows.length ?? 0;
  const skipped = table ? table.rows.length - rows : 0;
  const short = available !== null && available < costOf(rows);
  // Names of pictures are found in the project's media: until it is read, such rows wait.
  const waitingForMedia = mapping.some((m) => m?.kind === 'image') && mediaItems === null;
  const canStart = rows > 0 && !short && !waitingForMedia;

  const start = async () => {
    if (!mapped || !canStart) return;
    setStarting(true);
    setError(null);
    try {
      if (!(await onBeforeStart())) throw new ApiError('save_failed', t('batches.sheet.saveFirst'), 0);
      onStarted(await batchesApi.start(projectId, { creativeId, rows: mapped.rows }));
    } catch (e) {
      setError({ message: errorMessage(e, t('batches.sheet.startFailed')), credits: e instanceof ApiError && e.code === 'insufficient_credits' });
    } finally {
      setStarting(false);
    }
  };

  return (
    <ModalDialog
      open
      onClose={onClose}
      labelledBy={titleId}
      closeOnBackdrop={false}
      className="p-0 max-sm:m-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-screen max-sm:max-w-none max-sm:rounded-none sm:w-[min(56rem,calc(100vw-2rem))]"
    >
      <div className="relative space-y-4 p-4 sm:p-6">
        <CloseButton onClose={onClose} />
        <h2 id={titleId} className="pr-10 text-lg font-semibold">
          {t('batches.sheet.title')}
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('batches.sheet.intro')}</p>
        <SheetSource text={text} onText={setText} problem={parsed && !parsed.ok ? parsed.problem : null} />
        {table && mapped ? (
          <>
            <ColumnMappingFields table={table} doc={doc} mapping={mapping} onChange={(next) => setChosen({ headerKey, mapping: next })} />
            {waitingForMedia && media.status === 'loading' ? <p role="status">{t('batches.sheet.mediaLoading')}</p> : null}
            {waitingForMedia && media.status === 'error' ? (
              <p role="alert" className="text-sm text-amber-900 dark:text-amber-200">
                {t('batches.sheet.mediaFailed')}{' '}
                <button type="button" className="font-medium underline" onClick={media.reload}>
                  {t('action.tryAgain')}
                </button>
              </p>
            ) : null}
            <RowPreview doc={doc} images={previewImages} rows={mapped.rows} lines={mapped.lines} />
            {waitingForMedia ? null : (
              <>
                <ProblemList problems={mapped.problems} />
                <RunCost rows={rows} skipped={skipped} mapped={mapping.some((m) => m !== null)} available={available} reasonId={reasonId} />
              </>
            )}
          </>
        ) : null}
        {error ? <SpendError error={error} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('creativeEditor.cancel')}
          </Button>
          <Button
            disabled={!canStart}
            aria-describedby={table && !canStart && !waitingForMedia ? reasonId : undefined}
            pending={starting}
            pendingLabel={t('batches.sheet.starting')}
            onClick={() => void start()}
          >
            {t('batches.sheet.start', { count: rows })}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}
