import type { I18n } from '@lingui/core';
import { AlertTriangle, CircleAlert, ListChecks } from 'lucide-react';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { findingOfKey, type PageFinding } from '#common/schemas/page-checks.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { fieldName } from '#client/components/editor/spec-form.tsx';
import { ApiError } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { blockName } from '#client/features/pages/blocks-list.tsx';
import type { PageDraft } from '#client/features/pages/editor-state.ts';

/**
 * The checks before publishing in the page editor (issue 30 §3): a count beside Publish, the
 * checklist (errors, then warnings, each with "Go to"), and the question before publishing with
 * warnings. The rules are common/schemas/page-checks.ts, the ones the worker refuses with.
 */

/** What the checklist is open for: to look (`list`), or on the way to publishing (`publish`: "Publish anyway" when only warnings are left). */
export type ChecklistMode = 'list' | 'publish';

/** The findings of a `page_checks_failed` refusal (its keys), or null for any other error. */
export function refusedFindings(error: unknown): PageFinding[] | null {
  if (!(error instanceof ApiError) || error.code !== 'page_checks_failed') return null;
  const keys = [...(error.details?.errors ?? []), ...(error.details?.warnings ?? [])];
  return keys.map(findingOfKey).filter((f): f is PageFinding => f !== undefined);
}

/** Findings of both lists, each key once (the editor's own, then what only the server found, like a link to an unpublished page). */
export function mergeFindings(local: readonly PageFinding[], server: readonly PageFinding[]): PageFinding[] {
  const keys = new Set(local.map((f) => f.key));
  const all = [...local, ...server.filter((f) => !keys.has(f.key))];
  return [...all.filter((f) => f.severity === 'error'), ...all.filter((f) => f.severity === 'warning')];
}

/** Where a finding is: the block's name (or "Search and sharing"), with its variant when the page has a B. */
function whereOf(t: I18n['_'], finding: PageFinding, draft: PageDraft): string {
  const doc: PageDocument | null = finding.variant === 'b' ? draft.b : draft.a;
  const block = doc?.blocks.find((b) => b.id === finding.blockId);
  const part = finding.blockId === 'seo' ? t('funnels.checks.seo') : block ? blockName(t, block) : finding.blockId;
  // The words in question, quoted, so that two findings of one block (two placeholders of a FAQ) tell apart.
  const words = wordsAt(finding.blockId === 'seo' ? doc?.seo : block?.props, finding.path);
  const where = words ? t('funnels.checks.atWords', { where: part, words }) : part;
  return draft.b ? t('funnels.checks.inVariant', { variant: finding.variant.toUpperCase(), where }) : where;
}

/** The text at `path` ("items.0.question") of a block's props, shortened to a glance; undefined when it is not text. */
function wordsAt(props: unknown, path: string): string | undefined {
  let value: unknown = props;
  for (const key of path.split('.')) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > 48 ? `${flat.slice(0, 47)}…` : flat;
}

/** Moves focus to the field of a finding, once its panel shows it (a fieldset: its first control). */
export function focusFinding(finding: Pick<PageFinding, 'blockId' | 'path' | 'variant'>): boolean {
  const group = finding.blockId === 'seo' ? `seo-${finding.variant}` : finding.blockId;
  const element = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(fieldName(group, finding.path))}"]`);
  if (!element) return false;
  const target = element.tagName === 'FIELDSET' ? element.querySelector<HTMLElement>('input, textarea, select, button') : element;
  target?.focus();
  target?.scrollIntoView?.({ block: 'center' });
  return true;
}

