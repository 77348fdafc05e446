import type { ReactElement } from 'react';
import type { CreativeDocument } from '#common/creative/document.ts';
import { fitCopy } from '#common/creative/text-fit.ts';
import { drawCreative, type TreeOptions } from '#client/creative/draw.tsx';

/**
 * The creative renderer's tree (client/creative/draw.tsx) with every bundled font's widths at
 * hand (common/creative/font-metrics.ts): what the worker renders. Browser code imports
 * draw.tsx, never this module, so that the table of all fonts stays out of its chunks.
 */
export * from '#client/creative/draw.tsx';

/** The creative at its true pixel size. */
export function creativeTree(doc: CreativeDocument, options: TreeOptions): ReactElement {
  return drawCreative(doc, options, (layer, format) => fitCopy(layer, format).size);
}
