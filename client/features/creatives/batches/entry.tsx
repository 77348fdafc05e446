import { FileSpreadsheet, ListChecks } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { CreativeDocument } from '#common/creative/document.ts';
import { isBatchActive, type BatchItem } from '#common/schemas/batches.ts';
import { Button } from '#client/components/button.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { RunProgress } from '#client/features/creatives/batches/run-progress.tsx';
import { useRuns } from '#client/features/creatives/batches/use-runs.ts';

// The sheet's dialog (with its parser) and the runs' gallery load when first opened.
const SpreadsheetDialog = lazy(() => import('#client/features/creatives/batches/spreadsheet-dialog.tsx').then((m) => ({ default: m.SpreadsheetDialog })));
const RunsDialog = lazy(() => import('#client/features/creatives/batches/runs-dialog.tsx').then((m) => ({ default: m.RunsDialog })));

export interface SpreadsheetRunsProps {
  projectId: string;
  creativeId: string;
  /** The editor's document: the preview draws the rows on it (the run uses the saved version). */
  doc: CreativeDocument;
  images: Readonly<Record<string, string | undefined>>;
  readOnly: boolean;
  /** The balance, when known. */
  available: number | null;
  /** Saves pending edits first (the run draws the saved version); false when that failed. */
  onBeforeStart: () => Promise<boolean>;
  /** A run started or settled: the balance changed. */
  onCreditsChanged: () => void;
}

/**
 * Bulk creatives in the creative editor (issue 31 point 6), its one entry point, loaded after the
 * editor's first paint: "From a spreadsheet", the progress of a run still drawing (also after a
 * reload), a word when it has finished, and the creative's past runs.
 */
export default function SpreadsheetRuns({ projectId, creativeId, doc, images, readOnly, available, onBeforeStart, onCreditsChanged }: SpreadsheetRunsProps) {
  const t = useT();
  const runs = useRuns(projectId, creativeId);
  const [dialog, setDialog] = useState<{ kind: 'sheet' } | { kind: 'runs'; batchId: string | null } | null>(null);
  const active = runs.items?.find(isBatchActive) ?? null;
  // The run whose progress was shown, to say when it has finished.
  const [watched, setWatched] = useState<string | null>(null);
  if (active && active.id !== watched) setWatched(active.id);
  const finished = !active && watched ? (runs.items?.find((b) => b.id === watched) ?? null) : null;
  const settledRef = useRef<string | null>(null);
  useEffect(() => {
    if (finished && settledRef.current !== finished.id) {
      settledRef.current = finished.id;
      onCreditsChanged();
    }
  }, [finished, onCreditsChanged]);

  const finishedText = finished ? t('batches.entry.finished', { done: finished.done, failed: finished.failed }) : '';

  const started = (item: BatchItem) => {
    runs.put(item);
    runs.reload();
    onCreditsChanged();
    setDialog(null);
  };

  return (
    <>
      {!readOnly ? (
        <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'sheet' })} title={t('batches.entry.fromSheet')}>
          <FileSpreadsheet className="size-4" aria-hidden="true" /> <span className="xl:max-2xl:sr-only">{t('batches.entry.fromSheet')}</span>
        </Button>
      ) : null}
      {runs.items && runs.items.length > 0 ? (
        <Button variant="ghost" size="sm" onClick={() => setDialog({ kind: 'runs', batchId: null })} title={t('batches.entry.runs')}>
          <ListChecks className="size-4" aria-hidden="true" /> <span className="sr-only">{t('batches.entry.runs')}</span>
        </Button>
      ) : null}
      {active ? <RunProgress projectId={projectId} batch={active} readOnly={readOnly} onChanged={runs.put} /> : null}
      {finished ? (
        <p role="status" title={finishedText} className="flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
          <span className="xl:sr-only">{finishedText}</span>
          <button
            type="button"
            className="font-medium underline focus-visible:outline-2 focus-visible:outline-accent-600"
            onClick={() => {
              setWatched(null);
              setDialog({ kind: 'runs', batchId: finished.id });
            }}
          >
            {t('batches.entry.showResults')}
          </button>
        </p>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          {dialog.kind === 'sheet' ? (
            <SpreadsheetDialog
              projectId={projectId}
              creativeId={creativeId}
              doc={doc}
              images={images}
              available={available}
              onBeforeStart={onBeforeStart}
              onClose={() => setDialog(null)}
              onStarted={started}
            />
          ) : (
            <RunsDialog projectId={projectId} runs={runs} readOnly={readOnly} initial={dialog.batchId} onClose={() => setDialog(null)} onRetried={started} />
          )}
        </Suspense>
      ) : null}
    </>
  );
}
