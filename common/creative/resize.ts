import { FORMAT_IDS, FORMATS, type CreativeDocument, type FormatId, type Layer } from '#common/creative/document.ts';
import { mustStayClear, RESIZE_PLACEMENT, zonesCovering, zonesFor, type Zone } from '#common/creative/safe-zones.ts';
import { changeFormat, type TemplateInput } from '#common/creative/templates.ts';
import { fitCopy } from '#common/creative/text-fit.ts';

/**
 * "Resize" (issue 14, point 5): a creative laid out again in another format, for a linked
 * copy. `changeFormat` puts the template's layers where the template has them in that format
 * and keeps the others at their relative place; on top of that, copy that no longer fits its
 * box takes the largest size at which it fits (the same fitting as templates and variations),
 * and round shapes and icons of the user's own keep their proportions rather than turning into ovals.
 * Text, buttons and logos are then kept out of the bands the placement's interface covers
 * (safe-zones.ts: a story's profile row and reply bar), see `clearOfBands`.
 */
export function adaptToFormat(doc: CreativeDocument, format: FormatId, brand: TemplateInput['brand']): CreativeDocument {
  const moved = changeFormat(doc, format, brand);
  if (doc.format === format) return moved;
  return {
    ...moved,
    layers: clearOfBands(
      moved.layers.map((layer) => adaptLayer(layer, doc.format, format)),
      format,
    ),
  };
}

function adaptLayer(layer: Layer, from: FormatId, to: FormatId): Layer {
  // Auto-fit text is fitted by the renderer itself, in whatever format it is drawn.
  if ((layer.type === 'text' && !layer.autoFit) || layer.type === 'cta') return fitCopy(layer, to);
  if (((layer.type === 'shape' && layer.shape === 'ellipse') || layer.type === 'icon') && !layer.slot) return keepAspect(layer, from, to);
  return layer;
}

