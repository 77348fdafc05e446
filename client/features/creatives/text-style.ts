import type { CreativeDocument, TextLayer, TextRun } from '#common/creative/document.ts';
import { clearRange, rangeStyle, styleRange, type RunStyle } from '#common/creative/runs.ts';

/** A stretch of a text layer's text (UTF-16 offsets); an empty one stands for the whole text. */
export interface TextRange {
  start: number;
  end: number;
}

export type Emphasis = 'bold' | 'italic' | 'underline';

/** The range styles apply to: the selection, or the whole text when nothing is selected. */
export function styledRange(layer: TextLayer, range: TextRange | null): TextRange {
  if (!range || range.start === range.end) return { start: 0, end: layer.text.length };
  return { start: Math.min(range.start, range.end), end: Math.max(range.start, range.end) };
}

/** The document with the layer's runs replaced (none: the field is taken off). */
export function withRuns(doc: CreativeDocument, id: string, runs: TextRun[] | undefined): CreativeDocument {
  return {
    ...doc,
    layers: doc.layers.map((l) => {
      if (l.id !== id || l.type !== 'text') return l;
      const { runs: _old, ...rest } = l;
      return runs ? { ...rest, runs } : rest;
    }),
  };
}

/** What the range shows now (a property set only when all of it has it). */
export function currentStyle(layer: TextLayer, range: TextRange | null): RunStyle {
  const { start, end } = styledRange(layer, range);
  return rangeStyle(layer.text, layer.runs, start, end);
}

/** The layer's runs with `patch` applied to the range. */
export function applyStyle(layer: TextLayer, range: TextRange | null, patch: Partial<RunStyle>): TextRun[] | undefined {
  const { start, end } = styledRange(layer, range);
  return styleRange(layer.text, layer.runs, start, end, patch);
}

/** Bold, italic or underline on for the whole range, or off when all of it has it already. */
export function toggleEmphasis(layer: TextLayer, range: TextRange | null, key: Emphasis): TextRun[] | undefined {
  return applyStyle(layer, range, { [key]: currentStyle(layer, range)[key] !== true });
}

/** Every style taken off the range. */
export function clearStyles(layer: TextLayer, range: TextRange | null): TextRun[] | undefined {
  const { start, end } = styledRange(layer, range);
  return clearRange(layer.text, layer.runs, start, end);
}

/** The emphasis a key combination asks for (Ctrl/⌘ + B, I, U), or null. */
export function emphasisKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): Emphasis | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return null;
  return ({ b: 'bold', i: 'italic', u: 'underline' } as const)[event.key.toLowerCase() as 'b' | 'i' | 'u'] ?? null;
}
