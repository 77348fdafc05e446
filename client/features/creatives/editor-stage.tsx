import { Maximize, Minus, Plus } from 'lucide-react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type PointerEvent, type ReactNode, type RefObject } from 'react';
import { FORMATS, MAX_TEXT, shortSidePx, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { fitCopy } from '#common/creative/text-fit.ts';
import { CreativePreview } from '#client/creative/preview.tsx';
import { fontFamily } from '#client/creative/tree.tsx';
import { isTyping } from '#client/lib/keyboard.ts';
import { expandGroups, moveLayers, removeLayers, resizeLayers, selectionBounds, shiftLayers, type Box } from '#client/features/creatives/arrange.ts';
import {
  clampZoom,
  gapsAround,
  intersects,
  rectFromPoints,
  round2,
  snap,
  stepZoom,
  updateLayer,
  type Gap,
  type Guides,
  type Rect,
} from '#client/features/creatives/editor-state.ts';

export const LAYER_LABELS: Record<Layer['type'], string> = { text: 'Text', image: 'Image', logo: 'Logo', shape: 'Shape', cta: 'Button' };

export function layerName(layer: Layer): string {
  if (layer.name) return layer.name;
  if (layer.type === 'text' || layer.type === 'cta') return layer.text.trim().slice(0, 28) || LAYER_LABELS[layer.type];
  return layer.slot === 'image' ? 'Picture' : LAYER_LABELS[layer.type];
}

type Edge = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
const HANDLES: Edge[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];
const HANDLE_POS: Record<Edge, string> = {
  nw: 'left-0 top-0 cursor-nwse-resize',
  n: 'left-1/2 top-0 cursor-ns-resize',
  ne: 'left-full top-0 cursor-nesw-resize',
  e: 'left-full top-1/2 cursor-ew-resize',
  se: 'left-full top-full cursor-nwse-resize',
  s: 'left-1/2 top-full cursor-ns-resize',
  sw: 'left-0 top-full cursor-nesw-resize',
  w: 'left-0 top-1/2 cursor-ew-resize',
};

const NO_GUIDES: Guides = { x: null, y: null };

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  /** The document when the drag began: every step is computed from it, not from the last step. */
  from: CreativeDocument;
  ids: string[];
  bounds: Box;
  edges: { left: boolean; right: boolean; top: boolean; bottom: boolean } | null;
  others: Rect[];
  group: string;
  /** The last pointer position and modifier, applied at the next animation frame. */
  last: { x: number; y: number; free: boolean } | null;
  moved: boolean;
}

interface Marquee {
  pointerId: number;
  x: number;
  y: number;
  additive: boolean;
  rect: Rect | null;
}

export interface StageProps {
  doc: CreativeDocument;
  images: Readonly<Record<string, string | undefined>>;
  /** The selected layers' ids. */
  selected: readonly string[];
  readOnly: boolean;
  onSelect: (ids: string[]) => void;
  onChange: (doc: CreativeDocument, group?: string) => void;
  onSeal: () => void;
  onUndo: () => void;
  onRedo: () => void;
  /** Ctrl/⌘+C, Ctrl/⌘+V, Ctrl/⌘+D (the editor's clipboard); absent: those keys do nothing here. */
  onCopy?: (ids: string[]) => void;
  onPaste?: () => void;
  onDuplicate?: (ids: string[]) => void;
  /** Shown at the start of the canvas toolbar (panel toggles, arrange tools). */
  toolbar?: ReactNode;
}

/** The room around the canvas in its viewport (px, both sides together). */
const PAD = 24;
/** Room under the canvas for the zoom controls (px), when they cannot sit beside it. */
const ZOOM_BAR = 40;
/** The zoom controls' width plus their margin (px): with that much room right of the canvas, no room is kept under it. */
const ZOOM_SIDE = 184;