/** The largest box of the layer's own proportions (in pixels of `from`) inside its box in `to`, around the same centre. */
function keepAspect<L extends Layer>(layer: L, from: FormatId, to: FormatId): L {
  const a = FORMATS[from];
  const b = FORMATS[to];
  const aspect = ((layer.w / 100) * a.width) / ((layer.h / 100) * a.height);
  const widthPx = (layer.w / 100) * b.width;
  const heightPx = (layer.h / 100) * b.height;
  const [w, h] = widthPx / heightPx > aspect ? [heightPx * aspect, heightPx] : [widthPx, widthPx / aspect];
  const nw = round2((w / b.width) * 100);
  const nh = round2((h / b.height) * 100);
  // Never below the schema's smallest extent.
  if (nw < 0.5 || nh < 0.5) return layer;
  return { ...layer, x: round2(layer.x + (layer.w - nw) / 2), y: round2(layer.y + (layer.h - nh) / 2), w: nw, h: nh };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The formats a creative can be resized to, in the order the product lists them. */
export function otherFormats(format: FormatId): FormatId[] {
  return FORMAT_IDS.filter((f) => f !== format);
}

/* ---------- keeping copy out of the covered bands (issue 29, point 6) ---------- */

/** The free band between the full-width zones at the top and the bottom of `format`'s resize placement; null when there are none. */
function freeBand(format: FormatId): { top: number; bottom: number; zones: readonly Zone[] } | null {
  const placement = RESIZE_PLACEMENT[format];
  if (!placement) return null;
  const zones = zonesFor(placement, format);
  const wide = zones.filter((z) => z.x <= 0 && z.x + z.w >= 100);
  const top = Math.max(0, ...wide.filter((z) => z.y <= 0).map((z) => z.y + z.h));
  const bottom = Math.min(100, ...wide.filter((z) => z.y + z.h >= 100).map((z) => z.y));
  return { top, bottom, zones: wide };
}

/** A template's accent this thin, this close to a block of copy, belongs to it (a rule under a headline) and moves with it. */
const ACCENT_HEIGHT = 3;
const ACCENT_REACH = 3;

/**
 * Moves the layers that must stay clear (text, buttons, logos) out of the format's covered top
 * and bottom bands, keeping their order and the spacing between them as far as it can: the copy
 * forms vertical blocks (layers whose heights overlap); when the blocks stack within the free
 * band, they move as one; when they do not, the gaps between them shrink first, and only when the
 * blocks alone are taller than the band are they scaled down (and their text fitted again).
 * Pictures and panels behind several blocks stay where they are (they may run under the
 * interface); a shape behind the copy of one block (a badge) and a thin accent next to one (a
 * template's rule under a headline) move with it. Nothing changes when no such layer is covered.
 */
export function clearOfBands(layers: Layer[], format: FormatId): Layer[] {
  const band = freeBand(format);
  if (!band) return layers;
  const copy = layers.filter((l) => mustStayClear(l) && l.y < 100 && l.y + l.h > 0);
  if (!copy.some((l) => zonesCovering(l, band.zones).length > 0)) return layers;

  // The blocks: the copy's vertical extents, merged where they overlap.
  const spans = copy.map((l) => [l.y, l.y + l.h] as const).sort((a, b) => a[0] - b[0]);
  const blocks: Array<[number, number]> = [];
  for (const [a, b] of spans) {
    const last = blocks.at(-1);
    if (last && a < last[1]) last[1] = Math.max(last[1], b);
    else blocks.push([a, b]);
  }
  const start = blocks[0]![0];
  const end = blocks.at(-1)![1];
  const room = band.bottom - band.top;
  const heights = blocks.reduce((sum, [a, b]) => sum + (b - a), 0);
  const gaps = end - start - heights;
  // How each block is scaled and how the gaps between blocks are scaled.
  const [blockScale, gapScale] = end - start <= room ? [1, 1] : heights <= room ? [1, (room - heights) / gaps] : [room / (end - start), room / (end - start)];
  const top = end - start <= room ? Math.min(Math.max(start, band.top), band.bottom - (end - start)) : band.top;
  const placed: Array<{ from: number; to: number }> = [];
  let cursor = top;
  blocks.forEach(([a, b], i) => {
    if (i > 0) cursor += (a - blocks[i - 1]![1]) * gapScale;
    placed.push({ from: a, to: cursor });
    cursor += (b - a) * blockScale;
  });
  const blockOf = (y: number, h: number) => blocks.findIndex(([a, b]) => y >= a - ACCENT_REACH && y + h <= b + ACCENT_REACH);

  return layers.map((layer) => {
    if (copy.includes(layer)) {
      const i = blocks.findIndex(([a, b]) => layer.y >= a && layer.y + layer.h <= b);
      const { from, to } = placed[i]!;
      const h = blockScale === 1 ? layer.h : Math.max(0.5, round2(layer.h * blockScale));
      const moved = { ...layer, y: round2(to + (layer.y - from) * blockScale), h };
      return h !== layer.h && ((moved.type === 'text' && !moved.autoFit) || moved.type === 'cta') ? fitCopy(moved, format) : moved;
    }
    if (layer.type !== 'shape') return layer;
    // A shape behind copy of one block (a badge, a button's plate) moves with that block.
    const inside = copy.filter(
      (c) => c.x >= layer.x - 0.5 && c.y >= layer.y - 0.5 && c.x + c.w <= layer.x + layer.w + 0.5 && c.y + c.h <= layer.y + layer.h + 0.5,
    );
    const under = new Set(inside.map((c) => blocks.findIndex(([a, b]) => c.y >= a && c.y + c.h <= b)));
    const i = under.size === 1 ? [...under][0]! : layer.slot === 'accent' && layer.h < ACCENT_HEIGHT && inside.length === 0 ? blockOf(layer.y, layer.h) : -1;
    return i >= 0 ? { ...layer, y: round2(layer.y + placed[i]!.to - placed[i]!.from) } : layer;
  });
}
