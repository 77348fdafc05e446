import type { I18n } from '@lingui/core';
import { ShieldAlert } from 'lucide-react';
import type { GuardFinding } from '#common/creative/brand-guard.ts';
import type { CreativeDocument } from '#common/creative/document.ts';
import { fontById, isBrandFont } from '#common/fonts.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { layerName } from '#client/features/creatives/layer-names.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/**
 * The brand guard in the editor (issue 29 §7): flags beside a layer's fields, a checklist before
 * rendering or asking for approval (brand-checklist.tsx, loaded when it opens), the one-click
 * fixes and "Fix all". The rules are common/creative/brand-guard.ts (use-brand-guard.ts), the same
 * the worker refuses a strict project's render with.
 */

export type GuardPurpose = 'render' | 'review';

/** What the panels need: the findings and the fix (omitted: no guard, e.g. the playground). */
export interface GuardProps {
  findings: readonly GuardFinding[];
  onFix: (findings: readonly GuardFinding[]) => void;
}

export interface BrandGuard extends GuardProps {
  strict: boolean;
  /** Runs `go` at once when everything is on brand, else opens the checklist first. */
  check: (purpose: GuardPurpose, go: () => void) => void;
  /** The server refused a render as off brand (the owner made the guard strict meanwhile): the checklist, then `retry`. */
  refused: (retry: () => void) => void;
  pending: { purpose: GuardPurpose; go: () => void } | null;
  close: () => void;
}

const lastKey = (f: GuardFinding) => [...f.path].reverse().find((k): k is string => typeof k === 'string') ?? 'color';
const shown = (f: GuardFinding, value: string) => (f.kind === 'font' && !isBrandFont(value) ? fontById(value).name : value);

/** The field ("Colour", "Gradient end") and where it is ("Headline · Colour", "Background · Gradient end"). */
function whereOf(f: GuardFinding, doc: CreativeDocument, t: I18n['_']): { field: string; where: string } {
  const layer = f.layerId === null ? null : doc.layers.find((l) => l.id === f.layerId);
  const field = t('creativeEditor.guard.field', { field: f.kind === 'font' ? 'font' : lastKey(f) });
  return { field, where: t('creativeEditor.guard.where', { layer: layer ? layerName(layer, t) : t('creativeEditor.guard.background'), field }) };
}

function Swatch({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3.5 flex-none rounded-full border border-zinc-300 dark:border-zinc-600"
      style={{ backgroundColor: colour }}
    />
  );
}

/** One finding and its fix: in a panel (`compact`, the layer's own) by its field, on the checklist by layer and field. */
export function FindingRow({
  finding,
  doc,
  readOnly,
  onFix,
  compact = false,
}: {
  finding: GuardFinding;
  doc: CreativeDocument;
  readOnly: boolean;
  onFix: GuardProps['onFix'];
  compact?: boolean;
}) {
  const t = useT();
  const { field, where } = whereOf(finding, doc, t);
  const value = shown(finding, finding.value);
  const fix = shown(finding, finding.fix);
  return (
    <li className={`flex gap-x-2 gap-y-1 text-xs ${compact ? 'flex-col items-start' : 'flex-wrap items-center'}`}>
      <span className="flex min-w-0 flex-1 gap-2">
        <ShieldAlert aria-hidden="true" className="size-4 flex-none text-amber-600 dark:text-amber-400" />
        <span className="min-w-0 flex-1">
          <span className="block font-medium text-zinc-800 dark:text-zinc-200">{compact ? field : where}</span>
          <span className="flex items-center gap-1 text-zinc-600 dark:text-zinc-400">
            {finding.kind === 'colour' ? <Swatch colour={finding.value} /> : null}
            {t(finding.kind === 'colour' ? 'creativeEditor.guard.offColour' : 'creativeEditor.guard.offFont', { value })}
          </span>
        </span>
      </span>
      {readOnly ? null : (
        <Button
          variant="secondary"
          size="sm"
          className={compact ? 'ml-6' : ''}
          aria-label={t('creativeEditor.guard.fixLabel', { where, fix })}
          onClick={() => onFix([finding])}
        >
          {finding.kind === 'colour' ? <Swatch colour={finding.fix} /> : null}
          {t('creativeEditor.guard.use', { fix })}
        </Button>
      )}
    </li>
  );
}

/** The flags of one layer (or of the background: `layerId` null), shown at the top of its panel. */
export function GuardFlags({
  guard,
  doc,
  layerId,
  readOnly,
}: {
  guard: GuardProps | undefined;
  doc: CreativeDocument;
  layerId: string | null;
  readOnly: boolean;
}) {
  const t = useT();
  const mine = guard?.findings.filter((f) => f.layerId === layerId) ?? [];
  if (!guard || mine.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={t('creativeEditor.guard.flagsTitle')}
      className="rounded-[var(--radius-control)] border border-amber-200 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-900/20"
    >
      <ul className="space-y-2">
        {mine.map((f) => (
          <FindingRow key={f.key} finding={f} doc={doc} readOnly={readOnly} onFix={guard.onFix} compact />
        ))}
      </ul>
    </div>
  );
}

/** Above the canvas of a strict project with something off brand: why rendering is blocked, and the way to the checklist. */
export function StrictGuardBanner({ guard, onReview }: { guard: BrandGuard; onReview: () => void }) {
  const t = useT();
  if (!guard.strict || guard.findings.length === 0) return null;
  return (
    <Alert tone="warning" className="m-4 mb-0">
      {t('creativeEditor.guard.strictBanner', { count: guard.findings.length })}{' '}
      <button type="button" className="font-medium underline" onClick={onReview}>
        {t('creativeEditor.guard.review')}
      </button>
    </Alert>
  );
}
