import { useEffect, useId, useLayoutEffect, useRef, type PointerEvent } from 'react';
import { FORMATS, type FormatId } from '#common/creative/document.ts';
import { pictureRect, type CropStep, type Edges, type ImageLayer, type PxRect, type Size } from '#client/features/creatives/crop-math.ts';
import { layerName } from '#client/features/creatives/layer-names.ts';
import type { CropView } from '#client/features/creatives/use-crop.ts';
import { useT } from '#client/lib/i18n-context.tsx';

type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
const FRAME_HANDLES: Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
const CORNERS = ['nw', 'ne', 'se', 'sw'] as const;
const AT: Record<Handle, string> = {
  nw: 'left-0 top-0 cursor-nwse-resize',
  n: 'left-1/2 top-0 cursor-ns-resize',
  ne: 'left-full top-0 cursor-nesw-resize',
  e: 'left-full top-1/2 cursor-ew-resize',
  se: 'left-full top-full cursor-nwse-resize',
  s: 'left-1/2 top-full cursor-ns-resize',
  sw: 'left-0 top-full cursor-nesw-resize',
  w: 'left-0 top-1/2 cursor-ew-resize',
};
const edgesOf = (handle: Handle): Edges => ({
  left: handle.includes('w'),
  right: handle.includes('e'),
  top: handle.includes('n'),
  bottom: handle.includes('s'),
});

/** A rectangle as percent of a box's size (the format's: the stage's overlay is the canvas's size). */
function percent(rect: PxRect, { width, height }: Size) {
  return {
    left: `${(rect.left / width) * 100}%`,
    top: `${(rect.top / height) * 100}%`,
    width: `${(rect.width / width) * 100}%`,
    height: `${(rect.height / height) * 100}%`,
  };
}

interface CropDrag {
  pointerId: number;
  x: number;
  y: number;
  from: ImageLayer;
  step: (dx: number, dy: number) => CropStep;
}

/**
 * Cropping on the canvas: the whole picture, dimmed outside the frame, to be dragged within
 * it (or scaled with its corner handles, the wheel or a trackpad's pinch), and the frame, whose
 * edges and corners crop it while the picture stays where it is. A click beside the picture
 * confirms. The frame takes the focus: the keys are the stage's (use-crop.ts `onKey`).
 */
export interface CropOverlayProps {
  view: CropView;
  format: FormatId;
  /** Screen pixels per format pixel. */
  scale: number;
  src: string;
  onStep: (from: ImageLayer | null, step: CropStep) => void;
  onNatural: (size: Size) => void;
  onDone: () => void;
}

