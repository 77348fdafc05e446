import { Upload } from 'lucide-react';
import { useId, useState, type DragEvent } from 'react';
import { MAX_BATCH_ROWS } from '#common/schemas/batches.ts';
import { Alert } from '#client/components/alert.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { readTextFile, type TableProblem } from '#client/features/creatives/batches/parse.ts';

/** What the sheet's problem is, in words. */
export function useTableProblemText(): (problem: TableProblem) => string {
  const t = useT();
  return (problem) =>
    problem.code === 'tooMany'
      ? t('batches.source.tooMany', { count: problem.count, max: MAX_BATCH_ROWS })
      : t('batches.source.problem', { code: problem.code });
}

/**
 * Where the rows come from: a CSV file (chosen or dropped), whose text then stands in the box, or
 * rows pasted from Google Sheets or Excel. A file that is no sheet is refused with a word, and
 * the box keeps what was in it.
 */
export function SheetSource({ text, onText, problem }: { text: string; onText: (text: string) => void; problem: TableProblem | null }) {
  const t = useT();
  const say = useTableProblemText();
  const [fileProblem, setFileProblem] = useState<TableProblem | null>(null);
  const [over, setOver] = useState(false);
  const boxId = useId();
  const problemId = useId();
  const read = async (file: File | undefined) => {
    if (!file) return;
    const result = await readTextFile(file);
    if (result.ok) {
      setFileProblem(null);
      onText(result.text);
    } else setFileProblem(result.problem);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void read(event.dataTransfer.files[0]);
  };
  const current = fileProblem ?? problem;
  return (
    <section
      aria-label={t('batches.source.title')}
      className={`space-y-2 rounded-lg border border-dashed p-3 ${over ? 'border-accent-600 bg-accent-50 dark:bg-accent-800/20' : 'border-zinc-300 dark:border-zinc-700'}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 font-medium shadow-sm focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent-600 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800">
          <Upload className="size-4" aria-hidden="true" />
          {t('batches.source.upload')}
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            className="sr-only"
            onChange={(event) => {
              void read(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <span className="text-zinc-600 dark:text-zinc-400">{t('batches.source.drop')}</span>
      </div>
      <label htmlFor={boxId} className="block text-sm font-medium">
        {t('batches.source.paste')}
      </label>
      <textarea
        id={boxId}
        value={text}
        onChange={(event) => {
          setFileProblem(null);
          onText(event.target.value);
        }}
        rows={5}
        spellCheck={false}
        aria-describedby={current ? problemId : undefined}
        placeholder={t('batches.source.placeholder')}
        className="block w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white p-2 font-mono text-xs text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
      {current && (text.trim() !== '' || fileProblem) ? (
        <div id={problemId}>
          <Alert tone="warning">{say(current)}</Alert>
        </div>
      ) : null}
    </section>
  );
}
