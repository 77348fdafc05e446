import { Link } from 'react-router';
import { MAX_MODIFICATIONS } from '#common/creative/modifications.ts';
import { CREDIT_COSTS } from '#common/plans.ts';
import { useSayEnglish, useT } from '#client/lib/i18n-context.tsx';
import type { Problem, RowProblem } from '#client/features/creatives/batches/mapping.ts';

/** At most this many problems are listed (the count says the rest). */
const LISTED = 50;

/** A line's problem in words: the shared rules' English said in the reader's language, or the sheet's own. */
function useProblemText(): (problem: Problem) => string {
  const t = useT();
  const say = useSayEnglish();
  return (problem) => {
    switch (problem.code) {
      case 'message':
        return say(problem.text);
      case 'unknownPicture':
        return t('batches.problem.unknownPicture', { name: problem.name });
      case 'notHttps':
        return t('batches.problem.notHttps');
      case 'yesNo':
        return t('batches.problem.yesNo', { value: problem.value });
      case 'tooManyColumns':
        return t('batches.problem.tooManyColumns', { max: MAX_MODIFICATIONS });
    }
  };
}

/** The lines left out, each with its line (and column) and why. */
export function ProblemList({ problems }: { problems: readonly RowProblem[] }) {
  const t = useT();
  const text = useProblemText();
  if (problems.length === 0) return null;
  return (
    <section aria-label={t('batches.problem.title')} className="space-y-1">
      <h3 className="text-sm font-medium">{t('batches.problem.title')}</h3>
      <ul className="max-h-40 list-disc space-y-0.5 overflow-y-auto pl-5 text-xs text-amber-900 dark:text-amber-200">
        {problems.slice(0, LISTED).map((p, i) => (
          <li key={i}>
            {p.column
              ? t('batches.problem.lineColumn', { line: p.line, column: p.column, problem: text(p.problem) })
              : t('batches.problem.line', { line: p.line, problem: text(p.problem) })}
          </li>
        ))}
      </ul>
      {problems.length > LISTED ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('batches.problem.more', { count: problems.length - LISTED })}</p>
      ) : null}
    </section>
  );
}

/** The most a run of `rows` rows costs: a row whose picture exists already costs nothing. */
export const costOf = (rows: number) => rows * CREDIT_COSTS.render;

/** How many rows will be drawn and skipped, what that costs at most, the balance beside it, and why Start waits when it must. */
export function RunCost({
  rows,
  skipped,
  mapped,
  available,
  reasonId,
}: {
  rows: number;
  skipped: number;
  /** Whether any column is mapped to a layer. */
  mapped: boolean;
  available: number | null;
  reasonId: string;
}) {
  const t = useT();
  const cost = costOf(rows);
  const short = available !== null && available < cost;
  return (
    <div className="space-y-1 text-sm">
      <p role="status">{t('batches.sheet.summary', { rows, skipped })}</p>
      {rows > 0 ? (
        <p>
          <strong>{t('batches.sheet.cost', { count: cost })}</strong>{' '}
          {available !== null ? <span className="text-zinc-600 dark:text-zinc-400">{t('batches.sheet.balance', { available })}</span> : null}
        </p>
      ) : null}
      {rows === 0 ? (
        <p id={reasonId} className="text-zinc-600 dark:text-zinc-400">
          {t(mapped ? 'batches.sheet.noRows' : 'batches.sheet.mapFirst')}
        </p>
      ) : short ? (
        <p id={reasonId} className="text-amber-900 dark:text-amber-200">
          {t('batches.sheet.short', { cost, available })}{' '}
          <Link to="/account/credits" className="font-medium underline">
            {t('creativeEditor.getCredits')}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
