import { createElement, type CSSProperties, type ReactElement } from 'react';
import { LINE_WIDTH, type IconLayer, type ShapeLayer } from '#common/creative/document.ts';

/**
 * Shapes and icons as inline SVG (decision 0035): the browser draws the element itself, satori
 * serialises it into an SVG picture that resvg draws, so both paint the same geometry. Only
 * plain attributes (satori maps the camel-cased ones) and no CSS inside the SVG.
 */

/** A layer's box in canvas pixels. */
export interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A shape drawn by the plain box (a filled rectangle or ellipse without an outline): how every document before shapes drew. */
export function isPlainShape(layer: ShapeLayer): boolean {
  return (layer.shape === 'rect' || layer.shape === 'ellipse') && !layer.noFill && !(layer.stroke && (layer.strokeWidth ?? 0) > 0);
}

/**
 * The outline of an arrow lying along the middle of a `width` × `height` box, left to right, its
 * shaft `thickness` thick: one polygon (shaft and head), so it needs no stroke and no line caps.
 */
export function arrowPoints(width: number, height: number, thickness: number): string {
  const cy = height / 2;
  const s = Math.min(thickness, height);
  const half = Math.min(height / 2, Math.max(s * 1.6, s / 2 + 2));
  const head = Math.min(width / 2, half * 1.8);
  const neck = width - head;
  const pts: [number, number][] = [
    [0, cy - s / 2],
    [neck, cy - s / 2],
    [neck, cy - half],
    [width, cy],
    [neck, cy + half],
    [neck, cy + s / 2],
    [0, cy + s / 2],
  ];
  return pts.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
}

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * The SVG inside a layer's box, the box a flex container (satori places the SVG as a picture),
 * the SVG `size` (default: the box) centred in it.
 */
function inBox(
  key: string,
  style: CSSProperties,
  box: PixelBox,
  opacity: number,
  children: ReactElement | ReactElement[],
  svg: Record<string, unknown> = {},
  size: { width: number; height: number } = box,
) {
  const outer: CSSProperties = { ...style, display: 'flex', alignItems: 'center', justifyContent: 'center' };
  if (opacity < 1) outer.opacity = opacity;
  return (
    <div key={key} style={outer}>
      {createElement('svg', { width: size.width, height: size.height, viewBox: `0 0 ${round(size.width)} ${round(size.height)}`, ...svg }, children)}
    </div>
  );
}

/**
 * A shape with an outline, without a fill, or a line or an arrow. `style` is the layer's box
 * (absolute, in pixels), `px` turns percent of the shorter side into pixels.
 */
export function vectorShape(layer: ShapeLayer, style: CSSProperties, box: PixelBox, px: (value: number) => number): ReactElement {
  const { width, height } = box;
  if (layer.shape === 'line' || layer.shape === 'arrow') {
    const s = Math.min(px(layer.strokeWidth ?? LINE_WIDTH), height);
    const child =
      layer.shape === 'line' ? (
        <rect x={0} y={round(height / 2 - s / 2)} width={round(width)} height={round(s)} fill={layer.fill} />
      ) : (
        <polygon points={arrowPoints(width, height, s)} fill={layer.fill} />
      );
    return inBox(layer.id, style, box, layer.opacity, child);
  }
  const stroke = layer.stroke && (layer.strokeWidth ?? 0) > 0 ? Math.min(px(layer.strokeWidth ?? 0), width / 2, height / 2) : 0;
  const paint = {
    fill: layer.noFill ? 'none' : layer.fill,
    ...(stroke > 0 ? { stroke: layer.stroke, strokeWidth: round(stroke) } : {}),
  };
  const child =
    layer.shape === 'ellipse' ? (
      <ellipse cx={round(width / 2)} cy={round(height / 2)} rx={round((width - stroke) / 2)} ry={round((height - stroke) / 2)} {...paint} />
    ) : (
      <rect
        x={round(stroke / 2)}
        y={round(stroke / 2)}
        width={round(width - stroke)}
        height={round(height - stroke)}
        rx={round(Math.max(0, Math.min(px(layer.radius), width / 2, height / 2) - stroke / 2))}
        {...paint}
      />
    );
  return inBox(layer.id, style, box, layer.opacity, child);
}

/** An icon: its 24 × 24 lucide shapes drawn in the layer's colour, a square centred in its box at the largest size that fits. */
export function vectorIcon(layer: IconLayer, style: CSSProperties, box: PixelBox): ReactElement {
  const children = layer.nodes.map(([tag, attrs], i) => {
    const props: Record<string, unknown> = { key: i, ...attrs };
    if (attrs.fill !== undefined) props.fill = attrs.fill.toLowerCase() === 'none' ? 'none' : layer.color;
    return createElement(tag, props);
  });
  // A square of the box's shorter side: satori draws the SVG as a picture stretched to its size, whatever its viewBox's proportions.
  const side = Math.min(box.width, box.height);
  return inBox(
    layer.id,
    style,
    box,
    layer.opacity ?? 1,
    children,
    {
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: layer.color,
      strokeWidth: layer.strokeWidth,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
    },
    { width: side, height: side },
  );
}
