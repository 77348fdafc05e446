import { useEffect, useSyncExternalStore } from 'react';
import type { CreativeDocument, FormatId, TextLayer } from '#common/creative/document.ts';
import type { FontAdvances } from '#common/creative/metric-chars.ts';
import { textFitting } from '#common/creative/text-measure.ts';
import { metricFont, type FontId } from '#common/fonts.ts';

/**
 * The text fitting in the browser, each font's advance widths loaded with the font: a module per
 * font (common/creative/font-metrics/, ≈ 400 B gzip each), not the table of all 18 (≈ 7 KB) in
 * the editor's chunk. Until a font's widths have come, text that fits itself in it is not drawn
 * (drawn at a size it does not have, it would jump): the module comes in a few milliseconds,
 * usually before the font's file. Once loaded, the fitting is the worker's (common/creative/text-fit.ts).
 */

const FILES = import.meta.glob<FontAdvances>('/common/creative/font-metrics/*.ts', { import: 'default' });

const loaded = new Map<FontId, FontAdvances>();
const loading = new Map<FontId, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function loadOne(font: FontId): Promise<void> {
  const pending =
    loading.get(font) ??
    FILES[`/common/creative/font-metrics/${font}.ts`]!().then(
      (advances) => {
        loaded.set(font, advances);
        version += 1;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading.delete(font); // tried again on the next request
        throw error;
      },
    );
  loading.set(font, pending);
  return pending;
}

/** Loads the widths of `fonts` (bundled fonts or uploaded ones, measured as their stand-in). */
export async function loadFontMetrics(fonts: Iterable<string>): Promise<void> {
  await Promise.all([...new Set([...fonts].map(metricFont))].filter((font) => !loaded.has(font)).map(loadOne));
}

const fitting = textFitting((font) => {
  const advances = loaded.get(font);
  if (!advances) throw new Error(`The widths of ${font} are not loaded`);
  return advances;
});

/** The size an auto-fit text layer is drawn at in `format`, or undefined while its font's widths are loading. */
export function loadedFitSize(layer: TextLayer, format: FormatId): number | undefined {
  return loaded.has(metricFont(layer.font)) ? fitting.fitCopy(layer, format).size : undefined;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads the widths of the fonts `doc`'s auto-fit text is set in, and draws again when they have
 * come; whether they all have (until then such text is not drawn: the preview is busy).
 */
export function useFontMetrics(doc: CreativeDocument): boolean {
  useSyncExternalStore(subscribe, () => version);
  const fonts = [...new Set(doc.layers.flatMap((layer) => (layer.type === 'text' && layer.autoFit ? [metricFont(layer.font)] : [])))].sort().join(' ');
  useEffect(() => {
    if (fonts) loadFontMetrics(fonts.split(' ')).catch(() => undefined); // a failed load is tried again with the next change
  }, [fonts]);
  return fonts === '' || fonts.split(' ').every((font) => loaded.has(font as FontId));
}
