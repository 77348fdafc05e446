import { ADVANCES } from '#common/creative/font-metrics.ts';
import { textFitting } from '#common/creative/text-measure.ts';

/**
 * The text fitting with every bundled font's widths at hand (common/creative/text-measure.ts):
 * what the worker, the templates, resizing and variations measure with. The editor's canvas
 * loads each font's widths with the font instead (client/creative/font-metrics.ts).
 */
export const { textWidthEm, wrapText, copyFits, fitCopy } = textFitting((font) => ADVANCES[font]);
export { isCopyLayer, MIN_FIT_SCALE, type CopyLayer, type WrapStyle } from '#common/creative/text-measure.ts';
