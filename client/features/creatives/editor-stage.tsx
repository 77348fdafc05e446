import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { FORMATS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { CreativePreview } from '#client/creative/preview.tsx';
import { clampRect, moveLayer, removeLayer, round2, snap, updateLayer, type Guides, type Rect } from '#client/features/creatives/editor-state.ts';

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

interface Drag {
  id: string;
  pointerId: number;
  startX: number;
  startY: number;
  start: Rect;
  edges: { left: boolean; right: boolean; top: boolean; bottom: boolean } | null;
  group: string;
}

export interface StageProps {
  doc: CreativeDocument;
  images: Readonly<Record<string, string | undefined>>;
  selected: string | null;
  readOnly: boolean;
  onSelect: (id: string | null) => void;
  onChange: (doc: CreativeDocument, group?: string) => void;
  onSeal: () => void;
  onUndo: () => void;
  onRedo: () => void;
}

/** Fits the creative into the space available, at its true proportions. */
function useFit(ratio: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(480);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const rect = element.getBoundingClientRect();
      const available = Math.max(200, Math.min(rect.width - 32, (window.innerHeight - 190) * ratio, 720));
      setWidth(Math.floor(available));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ratio]);
  return { ref, width };
}

/**
 * The canvas: the live preview with a selection layer on top. Layers are selected with
 * a click or Tab, moved by dragging or with the arrow keys (Shift: 10×), resized by the
 * handles or Alt+arrows; boxes snap to the canvas edges and centre and to other layers
 * (hold Ctrl/⌘ while dragging to place freely).
 */