/** The button beside Publish: "Checks" with the number of errors (red) or warnings (amber) left. */
export function ChecksButton({ findings, onOpen }: { findings: readonly PageFinding[]; onOpen: () => void }) {
  const t = useT();
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const tone = errors > 0 ? 'bg-red-600 text-white' : warnings > 0 ? 'bg-amber-400 text-zinc-900' : 'bg-emerald-600 text-white';
  return (
    <Button variant="secondary" size="sm" onClick={onOpen}>
      {/* The name is what the button shows ("Checks 4"), then what the count is made of, for screen readers (WCAG 2.5.3: the visible words begin the name). */}
      <ListChecks className="size-4" aria-hidden="true" /> {t('funnels.checks.button')}{' '}
      <span className={`ml-1 min-w-5 rounded-full px-1.5 text-xs font-semibold tabular-nums ${tone}`}>{errors + warnings}</span>
      <span className="sr-only"> ({t('funnels.checks.buttonLabel', { errors, warnings })})</span>
    </Button>
  );
}

function FindingRow({ finding, draft, onGoTo }: { finding: PageFinding; draft: PageDraft; onGoTo: (finding: PageFinding) => void }) {
  const t = useT();
  const where = whereOf(t, finding, draft);
  const Icon = finding.severity === 'error' ? CircleAlert : AlertTriangle;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <Icon
        aria-hidden="true"
        className={`size-4 flex-none ${finding.severity === 'error' ? 'text-red-600 dark:text-red-400' : 'text-amber-600 dark:text-amber-400'}`}
      />
      <span className="min-w-0 flex-1 text-sm">
        <span className="block font-medium text-zinc-900 dark:text-zinc-100">{t(finding.message)}</span>
        <span className="block text-xs text-zinc-600 dark:text-zinc-400">{where}</span>
      </span>
      <Button variant="secondary" size="sm" aria-label={t('funnels.checks.goToLabel', { where })} onClick={() => onGoTo(finding)}>
        {t('funnels.checks.goTo')}
      </Button>
    </li>
  );
}

/**
 * The checklist. Opened to look, or by Publish: with errors it says so and lists them; with only
 * warnings it asks "Publish with N warnings?" and offers "Publish anyway" (accepting exactly those).
 */
export function Checklist({
  open,
  mode,
  findings,
  draft,
  onClose,
  onGoTo,
  onPublishAnyway,
}: {
  open: boolean;
  mode: ChecklistMode;
  findings: readonly PageFinding[];
  draft: PageDraft;
  onClose: () => void;
  onGoTo: (finding: PageFinding) => void;
  onPublishAnyway: (warnings: string[]) => void;
}) {
  const t = useT();
  const errors = findings.filter((f) => f.severity === 'error');
  const warnings = findings.filter((f) => f.severity === 'warning');
  const asking = mode === 'publish' && errors.length === 0 && warnings.length > 0;
  const section = (title: string, list: readonly PageFinding[]) =>
    list.length === 0 ? null : (
      <section aria-label={title} className="mt-3">
        <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{title}</h3>
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {list.map((f) => (
            <FindingRow key={f.key} finding={f} draft={draft} onGoTo={onGoTo} />
          ))}
        </ul>
      </section>
    );
  return (
    <Dialog open={open} title={asking ? t('funnels.checks.warningsTitle', { count: warnings.length }) : t('funnels.checks.title')} onClose={onClose}>
      {findings.length === 0 ? (
        <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200">
          {t('funnels.checks.allClear')}
        </p>
      ) : null}
      {mode === 'publish' && errors.length > 0 ? <p className="text-sm text-red-700 dark:text-red-400">{t('funnels.checks.blocked')}</p> : null}
      {asking ? <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('funnels.checks.warningsIntro')}</p> : null}
      <div className="max-h-[55vh] overflow-y-auto">
        {section(t('funnels.checks.errors'), errors)}
        {section(t('funnels.checks.warnings'), warnings)}
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant={asking ? 'ghost' : 'primary'} onClick={onClose}>
          {t('funnels.checks.close')}
        </Button>
        {asking ? <Button onClick={() => onPublishAnyway(warnings.map((f) => f.key))}>{t('funnels.checks.publishAnyway')}</Button> : null}
      </div>
    </Dialog>
  );
}
