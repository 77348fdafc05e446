import { Maximize, Minus, Plus } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { clampZoom, stepZoom } from '#client/features/creatives/editor-state.ts';
import { isTyping } from '#client/lib/keyboard.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** The room around the canvas in its viewport (px, both sides together). */
export const PAD = 24;
/** Room under the canvas for the zoom controls (px), when they cannot sit beside it. */
const ZOOM_BAR = 40;
/** The zoom controls' width plus their margin (px): with that much room right of the canvas, no room is kept under it. */
const ZOOM_SIDE = 184;

/**
 * The space the canvas has: the width of its column, and the height of the window below
 * the canvas's top (at least 320 px). `fit` is the zoom that shows the whole canvas.
 */
function useViewport(ref: RefObject<HTMLDivElement | null>, ratio: number, formatWidth: number) {
  const [space, setSpace] = useState({ width: 480, height: 480 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const top = rect.top + window.scrollY;
      const height = Math.max(320, window.innerHeight - Math.min(top, window.innerHeight / 2) - 8);
      setSpace((s) => (s.width === element.clientWidth && s.height === height ? s : { width: element.clientWidth, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  // Wide columns (panels hidden) keep the zoom controls beside the canvas, so the canvas takes the full height.
  const besideWidth = Math.min(space.width - PAD, (space.height - PAD) * ratio);
  const bar = (space.width - besideWidth) / 2 >= ZOOM_SIDE ? 0 : ZOOM_BAR;
  const fitWidth = Math.max(160, Math.min(space.width - PAD, (space.height - PAD - bar) * ratio));
  return { space, bar, fit: fitWidth / formatWidth };
}

/**
 * The canvas's zoom (fit, 50–200 %: Ctrl/⌘ with +, − and 0, Ctrl+wheel, pinch) in its viewport,
 * keeping the point under the pointer (or the viewport's centre) in place; two fingers and
 * space held down pan. `space` is true while space is held (a drag then pans, not moves).
 */
export function useStageZoom(viewRef: RefObject<HTMLDivElement | null>, canvasRef: RefObject<HTMLDivElement | null>, size: { width: number; height: number }) {
  const viewport = useViewport(viewRef, size.width / size.height, size.width);
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const [panning, setPanning] = useState(false);
  const scale = zoom === 'fit' ? viewport.fit : clampZoom(zoom, viewport.fit);
  const space = useRef(false);
  // Where to put a point of the canvas after a zoom: its format coordinates and the screen position it should be at.
  const anchor = useRef<{ fx: number; fy: number; clientX: number; clientY: number } | null>(null);
  // The latest scale, read by the listeners (which stay the same while the zoom changes).
  const latest = useRef({ scale });
  useLayoutEffect(() => {
    latest.current = { scale };
  });

  const zoomTo = useCallback(
    (next: number | 'fit', at?: { clientX: number; clientY: number }) => {
      const canvas = canvasRef.current;
      const view = viewRef.current;
      if (canvas && view) {
        const rect = canvas.getBoundingClientRect();
        const box = view.getBoundingClientRect();
        const clientX = at?.clientX ?? box.left + box.width / 2;
        const clientY = at?.clientY ?? box.top + box.height / 2;
        const s = latest.current.scale;
        anchor.current = { fx: (clientX - rect.left) / s, fy: (clientY - rect.top) / s, clientX, clientY };
      }
      setZoom(next === 'fit' ? 'fit' : clampZoom(next, viewport.fit));
    },
    [viewport.fit, viewRef, canvasRef],
  );

  // After a zoom, scroll so that the anchored point stays under the pointer (or the viewport's centre).
  useLayoutEffect(() => {
    const a = anchor.current;
    const canvas = canvasRef.current;
    const view = viewRef.current;
    if (!a || !canvas || !view) return;
    anchor.current = null;
    const rect = canvas.getBoundingClientRect();
    view.scrollLeft += rect.left + a.fx * scale - a.clientX;
    view.scrollTop += rect.top + a.fy * scale - a.clientY;
  }, [scale, viewRef, canvasRef]);

  // Ctrl/⌘ with +, − or 0 zooms (instead of the browser's page zoom); space held down pans.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const mod = event.ctrlKey || event.metaKey;
      if (mod && !event.altKey && (event.key === '+' || event.key === '=' || event.key === '-' || event.key === '0')) {
        event.preventDefault();
        if (event.key === '0') zoomTo('fit');
        else zoomTo(stepZoom(latest.current.scale, event.key === '-' ? -1 : 1, viewport.fit));
        return;
      }
      if (event.key === ' ' && !isTyping(event.target) && !event.repeat) {
        const inStage = viewRef.current?.contains(document.activeElement) || document.activeElement === document.body;
        if (inStage) {
          event.preventDefault();
          space.current = true;
          setPanning(true);
        }
      }
    };
    const onKeyUp = (event: globalThis.KeyboardEvent) => {
      if (event.key === ' ' && space.current) {
        space.current = false;
        setPanning(false);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [zoomTo, viewport.fit, viewRef]);

  // Ctrl+wheel (and a trackpad's pinch, which the browser reports as one) zooms at the pointer; two fingers pinch and pan.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      zoomTo(latest.current.scale * Math.exp(-event.deltaY * 0.0025), event);
    };
    let pinch: { distance: number; scale: number } | null = null;
    const measure = (touches: TouchList) => {
      const [a, b] = [touches[0]!, touches[1]!];
      return { distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), clientX: (a.clientX + b.clientX) / 2, clientY: (a.clientY + b.clientY) / 2 };
    };
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      // A second finger: a pinch, not the drag the first one began on a layer (use-stage-pointer.ts drops that drag).
      const m = measure(event.touches);
      pinch = { distance: Math.max(1, m.distance), scale: latest.current.scale };
      const canvas = canvasRef.current;
      if (canvas) {
        const rect = canvas.getBoundingClientRect();
        anchorStart = { fx: (m.clientX - rect.left) / pinch.scale, fy: (m.clientY - rect.top) / pinch.scale };
      }
    };
    let anchorStart: { fx: number; fy: number } | null = null;
    const onTouchMove = (event: TouchEvent) => {
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const m = measure(event.touches);
      const next = clampZoom((pinch.scale * m.distance) / pinch.distance, viewport.fit);
      // The point first between the fingers stays between them: that is both the pinch and the two-finger pan.
      if (anchorStart) anchor.current = { ...anchorStart, clientX: m.clientX, clientY: m.clientY };
      if (next === latest.current.scale && anchorStart) {
        const canvas = canvasRef.current;
        if (canvas) {
          const rect = canvas.getBoundingClientRect();
          view.scrollLeft += rect.left + anchorStart.fx * next - m.clientX;
          view.scrollTop += rect.top + anchorStart.fy * next - m.clientY;
        }
        anchor.current = null;
      } else setZoom(next);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) {
        pinch = null;
        anchorStart = null;
      }
    };
    view.addEventListener('wheel', onWheel, { passive: false });
    view.addEventListener('touchstart', onTouchStart, { passive: true });
    view.addEventListener('touchmove', onTouchMove, { passive: false });
    view.addEventListener('touchend', onTouchEnd);
    view.addEventListener('touchcancel', onTouchEnd);
    return () => {
      view.removeEventListener('wheel', onWheel);
      view.removeEventListener('touchstart', onTouchStart);
      view.removeEventListener('touchmove', onTouchMove);
      view.removeEventListener('touchend', onTouchEnd);
      view.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [zoomTo, viewport.fit, viewRef, canvasRef]);

  return { viewport, zoom, scale, zoomTo, space, panning };
}

/** The zoom buttons' shortcuts: key names, shown as they are in every language. */
const KEYS = { out: { key: 'Ctrl+−' }, in: { key: 'Ctrl++' } };

/** The zoom buttons in the canvas's corner: out, the level, in, and fit. */
export function ZoomControls({ zoom, scale, fit, zoomTo }: { zoom: 'fit' | number; scale: number; fit: number; zoomTo: (next: number | 'fit') => void }) {
  const t = useT();
  const percent = Math.round(scale * 100);
  return (
    <div
      role="group"
      aria-label={t('creativeEditor.zoom.group')}
      className="absolute right-3 bottom-3 z-30 flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white/95 p-0.5 shadow-sm dark:border-zinc-700 dark:bg-zinc-900/95"
    >
      <ZoomButton
        label={t('creativeEditor.zoom.out')}
        shortcut={KEYS.out.key}
        disabled={scale <= clampZoom(0, fit) + 0.001}
        onClick={() => zoomTo(stepZoom(scale, -1, fit))}
      >
        <Minus className="size-4" aria-hidden="true" />
      </ZoomButton>
      <output aria-live="polite" aria-label={t('creativeEditor.zoom.level')} className="w-12 text-center text-xs text-zinc-700 tabular-nums dark:text-zinc-300">
        {percent} %
      </output>
      <ZoomButton label={t('creativeEditor.zoom.in')} shortcut={KEYS.in.key} disabled={scale >= 2 - 0.001} onClick={() => zoomTo(stepZoom(scale, 1, fit))}>
        <Plus className="size-4" aria-hidden="true" />
      </ZoomButton>
      <button
        type="button"
        aria-pressed={zoom === 'fit'}
        title={t('creativeEditor.zoom.fitTitle')}
        className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none aria-pressed:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-zinc-800"
        onClick={() => zoomTo('fit')}
      >
        <Maximize className="size-3.5" aria-hidden="true" /> {t('creativeEditor.zoom.fit')}
      </button>
    </div>
  );
}

function ZoomButton({
  label,
  shortcut,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={`${label} (${shortcut})`}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      {children}
    </button>
  );
}
