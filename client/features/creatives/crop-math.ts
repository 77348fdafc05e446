import { FORMATS, layerBox, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import type { PictureCrop } from '#client/creative/draw.tsx';
import { clampRect, round2 } from '#client/features/creatives/editor-state.ts';

/**
 * The maths of cropping on the canvas (issue 29, point 3). The document keeps a picture's crop
 * as a focal point and a zoom relative to its frame (tree.tsx `pictureBox`), so that every
 * format keeps the crop's intent; cropping on the canvas works with what the designer sees: the
 * frame and the whole picture as rectangles in the format's pixels. For a picture of natural
 * size iw × ih in a frame W × H, the renderer draws the picture at
 *   scale   s = zoom × (cover: max(W / iw, H / ih); contain: min(…)),
 *   left    = frame.left + e × (W − s × iw), e = focal.x (1 − focal.x when flipped),
 * and the same down the picture: the picture's point at e lies on the frame's point at e.
 * `pictureRect` is that forward map, `cropFromPicture` its inverse (clamped to zoom 1–5 and a
 * focal point within the picture, which in cover mode means the picture covers the frame).
 */

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in the format's pixels. */
export interface PxRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type CropFields = Pick<PictureCrop, 'focal' | 'zoom'>;

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 5;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The picture's scale in its frame at zoom 1: cover fills the frame, contain shows it whole. */
export function baseScale(fit: PictureCrop['fit'], frame: Size, natural: Size): number {
  const sx = frame.width / natural.width;
  const sy = frame.height / natural.height;
  return fit === 'cover' ? Math.max(sx, sy) : Math.min(sx, sy);
}

/** Where the whole picture lies (format pixels) for a frame and a crop: what the renderer draws, unclipped. */
export function pictureRect(frame: PxRect, natural: Size, crop: PictureCrop): PxRect {
  const zoom = clamp(crop.zoom ?? 1, MIN_ZOOM, MAX_ZOOM);
  const scale = zoom * baseScale(crop.fit, frame, natural);
  const width = natural.width * scale;
  const height = natural.height * scale;
  const ex = (crop.focal?.x ?? 50) / 100;
  const ey = (crop.focal?.y ?? 50) / 100;
  return {
    left: frame.left + (crop.flipX ? 1 - ex : ex) * (frame.width - width),
    top: frame.top + (crop.flipY ? 1 - ey : ey) * (frame.height - height),
    width,
    height,
  };
}

/**
 * The crop (focal point in percent, zoom) that draws the picture at `picture` in `frame`: its
 * size gives the zoom, its place the focal point. Clamped: zoom 1–5, focal point 0–100 (in
 * cover mode: the picture covers the frame). An axis along which the picture exactly fills the
 * frame keeps its focal coordinate from `crop` (any value draws the same). Zoom 1 is stored as
 * absent, as the zoom slider does.
 */
export function cropFromPicture(frame: PxRect, picture: Pick<PxRect, 'left' | 'top' | 'width'>, natural: Size, crop: PictureCrop): CropFields {
  const base = baseScale(crop.fit, frame, natural);
  const zoom = round(clamp(picture.width / (natural.width * base), MIN_ZOOM, MAX_ZOOM), 4);
  const width = natural.width * base * zoom;
  const height = natural.height * base * zoom;
  const axis = (start: number, length: number, at: number, size: number, flip: boolean | undefined, previous: number) => {
    const room = length - size;
    if (Math.abs(room) < 1e-6) return previous;
    const e = clamp((at - start) / room, 0, 1);
    return round((flip ? 1 - e : e) * 100, 3);
  };
  const focal = {
    x: axis(frame.left, frame.width, picture.left, width, crop.flipX, crop.focal?.x ?? 50),
    y: axis(frame.top, frame.height, picture.top, height, crop.flipY, crop.focal?.y ?? 50),
  };
  return { focal, zoom: zoom === 1 ? undefined : zoom };
}

/** The picture moved by (dx, dy) format pixels, as far as the crop allows. */
export function movePicture(frame: PxRect, picture: PxRect, natural: Size, crop: PictureCrop, dx: number, dy: number): CropFields {
  return cropFromPicture(frame, { left: picture.left + dx, top: picture.top + dy, width: picture.width }, natural, crop);
}

/** The picture scaled by `factor` about the point (ax, ay) (format pixels), within zoom 1–5. */
export function scalePicture(frame: PxRect, picture: PxRect, natural: Size, crop: PictureCrop, factor: number, ax: number, ay: number): CropFields {
  const base = baseScale(crop.fit, frame, natural) * natural.width;
  const zoom = clamp((picture.width * factor) / base, MIN_ZOOM, MAX_ZOOM);
  const k = (zoom * base) / picture.width;
  return cropFromPicture(frame, { left: ax + (picture.left - ax) * k, top: ay + (picture.top - ay) * k, width: picture.width * k }, natural, crop);
}

export interface Edges {
  left: boolean;
  right: boolean;
  top: boolean;
  bottom: boolean;
}

/**
 * The frame with its `edges` dragged by (dx, dy) format pixels while the picture stays where it
 * is: no smaller than `min` pixels, and in cover mode within the picture (it must stay covered)
 * and not so small that the picture would be enlarged more than 5 × beyond covering it.
 */
export function dragFrame(frame: PxRect, picture: PxRect, fit: PictureCrop['fit'], edges: Edges, dx: number, dy: number, min: number): PxRect {
  const cover = fit === 'cover';
  let left = frame.left;
  let right = frame.left + frame.width;
  let top = frame.top;
  let bottom = frame.top + frame.height;
  if (edges.left) left = clamp(left + dx, cover ? picture.left : -Infinity, right - min);
  if (edges.right) right = clamp(right + dx, left + min, cover ? picture.left + picture.width : Infinity);
  if (edges.top) top = clamp(top + dy, cover ? picture.top : -Infinity, bottom - min);
  if (edges.bottom) bottom = clamp(bottom + dy, top + min, cover ? picture.top + picture.height : Infinity);
  if (cover && right - left < picture.width / MAX_ZOOM && bottom - top < picture.height / MAX_ZOOM) {
    // Covering so small a frame would need more than the largest zoom: the moved side keeps the frame large enough.
    const need = picture.width / MAX_ZOOM;
    if (edges.left) left = right - need;
    else if (edges.right) right = left + need;
    else if (edges.top) top = bottom - picture.height / MAX_ZOOM;
    else if (edges.bottom) bottom = top + picture.height / MAX_ZOOM;
  }
  return { left, top, width: right - left, height: bottom - top };
}

export type ImageLayer = Extract<Layer, { type: 'image' }>;

/** A step of a crop: the picture moved or scaled, or the frame's edges dragged, from the crop as it was (`start`). */
export type CropStep =
  { kind: 'move'; dx: number; dy: number } | { kind: 'scale'; factor: number; x: number; y: number } | { kind: 'frame'; edges: Edges; dx: number; dy: number };

/** The layer after a crop step from `start` (format pixels), its box and crop within the schema's limits. */
export function applyCropStep(start: ImageLayer, format: CreativeDocument['format'], natural: Size, step: CropStep): ImageLayer {
  // A step from an event without a position (a pointer that reported none) changes nothing.
  if (!Object.values(step).every((v) => typeof v !== 'number' || Number.isFinite(v))) return start;
  const frame = layerBox(start, format);
  const picture = pictureRect(frame, natural, start);
  if (step.kind === 'move') return { ...start, ...movePicture(frame, picture, natural, start, step.dx, step.dy) };
  if (step.kind === 'scale') return { ...start, ...scalePicture(frame, picture, natural, start, step.factor, step.x, step.y) };
  const { width, height } = FORMATS[format];
  const moved = dragFrame(frame, picture, start.fit, step.edges, step.dx, step.dy, (Math.max(width, height) * 0.5) / 100);
  const box = clampRect({
    x: round2((moved.left / width) * 100),
    y: round2((moved.top / height) * 100),
    w: round2((moved.width / width) * 100),
    h: round2((moved.height / height) * 100),
  });
  // The frame as the document keeps it (rounded), and the crop that leaves the picture where it was within it.
  const next = { ...start, ...box };
  return { ...next, ...cropFromPicture(layerBox(next, format), picture, natural, start) };
}
