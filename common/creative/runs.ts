import { MAX_RUNS, type TextRun } from '#common/creative/document.ts';

/**
 * Styled words in a text layer (its `runs`, common/creative/document.ts): ranges of the plain
 * `text` with what differs there from the layer's style. Every function here keeps them
 * normal: sorted, apart, non-empty, within the text, with a style each, equal neighbours joined.
 */

/** What a range changes: each property absent where the layer's own style applies. */
export type RunStyle = Omit<TextRun, 'start' | 'end'>;
export type RunStyleKey = keyof RunStyle;
export const RUN_STYLE_KEYS = ['bold', 'italic', 'underline', 'color', 'highlight'] as const satisfies readonly RunStyleKey[];

/** A piece of the text in one style (the renderer draws each as a span). */
export interface Segment {
  start: number;
  end: number;
  text: string;
  style: RunStyle;
}

function styleOf(run: RunStyle): RunStyle {
  const style: RunStyle = {};
  for (const key of RUN_STYLE_KEYS) {
    const value = run[key];
    // `false` is the layer's style too: kept out, so that equal pieces compare equal.
    if (value !== undefined && value !== false) (style as Record<string, unknown>)[key] = value;
  }
  return style;
}

const sameStyle = (a: RunStyle, b: RunStyle) => RUN_STYLE_KEYS.every((key) => a[key] === b[key]);
const isPlain = (style: RunStyle) => RUN_STYLE_KEYS.every((key) => style[key] === undefined);

/** The text cut into pieces of one style each, plain pieces included, in order (ranges beyond the text ignored). */
export function segmentsOf(text: string, runs: readonly TextRun[] | undefined): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  const push = (start: number, end: number, style: RunStyle) => {
    if (end <= start) return;
    const last = out[out.length - 1];
    if (last && last.end === start && sameStyle(last.style, style)) {
      last.end = end;
      last.text = text.slice(last.start, end);
    } else out.push({ start, end, text: text.slice(start, end), style });
  };
  for (const run of [...(runs ?? [])].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(run.start, text.length));
    const end = Math.min(run.end, text.length);
    if (end <= start) continue;
    push(at, start, {});
    push(start, end, styleOf(run));
    at = end;
  }
  push(at, text.length, {});
  return out;
}

/** The normal ranges of styled pieces (plain pieces left out; undefined when nothing is styled). */
function runsOf(segments: readonly Segment[]): TextRun[] | undefined {
  const runs = segments.filter((s) => !isPlain(s.style)).map((s) => ({ start: s.start, end: s.end, ...s.style }));
  return runs.length > 0 ? runs.slice(0, MAX_RUNS) : undefined;
}

/** Rebuilds segments from pieces whose styles changed (joining equal neighbours). */
function rejoin(text: string, pieces: readonly Segment[]): TextRun[] | undefined {
  return runsOf(segmentsOf(text, runsOf(pieces)));
}

/** The pieces, split at `start` and `end` so that [start, end) is made of whole pieces. */
function splitAt(segments: readonly Segment[], text: string, start: number, end: number): Segment[] {
  return segments.flatMap((s) => {
    const cuts = [s.start, ...[start, end].filter((c) => c > s.start && c < s.end), s.end];
    return cuts.slice(1).map((to, i) => ({ start: cuts[i]!, end: to, text: text.slice(cuts[i], to), style: s.style }));
  });
}

/**
 * The ranges with `patch` applied to [start, end) of `text` (a property set to undefined or
 * false takes it off there: the layer's style again).
 */
export function styleRange(text: string, runs: readonly TextRun[] | undefined, start: number, end: number, patch: Partial<RunStyle>): TextRun[] | undefined {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end));
  if (to <= from) return runs && runs.length > 0 ? [...runs] : undefined;
  const pieces = splitAt(segmentsOf(text, runs), text, from, to).map((s) =>
    s.start >= from && s.end <= to ? { ...s, style: styleOf({ ...s.style, ...patch }) } : s,
  );
  return rejoin(text, pieces);
}

/** The ranges with every style taken off [start, end). */
export function clearRange(text: string, runs: readonly TextRun[] | undefined, start: number, end: number): TextRun[] | undefined {
  return styleRange(text, runs, start, end, { bold: undefined, italic: undefined, underline: undefined, color: undefined, highlight: undefined });
}

/**
 * The value a style property has over all of [start, end): the common value, or undefined when
 * it differs or is unset somewhere (the panel's buttons show "on" only when all of it is).
 */
export function rangeStyle(text: string, runs: readonly TextRun[] | undefined, start: number, end: number): RunStyle {
  const from = Math.max(0, Math.min(start, end));
  const to = Math.min(text.length, Math.max(start, end));
  const inside = splitAt(segmentsOf(text, runs), text, from, to).filter((s) => s.start >= from && s.end <= to);
  if (inside.length === 0) return {};
  const common: RunStyle = {};
  for (const key of RUN_STYLE_KEYS) {
    const first = inside[0]!.style[key];
    if (first !== undefined && inside.every((s) => s.style[key] === first)) (common as Record<string, unknown>)[key] = first;
  }
  return common;
}

/**
 * The ranges after `before` became `after` (an edit of the plain text: typing, deleting,
 * pasting). The changed stretch is found from the common start and end; ranges before it stay,
 * ranges after it move by the change in length, characters typed right after a styled range
 * take its style (as in any word processor), and a range whose characters were all deleted goes.
 */
export function retextRuns(before: string, after: string, runs: readonly TextRun[] | undefined): TextRun[] | undefined {
  if (!runs || runs.length === 0) return undefined;
  if (before === after) return [...runs];
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before[prefix] === after[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < max - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix += 1;
  const oldEnd = before.length - suffix;
  const newEnd = after.length - suffix;
  const delta = after.length - before.length;
  const pure = prefix === oldEnd;
  const moved = runs.map((run) => {
    const { start: s, end: e } = run;
    // Typed mid-text right at a range's start: before it (the preceding character's style); replacing from there: in it.
    const start = s < prefix ? s : s === prefix ? (pure && prefix > 0 ? s + delta : prefix) : s >= oldEnd ? s + delta : newEnd;
    const end = e < prefix ? e : e === prefix ? (pure ? newEnd : e) : e <= oldEnd ? newEnd : e + delta;
    return { ...run, start, end };
  });
  return runsOf(
    segmentsOf(
      after,
      moved.filter((r) => r.end > r.start),
    ),
  );
}