const selectableOnCanvas = (layer: Layer) => !layer.locked && !layer.hidden;

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
 * The canvas: the live preview with a selection layer on top, in a viewport that zooms
 * (fit, 50–200 %: the buttons, Ctrl/⌘ with +, − and 0, Ctrl+wheel, pinch) and pans (scroll,
 * space+drag, two fingers). Layers are selected with a click or Tab (Shift+click adds or
 * removes one, a drag on the empty canvas selects what it touches, Ctrl+A all; a group
 * selects as one, locked layers not at all), moved by dragging or with the arrow keys
 * (Shift: 10×), resized by the handles or Alt+arrows; boxes snap to the canvas and to other
 * layers (hold Ctrl/⌘ to place freely) and show their distances while dragging. Text is
 * edited in place: double-click or Enter, Escape to leave.
 */
export function EditorStage({
  doc,
  images,
  selected,
  readOnly,
  onSelect,
  onChange,
  onSeal,
  onUndo,
  onRedo,
  onCopy,
  onPaste,
  onDuplicate,
  toolbar,
}: StageProps) {
  const size = FORMATS[doc.format];
  const viewRef = useRef<HTMLDivElement>(null);
  const viewport = useViewport(viewRef, size.width / size.height, size.width);
  const [zoom, setZoom] = useState<'fit' | number>('fit');
  const scale = zoom === 'fit' ? viewport.fit : clampZoom(zoom, viewport.fit);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);

  // While a drag runs, the stage shows its own copy of the document and hands the result over once, at the end.
  const [live, setLive] = useState<CreativeDocument | null>(null);
  const [guides, setGuides] = useState<{ lines: Guides; gaps: Gap[] }>({ lines: NO_GUIDES, gaps: [] });
  const [marquee, setMarquee] = useState<Rect | null>(null);
  const [editing, setEditing] = useState<{ id: string; group: string } | null>(null);
  const [panning, setPanning] = useState(false);
  const shown = live ?? doc;

  const drag = useRef<Drag | null>(null);
  const frame = useRef<number | null>(null);
  const marqueeRef = useRef<Marquee | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const space = useRef(false);
  const pan = useRef<{ pointerId: number; x: number; y: number; left: number; top: number } | null>(null);
  // Where to put a point of the canvas after a zoom: its format coordinates and the screen position it should be at.
  const anchor = useRef<{ fx: number; fy: number; clientX: number; clientY: number } | null>(null);

  // The latest props, read by the handlers (which stay the same functions so that the layer boxes do not re-render).
  const latest = useRef({ doc, selected, readOnly, scale, width, height, onSelect, onChange, onSeal, onUndo, onRedo, onCopy, onPaste, onDuplicate });
  useLayoutEffect(() => {
    latest.current = { doc, selected, readOnly, scale, width, height, onSelect, onChange, onSeal, onUndo, onRedo, onCopy, onPaste, onDuplicate };
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
    [viewport.fit, viewRef],
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
  }, [scale, viewRef]);

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
      // A second finger: a pinch, not the drag the first one began on a layer (that drag is dropped).
      if (drag.current) {
        drag.current = null;
        if (frame.current !== null) cancelAnimationFrame(frame.current);
        frame.current = null;
        setLive(null);
        setGuides({ lines: NO_GUIDES, gaps: [] });
      }
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
  }, [zoomTo, viewport.fit, viewRef]);

  /** The drag's document for the pointer at (x, y): moved or resized from where it began, snapped unless free. */
  const dragResult = (d: Drag, x: number, y: number, free: boolean) => {
    const { width: w, height: h } = latest.current;
    const dx = ((x - d.startX) / w) * 100;
    const dy = ((y - d.startY) / h) * 100;
    const start = d.bounds;
    let box: Rect;
    if (!d.edges) box = { ...start, x: start.x + dx, y: start.y + dy };
    else {
      box = { ...start };
      if (d.edges.right) box.w = Math.max(0.5, start.w + dx);
      if (d.edges.left) {
        box.x = start.x + Math.min(dx, start.w - 0.5);
        box.w = Math.max(0.5, start.w - dx);
      }
      if (d.edges.bottom) box.h = Math.max(0.5, start.h + dy);
      if (d.edges.top) {
        box.y = start.y + Math.min(dy, start.h - 0.5);
        box.h = Math.max(0.5, start.h - dy);
      }
    }
    const snapped = free ? { box, guides: NO_GUIDES } : snap(box, d.others, (6 / w) * 100, d.edges ?? undefined);
    const next = d.edges
      ? resizeLayers(d.from, d.ids, snapped.box)
      : moveLayers(d.from, d.ids, round2(snapped.box.x - start.x), round2(snapped.box.y - start.y));
    const moved = selectionBounds(next, d.ids) ?? snapped.box;
    return { doc: next, lines: snapped.guides, gaps: gapsAround(moved, d.others) };
  };

  const applyFrame = () => {
    frame.current = null;
    const d = drag.current;
    if (!d?.last) return;
    const result = dragResult(d, d.last.x, d.last.y, d.last.free);
    setLive(result.doc);
    setGuides({ lines: result.lines, gaps: result.gaps });
  };

  const handlers = useMemo(() => {
    const unitOf = (doc: CreativeDocument, id: string) => expandGroups(doc, [id]);

    const begin = (event: PointerEvent<HTMLElement>, id: string, edge: Edge | null) => {
      if (event.button !== 0 || space.current) return;
      const { doc, selected, readOnly, onSelect } = latest.current;
      event.stopPropagation();
      // No text selection and no native drag of a selection made elsewhere (it would cancel the pointer).
      event.preventDefault();
      window.getSelection()?.removeAllRanges();
      let ids = [...selected];
      if (edge === null) {
        (event.currentTarget.closest('[data-layer]') as HTMLElement | null)?.focus({ preventScroll: true });
        const unit = unitOf(doc, id);
        if (event.shiftKey) {
          // Shift+click adds the layer (its group) to the selection or takes it out.
          const all = unit.every((u) => selected.includes(u));
          onSelect(all ? selected.filter((s) => !unit.includes(s)) : [...selected, ...unit.filter((u) => !selected.includes(u))]);
          return;
        }
        if (!unit.every((u) => selected.includes(u))) ids = unit;
        onSelect(ids);
      }
      if (readOnly) return;
      const moving = doc.layers.filter((l) => ids.includes(l.id) && !l.locked).map((l) => l.id);
      const bounds = selectionBounds(doc, moving);
      if (!bounds) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        from: doc,
        ids: moving,
        bounds,
        edges: edge ? { left: edge.includes('w'), right: edge.includes('e'), top: edge.includes('n'), bottom: edge.includes('s') } : null,
        others: doc.layers.filter((l) => !moving.includes(l.id) && !l.hidden).map((l) => ({ x: l.x, y: l.y, w: l.w, h: l.h })),
        group: `drag-${moving.join(',')}-${event.timeStamp}`,
        last: null,
        moved: false,
      };
    };

    const move = (event: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== event.pointerId) return;
      if (!d.moved && Math.abs(event.clientX - d.startX) + Math.abs(event.clientY - d.startY) < 2) return;
      d.moved = true;
      d.last = { x: event.clientX, y: event.clientY, free: event.ctrlKey || event.metaKey };
      // One update per frame, however many pointer events arrive.
      frame.current ??= requestAnimationFrame(applyFrame);
    };

    const end = (event: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== event.pointerId) return;
      drag.current = null;
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      setGuides({ lines: NO_GUIDES, gaps: [] });
      setLive(null);
      if (d.moved && d.last && event.type !== 'pointercancel') {
        const result = dragResult(d, d.last.x, d.last.y, d.last.free);
        if (result.doc !== d.from) latest.current.onChange(result.doc, d.group);
      }
      latest.current.onSeal();
    };

    const focus = (id: string) => {
      const { doc, selected, onSelect } = latest.current;
      if (!selected.includes(id)) onSelect(unitOf(doc, id));
    };

    const edit = (id: string) => {
      const { doc, readOnly } = latest.current;
      const layer = doc.layers.find((l) => l.id === id);
      if (readOnly || !layer || layer.locked || (layer.type !== 'text' && layer.type !== 'cta')) return false;
      latest.current.onSelect([id]);
      setEditing({ id, group: `edit-${id}-${Date.now()}` });
      return true;
    };

    return { begin, move, end, focus, edit };
    // The handlers read everything through `latest`: one set for the stage's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const editingRef = useRef(editing);
  const refocus = useRef<string | null>(null);
  useLayoutEffect(() => {
    editingRef.current = editing;
  }, [editing]);
  /** Leaves in-place editing (one undo step); from the keyboard, the focus goes back to the layer's box. */
  const stopEditing = useCallback((keyboard: boolean) => {
    const current = editingRef.current;
    if (!current) return;
    editingRef.current = null;
    setEditing(null);
    latest.current.onSeal();
    if (keyboard) refocus.current = current.id;
  }, []);
  useEffect(() => {
    const id = refocus.current;
    if (editing || !id) return;
    refocus.current = null;
    canvasRef.current?.querySelector<HTMLElement>(`[data-layer="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  }, [editing]);

  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (isTyping(target)) return;
    const mod = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    const layerId = target.closest<HTMLElement>('[data-layer]')?.dataset.layer ?? null;
    if (mod && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) onRedo();
      else onUndo();
      return;
    }
    if (mod && key === 'y') {
      event.preventDefault();
      onRedo();
      return;
    }
    if (mod && key === 'a') {
      event.preventDefault();
      onSelect(doc.layers.filter(selectableOnCanvas).map((l) => l.id));
      return;
    }
    if (event.key === 'Escape') {
      if (selected.length === 0) return;
      event.preventDefault();
      onSelect([]);
      viewRef.current?.focus({ preventScroll: true });
      return;
    }
    if (mod && key === 'c' && onCopy && selected.length > 0) {
      event.preventDefault();
      onCopy([...selected]);
      return;
    }
    if (readOnly) return;
    if (mod && key === 'v' && onPaste) {
      event.preventDefault();
      onPaste();
      return;
    }
    if (mod && key === 'd' && onDuplicate) {
      event.preventDefault();
      if (selected.length > 0) onDuplicate([...selected]);
      return;
    }
    if (event.key === 'Enter' && layerId && !mod) {
      if (handlers.edit(layerId)) event.preventDefault();
      return;
    }
    const ids = selected.filter((id) => doc.layers.some((l) => l.id === id && !l.locked));
    if (ids.length === 0) return;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      const step = event.shiftKey ? 5 : 0.5;
      const [ax, ay] = arrow;
      if (event.altKey) {
        const bounds = selectionBounds(doc, ids);
        if (!bounds) return;
        const target: Box = { ...bounds, w: Math.max(0.5, bounds.w + ax * step), h: Math.max(0.5, bounds.h + ay * step) };
        onChange(resizeLayers(doc, ids, target), `key-${ids.join(',')}-size`);
      } else onChange(moveLayers(doc, ids, ax * step, ay * step), `key-${ids.join(',')}-move`);
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(removeLayers(doc, ids));
      viewRef.current?.focus({ preventScroll: true });
      return;
    }
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      // The selection one step to the front or the back, as one block (a neighbouring group is jumped whole).
      event.preventDefault();
      const next = shiftLayers(doc, ids, event.key === 'PageUp' ? 1 : -1);
      if (next !== doc) onChange(next);
    }
  };

  // The stage's keys, from any layer box or the viewport within it (a native listener: the box handles the focus).
  const rootRef = useRef<HTMLDivElement>(null);
  const keyHandler = useRef(onKeyDown);
  useLayoutEffect(() => {
    keyHandler.current = onKeyDown;
  });
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const listener = (event: globalThis.KeyboardEvent) => keyHandler.current(event);
    root.addEventListener('keydown', listener);
    return () => root.removeEventListener('keydown', listener);
  }, []);

  // The empty canvas: a click clears the selection, a drag selects what it touches (Shift: adds to it).
  const canvasPoint = (event: { clientX: number; clientY: number }) => {
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / width) * 100, y: ((event.clientY - rect.top) / height) * 100 };
  };
  const onEmptyDown = (event: PointerEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.button !== 0 || space.current) return;
    viewRef.current?.focus({ preventScroll: true });
    if (event.pointerType === 'touch') {
      if (!event.shiftKey) onSelect([]);
      return;
    }
    event.preventDefault();
    const p = canvasPoint(event);
    marqueeRef.current = { pointerId: event.pointerId, x: p.x, y: p.y, additive: event.shiftKey, rect: null };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onEmptyMove = (event: PointerEvent<HTMLElement>) => {
    const m = marqueeRef.current;
    if (!m || m.pointerId !== event.pointerId) return;
    const p = canvasPoint(event);
    m.rect = rectFromPoints(m.x, m.y, p.x, p.y);
    setMarquee(m.rect);
  };
  const onEmptyUp = (event: PointerEvent<HTMLElement>) => {
    const m = marqueeRef.current;
    if (!m || m.pointerId !== event.pointerId) return;
    marqueeRef.current = null;
    setMarquee(null);
    const rect = m.rect;
    // Less than ~3 screen pixels: a click.
    if (!rect || (rect.w * width) / 100 + (rect.h * height) / 100 < 3) {
      if (!m.additive) onSelect([]);
      return;
    }
    const hit = doc.layers.filter((l) => selectableOnCanvas(l) && intersects(rect, l)).map((l) => l.id);
    const ids = expandGroups(doc, hit).filter((id) => doc.layers.some((l) => l.id === id && selectableOnCanvas(l)));
    onSelect(m.additive ? [...selected, ...ids.filter((id) => !selected.includes(id))] : ids);
  };

  // Space+drag or the middle button pans the viewport.
  const onPanDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!(space.current && event.button === 0) && event.button !== 1) return;
    const view = viewRef.current!;
    event.preventDefault();
    event.stopPropagation();
    view.setPointerCapture(event.pointerId);
    pan.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, left: view.scrollLeft, top: view.scrollTop };
  };
  const onPanMove = (event: PointerEvent<HTMLDivElement>) => {
    const p = pan.current;
    if (!p || p.pointerId !== event.pointerId) return;
    const view = viewRef.current!;
    view.scrollLeft = p.left - (event.clientX - p.x);
    view.scrollTop = p.top - (event.clientY - p.y);
  };
  const onPanUp = (event: PointerEvent<HTMLDivElement>) => {
    if (pan.current?.pointerId === event.pointerId) pan.current = null;
  };

  // A layer that went away (undo, delete) is no longer edited.
  const editingLayer = editing ? shown.layers.find((l) => l.id === editing.id) : undefined;
  // The preview leaves out the text being edited: the editor draws it in its place.
  const previewDoc = useMemo(
    () => (editingLayer && (editingLayer.type === 'text' || editingLayer.type === 'cta') ? updateLayer(shown, editingLayer.id, { text: '' }) : shown),
    [shown, editingLayer],
  );
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const movableSelected = shown.layers.filter((l) => selectedSet.has(l.id) && !l.locked);
  const many = movableSelected.length > 1;
  const bounds = many
    ? selectionBounds(
        shown,
        movableSelected.map((l) => l.id),
      )
    : null;
  const percent = Math.round(scale * 100);

  return (
    <div ref={rootRef} className="flex min-w-0 flex-col">
      {toolbar ? (
        // One line of fixed height (scrolling sideways when narrow): tools appearing with a selection never move the canvas.
        <div
          role="toolbar"
          aria-label="Canvas"
          className="flex h-11 flex-none flex-nowrap items-center gap-1 overflow-x-auto border-b *:flex-none [&_[role=group]]:flex-nowrap border-zinc-200 bg-white px-2 dark:border-zinc-800 dark:bg-zinc-950"
        >
          {toolbar}
        </div>
      ) : null}
      <div className="relative">
        <div
          ref={viewRef}
          tabIndex={-1}
          data-testid="stage-viewport"
          className={`relative overflow-auto outline-none ${panning ? 'cursor-grab' : ''}`}
          style={{ height: Math.min(viewport.space.height, Math.max(height, size.height * viewport.fit) + PAD + viewport.bar) }}
          onPointerDownCapture={onPanDown}
          onPointerMove={onPanMove}
          onPointerUp={onPanUp}
          onPointerCancel={onPanUp}
          onPointerDown={(event) => {
            // The grey around the canvas: a click there clears the selection too.
            if (event.target === event.currentTarget || (event.target as HTMLElement).dataset.stageBackdrop !== undefined) {
              if (event.button === 0 && !event.shiftKey) onSelect([]);
            }
          }}
        >
          <div
            data-stage-backdrop=""
            className="flex min-h-full w-max min-w-full items-center justify-center"
            style={{ padding: PAD / 2, paddingBottom: PAD / 2 + viewport.bar }}
          >
            <div
              ref={canvasRef}
              className="relative shadow-[0_1px_3px_rgba(0,0,0,0.12),0_8px_24px_rgba(0,0,0,0.08)] ring-1 ring-zinc-900/10 select-none dark:ring-white/10"
              style={{ width, height, flex: 'none' }}
            >
              <CreativePreview doc={previewDoc} images={images} width={width} label={`Preview, ${size.label.toLowerCase()} ${size.width} × ${size.height}`} />
              <div
                className={`absolute inset-0 ${editingLayer ? '' : 'overflow-hidden'}`}
                data-testid="stage-overlay"
                onPointerDown={onEmptyDown}
                onPointerMove={onEmptyMove}
                onPointerUp={onEmptyUp}
                onPointerCancel={onEmptyUp}
              >
                {shown.layers.map((layer) =>
                  layer.hidden || (layer.locked && !selectedSet.has(layer.id)) ? null : (
                    <LayerBox
                      key={layer.id}
                      layer={layer}
                      selected={selectedSet.has(layer.id)}
                      handles={!readOnly && !many && !layer.locked && selectedSet.has(layer.id) && !editingLayer}
                      readOnly={readOnly}
                      editing={editingLayer?.id === layer.id}
                      handlers={handlers}
                    />
                  ),
                )}
                {bounds && !readOnly ? <SelectionFrame bounds={bounds} count={movableSelected.length} handlers={handlers} /> : null}
                {editingLayer && (editingLayer.type === 'text' || editingLayer.type === 'cta') ? (
                  <TextEditor
                    layer={editingLayer}
                    doc={shown}
                    scale={scale}
                    onText={(text) => onChange(updateLayer(doc, editingLayer.id, { text }), editing?.group)}
                    onDone={stopEditing}
                  />
                ) : null}
                <GuideLines lines={guides.lines} gaps={guides.gaps} formatWidth={size.width} formatHeight={size.height} />
                {marquee ? (
                  <div
                    aria-hidden="true"
                    data-testid="marquee"
                    className="pointer-events-none absolute border border-sky-500 bg-sky-500/10"
                    style={{ left: `${marquee.x}%`, top: `${marquee.y}%`, width: `${marquee.w}%`, height: `${marquee.h}%` }}
                  />
                ) : null}
              </div>
            </div>
          </div>
        </div>
        <div
          role="group"
          aria-label="Zoom"
          className="absolute right-3 bottom-3 z-30 flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white/95 p-0.5 shadow-sm dark:border-zinc-700 dark:bg-zinc-900/95"
        >
          <ZoomButton
            label="Zoom out"
            shortcut="Ctrl+−"
            disabled={scale <= clampZoom(0, viewport.fit) + 0.001}
            onClick={() => zoomTo(stepZoom(scale, -1, viewport.fit))}
          >
            <Minus className="size-4" aria-hidden="true" />
          </ZoomButton>
          <output aria-live="polite" aria-label="Zoom level" className="w-12 text-center text-xs text-zinc-700 tabular-nums dark:text-zinc-300">
            {percent} %
          </output>
          <ZoomButton label="Zoom in" shortcut="Ctrl++" disabled={scale >= 2 - 0.001} onClick={() => zoomTo(stepZoom(scale, 1, viewport.fit))}>
            <Plus className="size-4" aria-hidden="true" />
          </ZoomButton>
          <button
            type="button"
            aria-pressed={zoom === 'fit'}
            title="Fit the canvas (Ctrl+0)"
            className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-xs text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none aria-pressed:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-zinc-800"
            onClick={() => zoomTo('fit')}
          >
            <Maximize className="size-3.5" aria-hidden="true" /> Fit
          </button>
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {selected.length > 1 ? `${selected.length} layers selected` : ''}
      </p>
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

type Handlers = {
  begin: (event: PointerEvent<HTMLElement>, id: string, edge: Edge | null) => void;
  move: (event: PointerEvent<HTMLElement>) => void;
  end: (event: PointerEvent<HTMLElement>) => void;
  focus: (id: string) => void;
  edit: (id: string) => boolean;
};

/** One layer's box on the canvas: memoised, so that a drag re-renders only the boxes that move. */
const LayerBox = memo(function LayerBox({
  layer,
  selected,
  handles,
  readOnly,
  editing,
  handlers,
}: {
  layer: Layer;
  selected: boolean;
  handles: boolean;
  readOnly: boolean;
  editing: boolean;
  handlers: Handlers;
}) {
  const copy = layer.type === 'text' || layer.type === 'cta';
  const hint = readOnly || layer.locked ? '' : `. ${copy ? 'Enter edits the text, ' : ''}Arrow keys move, Alt+arrows resize, Delete removes.`;
  return (
    <div
      role="button"
      tabIndex={layer.locked ? -1 : 0}
      aria-pressed={selected}
      aria-label={`${layerName(layer)} (${LAYER_LABELS[layer.type].toLowerCase()} layer${layer.locked ? ', locked' : ''})${hint}`}
      data-layer={layer.id}
      className={`absolute outline-none ${layer.locked ? 'pointer-events-none' : readOnly ? 'cursor-default' : 'cursor-move'} ${editing ? 'invisible' : ''} ${selected ? `ring-2 ${layer.locked ? 'ring-zinc-400' : 'ring-accent-600'}` : 'hover:ring-1 hover:ring-sky-400/80 focus-visible:ring-2 focus-visible:ring-sky-500'}`}
      style={{ left: `${layer.x}%`, top: `${layer.y}%`, width: `${layer.w}%`, height: `${layer.h}%`, touchAction: 'none' }}
      onPointerDown={(event) => handlers.begin(event, layer.id, null)}
      onPointerMove={handlers.move}
      onPointerUp={handlers.end}
      onPointerCancel={handlers.end}
      onLostPointerCapture={handlers.end}
      onDoubleClick={() => handlers.edit(layer.id)}
      onFocus={() => handlers.focus(layer.id)}
    >
      {handles ? <Handles id={layer.id} handlers={handlers} /> : null}
    </div>
  );
});

function Handles({ id, handlers }: { id: string; handlers: Handlers }) {
  return HANDLES.map((edge) => (
    <span
      key={edge}
      aria-hidden="true"
      data-handle={edge}
      className={`absolute z-10 size-3 -translate-x-1/2 -translate-y-1/2 rounded-sm border-2 border-accent-600 bg-white ${HANDLE_POS[edge]}`}
      style={{ touchAction: 'none' }}
      onPointerDown={(event) => handlers.begin(event, id, edge)}
      onPointerMove={handlers.move}
      onPointerUp={handlers.end}
      onPointerCancel={handlers.end}
      onLostPointerCapture={handlers.end}
    />
  ));
}

/** The frame around several selected layers: dragging inside moves them all, its handles scale them together. */
function SelectionFrame({ bounds, count, handlers }: { bounds: Box; count: number; handlers: Handlers }) {
  return (
    <div
      aria-hidden="true"
      data-selection-frame={count}
      className="pointer-events-none absolute outline-1 outline-accent-600 outline-dashed"
      style={{ left: `${bounds.x}%`, top: `${bounds.y}%`, width: `${bounds.w}%`, height: `${bounds.h}%` }}
    >
      {HANDLES.map((edge) => (
        <span
          key={edge}
          data-handle={edge}
          className={`pointer-events-auto absolute z-10 size-3 -translate-x-1/2 -translate-y-1/2 rounded-sm border-2 border-accent-600 bg-white ${HANDLE_POS[edge]}`}
          style={{ touchAction: 'none' }}
          onPointerDown={(event) => handlers.begin(event, '', edge)}
          onPointerMove={handlers.move}
          onPointerUp={handlers.end}
          onPointerCancel={handlers.end}
          onLostPointerCapture={handlers.end}
        />
      ))}
    </div>
  );
}

function GuideLines({ lines, gaps, formatWidth, formatHeight }: { lines: Guides; gaps: Gap[]; formatWidth: number; formatHeight: number }) {
  return (
    <>
      {lines.x !== null ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-px bg-fuchsia-500" style={{ left: `${round2(lines.x)}%` }} />
      ) : null}
      {lines.y !== null ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 h-px bg-fuchsia-500" style={{ top: `${round2(lines.y)}%` }} />
      ) : null}
      {gaps.map((gap) => {
        const horizontal = gap.side === 'left' || gap.side === 'right';
        const px = Math.round(((gap.to - gap.from) * (horizontal ? formatWidth : formatHeight)) / 100);
        const style = horizontal
          ? { left: `${gap.from}%`, width: `${gap.to - gap.from}%`, top: `${gap.at}%`, height: 0 }
          : { top: `${gap.from}%`, height: `${gap.to - gap.from}%`, left: `${gap.at}%`, width: 0 };
        return (
          <div
            key={gap.side}
            aria-hidden="true"
            data-gap={gap.side}
            className={`pointer-events-none absolute flex items-center justify-center border-rose-500 ${horizontal ? 'border-t border-dashed' : 'border-l border-dashed'}`}
            style={style}
          >
            <span className="rounded bg-rose-600 px-1 py-px text-[10px] leading-none font-medium whitespace-nowrap text-white tabular-nums">{px}</span>
          </div>
        );
      })}
    </>
  );
}

/**
 * Text edited in place: a textarea over the layer in its own font, size, colour and
 * alignment at the canvas's zoom (the preview leaves the layer's text out meanwhile).
 * Every keystroke is a change of one undo step; Escape, a click elsewhere or Tab leave.
 */
function TextEditor({
  layer,
  doc,
  scale,
  onText,
  onDone,
}: {
  layer: Extract<Layer, { type: 'text' | 'cta' }>;
  doc: CreativeDocument;
  scale: number;
  onText: (text: string) => void;
  onDone: (keyboard: boolean) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const text = layer.type === 'text';
  const size = text && layer.autoFit ? fitCopy(layer, doc.format).size : layer.size;
  const fontSize = shortSidePx(size, doc.format) * scale;
  const lineHeight = text ? layer.lineHeight : 1.1;
  useEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.focus({ preventScroll: true });
    area.setSelectionRange(area.value.length, area.value.length);
  }, []);
  // The textarea grows with its lines, placed in the box like the text is.
  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.style.height = '0px';
    area.style.height = `${area.scrollHeight}px`;
  });
  const justify = text ? { top: 'flex-start', middle: 'center', bottom: 'flex-end' }[layer.vAlign] : 'center';
  return (
    <div
      className="absolute z-20 flex flex-col outline-2 outline-offset-2 outline-accent-600 outline-dashed"
      style={{
        left: `${layer.x}%`,
        top: `${layer.y}%`,
        width: `${layer.w}%`,
        height: `${layer.h}%`,
        justifyContent: justify,
      }}
    >
      <textarea
        ref={ref}
        aria-label={`Edit the text of ${layerName(layer)}`}
        data-editing={layer.id}
        value={layer.text}
        maxLength={text ? MAX_TEXT : 40}
        rows={1}
        spellCheck
        onChange={(event) => onText(text ? event.target.value : event.target.value.replace(/\n/g, ' '))}
        onBlur={() => onDone(false)}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape' || ((event.ctrlKey || event.metaKey) && event.key === 'Enter') || (!text && event.key === 'Enter')) {
            event.preventDefault();
            onDone(true);
          }
        }}
        className="block w-full resize-none overflow-hidden border-0 bg-transparent p-0 outline-none"
        style={{
          fontFamily: fontFamily(layer.font),
          fontWeight: layer.weight,
          fontSize,
          lineHeight,
          color: layer.color,
          textAlign: text ? layer.align : 'center',
          textTransform: text && layer.uppercase ? 'uppercase' : 'none',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontKerning: 'none',
          caretColor: layer.color,
        }}
      />
    </div>
  );
}
