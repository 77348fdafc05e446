import { useEffect, useMemo, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { CreativeDocument } from '#common/creative/document.ts';
import { rectTouchesTurned, turnedBounds } from '#common/creative/geometry.ts';
import { expandGroups, moveLayers, resizeLayers, selectionBounds, type Box } from '#client/features/creatives/arrange.ts';
import { gapsAround, rectFromPoints, round2, snap, type Gap, type Guides, type Rect } from '#client/features/creatives/editor-state.ts';
import type { Grip, Handlers } from '#client/features/creatives/stage-boxes.tsx';
import { resizeOneTurned, turnResult, type Turn } from '#client/features/creatives/stage-turn.ts';
import { NO_GUIDES } from '#client/features/creatives/stage-guides.tsx';
import { selectableOnCanvas } from '#client/features/creatives/stage-keys.ts';

interface Drag {
  pointerId: number;
  startX: number;
  startY: number;
  /** The document when the drag began: every step is computed from it, not from the last step. */
  from: CreativeDocument;
  ids: string[];
  bounds: Box;
  edges: { left: boolean; right: boolean; top: boolean; bottom: boolean } | null;
  /** A turn (the rotate handle): its pivot on screen and where the pointer began. */
  turn: Turn | null;
  others: Rect[];
  group: string;
  /** The last pointer position and modifiers, applied at the next animation frame. */
  last: { x: number; y: number; free: boolean; steps: boolean } | null;
  moved: boolean;
}

interface Marquee {
  pointerId: number;
  x: number;
  y: number;
  additive: boolean;
  rect: Rect | null;
}

/** The stage's latest props and size, read by the handlers when an event comes. */
export interface StageLatest {
  doc: CreativeDocument;
  selected: readonly string[];
  readOnly: boolean;
  width: number;
  height: number;
  onSelect: (ids: string[]) => void;
  onChange: (doc: CreativeDocument, group?: string) => void;
  onSeal: () => void;
}

/**
 * The canvas's pointer: a layer box or the selection frame's handles dragged (moved or
 * resized from where the drag began, snapped to the canvas and the other layers unless Ctrl/⌘
 * is held, one undo step at the end), a drag on the empty canvas selecting what it touches,
 * and space+drag or the middle button panning the viewport. `live` is the document while a
 * drag runs, `guides` the lines and distances it shows.
 */
export function useStagePointer({
  latest,
  viewRef,
  canvasRef,
  space,
  setEditing,
}: {
  latest: RefObject<StageLatest>;
  viewRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLDivElement | null>;
  space: RefObject<boolean>;
  setEditing: (editing: { id: string; group: string }) => void;
}) {
  // While a drag runs, the stage shows its own copy of the document and hands the result over once, at the end.
  const [live, setLive] = useState<CreativeDocument | null>(null);
  const [guides, setGuides] = useState<{ lines: Guides; gaps: Gap[]; angle?: number | null }>({ lines: NO_GUIDES, gaps: [] });
  const [marquee, setMarquee] = useState<Rect | null>(null);
  const drag = useRef<Drag | null>(null);
  const frame = useRef<number | null>(null);
  const marqueeRef = useRef<Marquee | null>(null);
  const pan = useRef<{ pointerId: number; x: number; y: number; left: number; top: number } | null>(null);

  // A second finger: a pinch (stage-zoom.tsx), not the drag the first one began on a layer (that drag is dropped).
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2 || !drag.current) return;
      drag.current = null;
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
      setLive(null);
      setGuides({ lines: NO_GUIDES, gaps: [] });
    };
    view.addEventListener('touchstart', onTouchStart, { passive: true });
    return () => view.removeEventListener('touchstart', onTouchStart);
  }, [viewRef]);

  /** The drag's document for the pointer at (x, y): moved or resized from where it began, snapped unless free. */
  const dragResult = (
    d: Drag,
    x: number,
    y: number,
    free: boolean,
    steps = false,
  ): { doc: CreativeDocument; lines: Guides; gaps: Gap[]; angle?: number | null } => {
    const { width: w, height: h } = latest.current;
    if (d.turn) return turnResult(d.from, d.ids, d.turn, [x, y], { free, steps });
    const dx = ((x - d.startX) / w) * 100;
    const dy = ((y - d.startY) / h) * 100;
    // One turned layer resizes in its own frame (the opposite edge stays put), without snapping.
    const own = d.edges ? resizeOneTurned(d.from, d.ids, d.edges, dx, dy) : null;
    if (own) return { doc: own, lines: NO_GUIDES, gaps: [] };
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
    const result = dragResult(d, d.last.x, d.last.y, d.last.free, d.last.steps);
    setLive(result.doc);
    setGuides({ lines: result.lines, gaps: result.gaps, angle: result.angle ?? null });
  };

  const handlers = useMemo<Handlers>(() => {
    const unitOf = (doc: CreativeDocument, id: string) => expandGroups(doc, [id]);

    const begin = (event: PointerEvent<HTMLElement>, id: string, edge: Grip | null) => {
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
      const canvas = canvasRef.current?.getBoundingClientRect();
      const pivot = [bounds.x + bounds.w / 2, bounds.y + bounds.h / 2] as const;
      const screen = [(canvas?.left ?? 0) + (pivot[0] / 100) * latest.current.width, (canvas?.top ?? 0) + (pivot[1] / 100) * latest.current.height] as const;
      drag.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        from: doc,
        ids: moving,
        bounds,
        edges: edge && edge !== 'rotate' ? { left: edge.includes('w'), right: edge.includes('e'), top: edge.includes('n'), bottom: edge.includes('s') } : null,
        turn: edge === 'rotate' ? { pivot, screen, start: [event.clientX, event.clientY] } : null,
        // The others as drawn (turned ones by their turned corners): what the moving box snaps to.
        others: doc.layers.filter((l) => !moving.includes(l.id) && !l.hidden).map((l) => turnedBounds(l, doc.format)),
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
      d.last = { x: event.clientX, y: event.clientY, free: event.ctrlKey || event.metaKey, steps: event.shiftKey };
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
        const result = dragResult(d, d.last.x, d.last.y, d.last.free, d.last.steps);
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

  // The empty canvas: a click clears the selection, a drag selects what it touches (Shift: adds to it).
  const canvasPoint = (event: { clientX: number; clientY: number }) => {
    const { width, height } = latest.current;
    const rect = canvasRef.current!.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / width) * 100, y: ((event.clientY - rect.top) / height) * 100 };
  };
  const onEmptyDown = (event: PointerEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.button !== 0 || space.current) return;
    viewRef.current?.focus({ preventScroll: true });
    if (event.pointerType === 'touch') {
      if (!event.shiftKey) latest.current.onSelect([]);
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
    const { doc, selected, width, height, onSelect } = latest.current;
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
    // A turned layer is touched by its turned shape, not by the box around it.
    const hit = doc.layers.filter((l) => selectableOnCanvas(l) && rectTouchesTurned(rect, l, doc.format)).map((l) => l.id);
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

  return { live, guides, marquee, handlers, onEmptyDown, onEmptyMove, onEmptyUp, onPanDown, onPanMove, onPanUp };
}
