/**
 * resvg draws only where the layers above a background photo lie (issue 29, point 8; decision
 * 0038). Over an underlay (render-prep.ts: `bakeUnderlay`) resvg drew a whole transparent canvas:
 * for a square, 4.7 MB of fresh WebAssembly memory grown, cleared and composited, though the
 * headline and button cover a third of it. The veil (tree.tsx: a full-canvas rectangle of one
 * colour, with an opacity) is the only thing everywhere; every pixel that nothing else reaches is
 * the veil's one pixel over the photo.
 *
 * So: the veil is recognised (`splitVeil`), the rest's bounds asked of resvg (`getBBox`, usvg's
 * bounding box of the whole tree: paths with their strokes and transforms, pictures; clips and
 * masks not counted, so never smaller than what is painted), widened by a margin for
 * antialiasing and kept to the canvas (`cropRect`), and resvg draws the whole SVG — veil included, so that
 * text is blended on the veil exactly as before — on a canvas of just that rectangle, the same
 * drawing shifted by whole pixels (`cropSvg`). Outside it, png-fast.ts lays the veil's pixel
 * (resvg's own, drawn on a 1 × 1 canvas: `veilSvg`) over the photo.
 * Filters (shadows, blurs) paint outside the bounds resvg reports: an SVG with one is drawn whole.
 */

/** A rectangle of whole canvas pixels. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pixels around the reported bounds drawn too: antialiasing reaches one, strokes' joins are approximated. */
export const CROP_MARGIN = 8;

const OPEN = /^<svg [^>]*>/;
/** satori's clip paths and masks: definitions, not painted where they stand. */
const DEFINITION = /^(?:<mask id="[^"]+">(?:(?!<\/mask>).)*<\/mask>|<clipPath id="[^"]+">(?:(?!<\/clipPath>).)*<\/clipPath>)/s;

/**
 * The SVG above an underlay (`cutUnderlay`'s) split into the veil — its first painted element
 * when that is a rectangle of one colour over the whole canvas, without a clip, mask or transform
 * — and the SVG without it (`content`). `veil` is null when there is none; null altogether when
 * the SVG is not one this can crop (a filter, or not an SVG).
 */
export function splitVeil(svg: string, width: number, height: number): { veil: string | null; content: string } | null {
  const open = OPEN.exec(svg);
  if (!open || svg.includes('<filter')) return null;
  let at = open[0].length;
  for (let m = DEFINITION.exec(svg.slice(at)); m; m = DEFINITION.exec(svg.slice(at))) at += m[0].length;
  const veil = new RegExp(`^<rect x="0" y="0" width="${width}" height="${height}" fill="#[0-9a-fA-F]{6}"(?: fill-opacity="[\\d.]+")?/>`).exec(svg.slice(at));
  if (!veil) return { veil: null, content: svg };
  return { veil: veil[0], content: svg.slice(0, at) + svg.slice(at + veil[0].length) };
}

/**
 * The canvas rectangle resvg draws: `bounds` (resvg's, of everything but the veil; undefined
 * when nothing is drawn) widened by CROP_MARGIN to whole pixels and kept to the canvas; at least
 * one pixel (the veil's corner), so that resvg always has a canvas.
 */
export function cropRect(bounds: { x: number; y: number; width: number; height: number } | undefined, width: number, height: number): PixelRect {
  const finite = bounds && [bounds.x, bounds.y, bounds.width, bounds.height].every(Number.isFinite) && bounds.width >= 0 && bounds.height >= 0;
  if (!bounds || !finite) return { x: 0, y: 0, width: 1, height: 1 };
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  const x0 = clamp(Math.floor(bounds.x) - CROP_MARGIN, width - 1);
  const y0 = clamp(Math.floor(bounds.y) - CROP_MARGIN, height - 1);
  const x1 = clamp(Math.ceil(bounds.x + bounds.width) + CROP_MARGIN, width);
  const y1 = clamp(Math.ceil(bounds.y + bounds.height) + CROP_MARGIN, height);
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/** The root of `svg` made a canvas of `rect`'s size showing that part of it: the same drawing, shifted by whole pixels. */
export function cropSvg(svg: string, rect: PixelRect): string {
  const open = OPEN.exec(svg);
  if (!open) throw new Error('not an SVG');
  const root = open[0]
    .replace(/ width="[^"]*"/, ` width="${rect.width}"`)
    .replace(/ height="[^"]*"/, ` height="${rect.height}"`)
    .replace(/ viewBox="[^"]*"/, ` viewBox="${rect.x} ${rect.y} ${rect.width} ${rect.height}"`);
  return root + svg.slice(open[0].length);
}

/** The veil alone on a 1 × 1 canvas: resvg's pixel of it, which lies wherever nothing else does. */
export function veilSvg(veil: string): string {
  return `<svg width="1" height="1" viewBox="0 0 1 1" xmlns="http://www.w3.org/2000/svg">${veil}</svg>`;
}