export function EditorStage({ doc, images, selected, readOnly, onSelect, onChange, onSeal, onUndo, onRedo }: StageProps) {
  const size = FORMATS[doc.format];
  const { ref, width } = useFit(size.width / size.height);
  const height = (width * size.height) / size.width;
  const [guides, setGuides] = useState<Guides>({ x: null, y: null });
  const drag = useRef<Drag | null>(null);
  // The document a drag started from and moves through, read by the pointer handlers between renders.
  const docRef = useRef(doc);
  useEffect(() => {
    docRef.current = doc;
  }, [doc]);

  const begin = (event: PointerEvent<HTMLElement>, layer: Layer, edge: Edge | null) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    // No text selection and no native drag of a selection made elsewhere (it would cancel the pointer).
    event.preventDefault();
    window.getSelection()?.removeAllRanges();
    (event.currentTarget.closest('[data-layer]') as HTMLElement | null)?.focus({ preventScroll: true });
    onSelect(layer.id);
    if (readOnly) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      id: layer.id,
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      start: { x: layer.x, y: layer.y, w: layer.w, h: layer.h },
      edges: edge ? { left: edge.includes('w'), right: edge.includes('e'), top: edge.includes('n'), bottom: edge.includes('s') } : null,
      group: `drag-${layer.id}-${event.timeStamp}`,
    };
  };

  const move = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const dx = ((event.clientX - d.startX) / width) * 100;
    const dy = ((event.clientY - d.startY) / height) * 100;
    if (Math.abs(event.clientX - d.startX) + Math.abs(event.clientY - d.startY) < 2) return;
    let box: Rect;
    if (!d.edges) box = { ...d.start, x: d.start.x + dx, y: d.start.y + dy };
    else {
      box = { ...d.start };
      if (d.edges.right) box.w = Math.max(0.5, d.start.w + dx);
      if (d.edges.left) {
        box.x = d.start.x + Math.min(dx, d.start.w - 0.5);
        box.w = Math.max(0.5, d.start.w - dx);
      }
      if (d.edges.bottom) box.h = Math.max(0.5, d.start.h + dy);
      if (d.edges.top) {
        box.y = d.start.y + Math.min(dy, d.start.h - 0.5);
        box.h = Math.max(0.5, d.start.h - dy);
      }
    }
    const current = docRef.current;
    const others = current.layers.filter((l) => l.id !== d.id).map((l) => ({ x: l.x, y: l.y, w: l.w, h: l.h }));
    const free = event.ctrlKey || event.metaKey;
    const snapped = free ? { box, guides: { x: null, y: null } } : snap(box, others, (6 / width) * 100, d.edges ?? undefined);
    setGuides(snapped.guides);
    onChange(updateLayer(current, d.id, clampRect(snapped.box)), d.group);
  };

  const end = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    setGuides({ x: null, y: null });
    onSeal();
  };

  const onKey = (event: KeyboardEvent<HTMLElement>, layer: Layer) => {
    const mod = event.ctrlKey || event.metaKey;
    if (mod && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      if (event.shiftKey) onRedo();
      else onUndo();
      return;
    }
    if (mod && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      onRedo();
      return;
    }
    if (event.key === 'Escape') {
      onSelect(null);
      (event.currentTarget as HTMLElement).blur();
      return;
    }
    if (readOnly) return;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      const step = event.shiftKey ? 5 : 0.5;
      const [ax, ay] = arrow;
      const patch = event.altKey ? { w: layer.w + ax * step, h: layer.h + ay * step } : { x: layer.x + ax * step, y: layer.y + ay * step };
      const box = clampRect({ x: layer.x, y: layer.y, w: layer.w, h: layer.h, ...patch });
      onChange(updateLayer(doc, layer.id, box), `key-${layer.id}-${event.altKey ? 'size' : 'move'}`);
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(removeLayer(doc, layer.id));
      return;
    }
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      onChange(moveLayer(doc, layer.id, event.key === 'PageUp' ? 1 : -1));
    }
  };

  return (
    <div ref={ref} className="flex min-h-[320px] w-full items-start justify-center p-4">
      <div
        className="relative shadow-[0_1px_3px_rgba(0,0,0,0.12),0_8px_24px_rgba(0,0,0,0.08)] ring-1 ring-zinc-900/10 select-none dark:ring-white/10"
        style={{ width, height }}
        onPointerDown={(event) => {
          if (event.target === event.currentTarget) onSelect(null);
        }}
      >
        <CreativePreview doc={doc} images={images} width={width} label={`Preview, ${size.label.toLowerCase()} ${size.width} × ${size.height}`} />
        <div
          className="absolute inset-0 overflow-hidden"
          data-testid="stage-overlay"
          onPointerDown={(event) => event.target === event.currentTarget && onSelect(null)}
        >
          {doc.layers.map((layer) => {
            const isSelected = layer.id === selected;
            return (
              <div
                key={layer.id}
                role="button"
                tabIndex={0}
                aria-pressed={isSelected}
                aria-label={`${layerName(layer)} (${LAYER_LABELS[layer.type].toLowerCase()} layer)${readOnly ? '' : '. Arrow keys move, Alt+arrows resize, Delete removes.'}`}
                data-layer={layer.id}
                className={`absolute outline-none ${readOnly ? 'cursor-default' : 'cursor-move'} ${isSelected ? 'ring-2 ring-accent-600' : 'hover:ring-1 hover:ring-sky-400/80 focus-visible:ring-2 focus-visible:ring-sky-500'}`}
                style={{ left: `${layer.x}%`, top: `${layer.y}%`, width: `${layer.w}%`, height: `${layer.h}%`, touchAction: 'none' }}
                onPointerDown={(event) => begin(event, layer, null)}
                onPointerMove={move}
                onPointerUp={end}
                onPointerCancel={end}
                onLostPointerCapture={end}
                onFocus={() => onSelect(layer.id)}
                onKeyDown={(event) => onKey(event, layer)}
              >
                {isSelected && !readOnly
                  ? HANDLES.map((edge) => (
                      <span
                        key={edge}
                        aria-hidden="true"
                        data-handle={edge}
                        className={`absolute z-10 size-3 -translate-x-1/2 -translate-y-1/2 rounded-sm border-2 border-accent-600 bg-white ${HANDLE_POS[edge]}`}
                        style={{ touchAction: 'none' }}
                        onPointerDown={(event) => begin(event, layer, edge)}
                        onPointerMove={move}
                        onPointerUp={end}
                        onPointerCancel={end}
                        onLostPointerCapture={end}
                      />
                    ))
                  : null}
              </div>
            );
          })}
          {guides.x !== null ? (
            <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-px bg-fuchsia-500" style={{ left: `${round2(guides.x)}%` }} />
          ) : null}
          {guides.y !== null ? (
            <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 h-px bg-fuchsia-500" style={{ top: `${round2(guides.y)}%` }} />
          ) : null}
        </div>
      </div>
    </div>
  );
}
