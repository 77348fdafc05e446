import { FORMAT_IDS, FORMATS, type CreativeDocument, type FormatId, type Layer } from '#common/creative/document.ts';
import { changeFormat, type TemplateInput } from '#common/creative/templates.ts';
import { fitCopy } from '#common/creative/text-fit.ts';

/**
 * "Resize" (issue 14, point 5): a creative laid out again in another format, for a linked
 * copy. `changeFormat` puts the template's layers where the template has them in that format
 * and keeps the others at their relative place; on top of that, copy that no longer fits its
 * box takes the largest size at which it fits (the same fitting as templates and variations),
 * and round shapes and icons of the user's own keep their proportions rather than turning into ovals.
 */
export function adaptToFormat(doc: CreativeDocument, format: FormatId, brand: TemplateInput['brand']): CreativeDocument {
  const moved = changeFormat(doc, format, brand);
  if (doc.format === format) return moved;
  return { ...moved, layers: moved.layers.map((layer) => adaptLayer(layer, doc.format, format)) };
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