export function CropOverlay({ view, format, scale, src, onStep, onNatural, onDone }: CropOverlayProps) {
  const t = useT();
  const helpId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const drag = useRef<CropDrag | null>(null);
  const latest = useRef({ scale, onStep, frame: view.frame });
  useLayoutEffect(() => {
    latest.current = { scale, onStep, frame: view.frame };
  });
  const { layer, frame, natural } = view;
  // The whole picture (format pixels), once its size is known.
  const picture = natural ? pictureRect(frame, natural, layer) : null;

  useEffect(() => {
    frameRef.current?.focus({ preventScroll: true });
  }, []);

  // The wheel (and a trackpad's pinch, reported as Ctrl+wheel) scales the picture at the pointer, not the canvas.
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      event.stopPropagation();
      const rect = root.getBoundingClientRect();
      const { scale: s, frame: f } = latest.current;
      const factor = Math.exp(-event.deltaY * 0.002);
      // At the pointer; without one, at the frame's centre.
      const at = Number.isFinite(event.clientX) && Number.isFinite(event.clientY);
      latest.current.onStep(null, {
        kind: 'scale',
        factor,
        x: at ? (event.clientX - rect.left) / s : f.left + f.width / 2,
        y: at ? (event.clientY - rect.top) / s : f.top + f.height / 2,
      });
    };
    root.addEventListener('wheel', onWheel, { passive: false });
    return () => root.removeEventListener('wheel', onWheel);
  }, []);

  const begin = (event: PointerEvent<HTMLElement>, step: CropDrag['step']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, from: layer, step };
  };
  const move = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const s = latest.current.scale;
    latest.current.onStep(d.from, d.step((event.clientX - d.x) / s, (event.clientY - d.y) / s));
  };
  const end = (event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };
  const pointer = { onPointerMove: move, onPointerUp: end, onPointerCancel: end, onLostPointerCapture: end };

  /** A corner of the picture dragged: it scales about the opposite corner. */
  const scaleFrom = (corner: (typeof CORNERS)[number]) => (dx: number, dy: number) => {
    const p = picture!;
    const sx = corner.includes('e') ? 1 : -1;
    const sy = corner.includes('s') ? 1 : -1;
    const factor = ((p.width + sx * dx) / p.width + (p.height + sy * dy) / p.height) / 2;
    return { kind: 'scale', factor, x: sx > 0 ? p.left : p.left + p.width, y: sy > 0 ? p.top : p.top + p.height } as const;
  };

  return (
    <div ref={rootRef} className="absolute inset-0" data-testid="crop-overlay">
      {/* A click beside the picture: done (the grey around the canvas: editor-stage.tsx). */}
      <div className="pointer-events-auto absolute inset-0" data-testid="crop-outside" onPointerDown={onDone} />
      {picture ? (
        <div
          data-testid="crop-picture"
          className="pointer-events-auto absolute cursor-move overflow-hidden"
          style={{ ...percent(picture, FORMATS[format]), touchAction: 'none' }}
          onPointerDown={(event) => begin(event, (dx, dy) => ({ kind: 'move', dx, dy }))}
          {...pointer}
        >
          <img
            src={src}
            alt=""
            draggable={false}
            className="absolute inset-0 h-full w-full max-w-none"
            style={layer.flipX || layer.flipY ? { transform: `scale(${layer.flipX ? -1 : 1}, ${layer.flipY ? -1 : 1})` } : undefined}
          />
          {/* The frame's window: the picture outside it dimmed. */}
          <div
            aria-hidden="true"
            className="pointer-events-none absolute shadow-[0_0_0_100vmax_rgba(24,24,27,0.55)]"
            style={percent({ ...frame, left: frame.left - picture.left, top: frame.top - picture.top }, { width: picture.width, height: picture.height })}
          />
        </div>
      ) : (
        // The picture's size is not known yet: it loads (mostly from the cache) to be measured.
        <img
          src={src}
          alt=""
          aria-hidden="true"
          data-testid="crop-measure"
          className="invisible absolute"
          onLoad={(event) => onNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
        />
      )}
      <div
        ref={frameRef}
        // Focused like a layer's box (a button: Enter confirms), the keys the stage's.
        role="button"
        tabIndex={0}
        aria-label={t('creativeEditor.crop.frame', { name: layerName(layer, t) })}
        aria-describedby={helpId}
        data-testid="crop-frame"
        className="pointer-events-none absolute outline-2 outline-white outline-solid ring-1 ring-zinc-900/40 focus-visible:outline-sky-400"
        style={percent(frame, FORMATS[format])}
      >
        {picture
          ? FRAME_HANDLES.map((handle) => (
              <span
                key={handle}
                aria-hidden="true"
                data-crop-edge={handle}
                className={`pointer-events-auto absolute -translate-x-1/2 -translate-y-1/2 touch-none ${AT[handle]} ${handle.length === 1 ? (handle === 'n' || handle === 's' ? 'h-1.5 w-6' : 'h-6 w-1.5') : 'size-3.5'} rounded-sm border border-zinc-900/40 bg-white shadow-sm`}
                onPointerDown={(event) => begin(event, (dx, dy) => ({ kind: 'frame', edges: edgesOf(handle), dx, dy }))}
                {...pointer}
              />
            ))
          : null}
      </div>
      {picture ? (
        <div aria-hidden="true" className="pointer-events-none absolute" style={percent(picture, FORMATS[format])}>
          {CORNERS.map((corner) => (
            <span
              key={corner}
              data-crop-scale={corner}
              className={`pointer-events-auto absolute size-3 -translate-x-1/2 -translate-y-1/2 touch-none rounded-full border-2 border-white bg-sky-500 shadow ${AT[corner]}`}
              onPointerDown={(event) => begin(event, scaleFrom(corner))}
              {...pointer}
            />
          ))}
        </div>
      ) : null}
      <p id={helpId} className="sr-only">
        {t('creativeEditor.crop.help')}
      </p>
    </div>
  );
}
