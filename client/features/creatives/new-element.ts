import { FORMATS, LINE_WIDTH, type CreativeDocument, type IconLayer, type IconNode, type ShapeKind, type ShapeLayer } from '#common/creative/document.ts';
import { round2, uniqueLayerId } from '#client/features/creatives/editor-state.ts';

/**
 * New elements from the Elements picker, in the middle of the canvas and the brand's first
 * colour: shapes, lines and arrows (a horizontal line through the middle of its box; the
 * layer's rotation turns it) and icons (square in pixels, whatever the format).
 */

/** A box of `wPx` × `hPx` canvas pixels around the canvas's centre, in percent of the format. */
function centred(doc: CreativeDocument, wPx: number, hPx: number) {
  const { width, height } = FORMATS[doc.format];
  const w = round2((wPx / width) * 100);
  const h = round2((hPx / height) * 100);
  return { x: round2(50 - w / 2), y: round2(50 - h / 2), w, h };
}

export function newShape(doc: CreativeDocument, shape: ShapeKind, palette: readonly string[]): ShapeLayer {
  const id = uniqueLayerId(doc, shape === 'rect' || shape === 'ellipse' ? 'shape' : shape);
  const fill = palette[0] ?? '#1f3a5f';
  const short = Math.min(FORMATS[doc.format].width, FORMATS[doc.format].height);
  switch (shape) {
    case 'rect':
      return { id, type: 'shape', ...centred(doc, short * 0.4, short * 0.24), shape, fill, opacity: 1, radius: 2 };
    case 'ellipse':
      return { id, type: 'shape', ...centred(doc, short * 0.3, short * 0.3), shape, fill, opacity: 1, radius: 0 };
    case 'line':
    case 'arrow':
      // A box a little taller than the line: room for the arrow's head and a handle to grab.
      return { id, type: 'shape', ...centred(doc, short * 0.5, short * 0.06), shape, fill, opacity: 1, radius: 0, strokeWidth: LINE_WIDTH };
  }
}

export function newIcon(doc: CreativeDocument, icon: string, nodes: readonly IconNode[], palette: readonly string[]): IconLayer {
  const short = Math.min(FORMATS[doc.format].width, FORMATS[doc.format].height);
  return {
    id: uniqueLayerId(doc, 'icon'),
    type: 'icon',
    ...centred(doc, short * 0.2, short * 0.2),
    icon,
    nodes: copyNodes(nodes),
    color: palette[0] ?? '#1f3a5f',
    strokeWidth: 2,
  };
}

/** An icon's shapes as the document's own copy (never the loaded set's arrays). */
export function copyNodes(nodes: readonly IconNode[]): IconNode[] {
  return nodes.map(([tag, attrs]) => [tag, { ...attrs }]);
}
