import { FORMATS, ROTATION_MAX, ROTATION_MIN, type FormatId } from '#common/creative/document.ts';

/**
 * The geometry of turned layers (issue 29, point 1). A layer's x, y, w, h are its unturned box
 * in percent of the format (x, w of the width; y, h of the height) and `rotation` turns it in
 * degrees clockwise about its centre. A turn is only a turn in pixels (the format is rarely
 * square), so every function here goes to the format's pixels, turns, and comes back to percent.
 */
export interface TurnedBox {
  x: number;
  y: number;
  w: number;
  h: number;
  rotation?: number | undefined;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Point = readonly [number, number];

const rad = (deg: number) => (deg * Math.PI) / 180;

/** An angle in (−180, 180] (the schema's range), to 0.1°. */
export function normalizeAngle(deg: number): number {
  let a = Math.round((((deg % 360) + 360) % 360) * 10) / 10;
  if (a > 180) a -= 360;
  return Math.min(ROTATION_MAX, Math.max(ROTATION_MIN, a)) + 0;
}

/** The box's centre in percent of the format. */
export function centreOf(box: Rect): Point {
  return [box.x + box.w / 2, box.y + box.h / 2];
}

/** The four corners of the turned box (percent of the format), clockwise from the unturned top-left. */
export function cornersOf(box: TurnedBox, format: FormatId): Point[] {
  const { width: W, height: H } = FORMATS[format];
  const [cx, cy] = centreOf(box);
  const hw = (box.w / 200) * W;
  const hh = (box.h / 200) * H;
  const a = rad(box.rotation ?? 0);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  return (
    [
      [-hw, -hh],
      [hw, -hh],
      [hw, hh],
      [-hw, hh],
    ] as const
  ).map(([dx, dy]) => [cx + ((dx * cos - dy * sin) / W) * 100, cy + ((dx * sin + dy * cos) / H) * 100] as const);
}

/** The upright box around the turned one (percent): what bounds, snapping and alignment see. An unturned box is itself. */
export function turnedBounds(box: TurnedBox, format: FormatId): Rect {
  if (!box.rotation) return { x: box.x, y: box.y, w: box.w, h: box.h };
  const corners = cornersOf(box, format);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** A point (percent) in the box's own frame: pixels from its centre along its turned axes. */
function local(box: TurnedBox, format: FormatId, p: Point): Point {
  const { width: W, height: H } = FORMATS[format];
  const [cx, cy] = centreOf(box);
  const dx = ((p[0] - cx) / 100) * W;
  const dy = ((p[1] - cy) / 100) * H;
  const a = rad(-(box.rotation ?? 0));
  return [dx * Math.cos(a) - dy * Math.sin(a), dx * Math.sin(a) + dy * Math.cos(a)];
}

/** Whether a point (percent) lies on the turned box (its edges included): hit-testing by the turned shape. */
export function containsPoint(box: TurnedBox, format: FormatId, p: Point): boolean {
  const { width: W, height: H } = FORMATS[format];
  const [lx, ly] = local(box, format, p);
  const eps = 1e-9;
  return Math.abs(lx) <= (box.w / 200) * W + eps && Math.abs(ly) <= (box.h / 200) * H + eps;
}

/** Whether an upright rectangle (a marquee, percent) overlaps or touches the turned box (separating axes, in pixels). */
export function rectTouchesTurned(rect: Rect, box: TurnedBox, format: FormatId): boolean {
  const { width: W, height: H } = FORMATS[format];
  const px = (p: Point): Point => [(p[0] / 100) * W, (p[1] / 100) * H];
  const a = [
    [rect.x, rect.y],
    [rect.x + rect.w, rect.y],
    [rect.x + rect.w, rect.y + rect.h],
    [rect.x, rect.y + rect.h],
  ].map((p) => px(p as unknown as Point));
  const b = cornersOf(box, format).map(px);
  const t = rad(box.rotation ?? 0);
  const axes: Point[] = [
    [1, 0],
    [0, 1],
    [Math.cos(t), Math.sin(t)],
    [-Math.sin(t), Math.cos(t)],
  ];
  const eps = 1e-7;
  return axes.every(([ax, ay]) => {
    const pa = a.map(([x, y]) => x * ax + y * ay);
    const pb = b.map(([x, y]) => x * ax + y * ay);
    return Math.min(...pa) <= Math.max(...pb) + eps && Math.min(...pb) <= Math.max(...pa) + eps;
  });
}

/** The box turned by `delta` degrees about `pivot` (percent): its centre goes round the pivot, its rotation adds. */
export function rotateAbout<B extends TurnedBox>(box: B, format: FormatId, pivot: Point, delta: number): B {
  const { width: W, height: H } = FORMATS[format];
  const [cx, cy] = centreOf(box);
  const dx = ((cx - pivot[0]) / 100) * W;
  const dy = ((cy - pivot[1]) / 100) * H;
  const a = rad(delta);
  const nx = pivot[0] + ((dx * Math.cos(a) - dy * Math.sin(a)) / W) * 100;
  const ny = pivot[1] + ((dx * Math.sin(a) + dy * Math.cos(a)) / H) * 100;
  return { ...box, x: nx - box.w / 2, y: ny - box.h / 2, rotation: normalizeAngle((box.rotation ?? 0) + delta) };
}

export interface Edges {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
}

/**
 * A turned box resized by its handles in its own frame: the pointer moved (dx, dy) percent of the
 * format on screen; the dragged edges follow it along the box's own axes and the opposite edges
 * stay where they are on screen. Sizes stay at least `min` percent.
 */
export function resizeTurned<B extends TurnedBox>(box: B, format: FormatId, edges: Edges, dx: number, dy: number, min = 0.5): B {
  const { width: W, height: H } = FORMATS[format];
  const a = rad(box.rotation ?? 0);
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  // The pointer's move along the box's axes (pixels).
  const sx = (dx / 100) * W;
  const sy = (dy / 100) * H;
  const ux = sx * cos + sy * sin;
  const uy = -sx * sin + sy * cos;
  const w0 = (box.w / 100) * W;
  const h0 = (box.h / 100) * H;
  const minW = (min / 100) * W;
  const minH = (min / 100) * H;
  let w = w0;
  let h = h0;
  let shiftX = 0;
  let shiftY = 0;
  if (edges.right) w = Math.max(minW, w0 + ux);
  else if (edges.left) w = Math.max(minW, w0 - ux);
  if (edges.bottom) h = Math.max(minH, h0 + uy);
  else if (edges.top) h = Math.max(minH, h0 - uy);
  // The centre moves half the growth towards the dragged edge (in the box's frame), so the other edge stays.
  if (edges.right) shiftX = (w - w0) / 2;
  else if (edges.left) shiftX = -(w - w0) / 2;
  if (edges.bottom) shiftY = (h - h0) / 2;
  else if (edges.top) shiftY = -(h - h0) / 2;
  const [cx, cy] = centreOf(box);
  const ncx = cx + ((shiftX * cos - shiftY * sin) / W) * 100;
  const ncy = cy + ((shiftX * sin + shiftY * cos) / H) * 100;
  const nw = (w / W) * 100;
  const nh = (h / H) * 100;
  return { ...box, x: ncx - nw / 2, y: ncy - nh / 2, w: nw, h: nh };
}

/** The angle (degrees, clockwise, 0 = pointing right) from a centre to a point, both in screen pixels. */
export function angleTo(centre: Point, p: Point): number {
  return (Math.atan2(p[1] - centre[1], p[0] - centre[0]) * 180) / Math.PI;
}

/**
 * The rotation a rotate drag ends at: `start` plus the pointer's turn. Shift: 15° steps; otherwise
 * whole degrees, drawn to a multiple of 45° within 3° unless `free` (Ctrl/⌘).
 */
export function snapAngle(angle: number, { steps, free }: { steps: boolean; free: boolean }): number {
  if (steps) return normalizeAngle(Math.round(angle / 15) * 15);
  const whole = Math.round(angle);
  const quarter = Math.round(angle / 45) * 45;
  return normalizeAngle(!free && Math.abs(angle - quarter) <= 3 ? quarter : whole);
}
