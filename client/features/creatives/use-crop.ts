import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FORMATS, layerBox, type CreativeDocument } from '#common/creative/document.ts';
import type * as cropMath from '#client/features/creatives/crop-math.ts';
import type { CropStep, ImageLayer, PxRect, Size } from '#client/features/creatives/crop-math.ts';
import { updateLayer } from '#client/features/creatives/editor-state.ts';

/** The crop's maths (crop-math.ts), loaded when a crop starts: the canvas's overlay (stage-crop.tsx) needs it too. */
type CropMath = typeof cropMath;

/** A crop on the canvas under way: the document it began on and the picture layer as cropped so far. */
export interface CropSession {
  id: string;
  from: CreativeDocument;
  layer: ImageLayer;
  /** The picture's own size, once it has loaded (the crop's maths need its shape). */
  natural: Size | null;
}

/** What the canvas shows of a crop: the frame (format pixels) and the picture's own size, once it has loaded. */
export interface CropView {
  layer: ImageLayer;
  frame: PxRect;
  natural: Size | null;
}

/** True when a layer carries a rotation (a field other documents may have; absent or 0: upright). */
export const rotated = (layer: object) => 'rotation' in layer && typeof layer.rotation === 'number' && layer.rotation % 360 !== 0;

const CROP_FIELDS = ['x', 'y', 'w', 'h', 'focal', 'zoom'] as const;

/** The crop's changes to a layer (only the fields a crop sets), the same document when there are none. */
function withCrop(doc: CreativeDocument, layer: ImageLayer): CreativeDocument {
  const current = doc.layers.find((l) => l.id === layer.id);
  if (!current || current.type !== 'image') return doc;
  const changed = CROP_FIELDS.filter((k) => JSON.stringify(current[k]) !== JSON.stringify(layer[k]));
  if (changed.length === 0) return doc;
  return updateLayer(doc, layer.id, Object.fromEntries(CROP_FIELDS.map((k) => [k, layer[k]])) as Partial<ImageLayer>);
}

/**
 * The crop mode of the canvas: started on a picture layer (double-click, Enter, the Crop button),
 * shown on a copy of the document (`shown`) and handed over once, when confirmed (Enter, Done,
 * a click beside the picture): one undo step; Escape or Cancel drops it. A change made meanwhile
 * elsewhere (the zoom and focus sliders, the precise path) is taken into the crop.
 */
export function useCrop({
  doc,
  readOnly,
  images,
  canvasRef,
  onChange,
  onSeal,
  onSelect,
}: {
  doc: CreativeDocument;
  readOnly: boolean;
  images: Readonly<Record<string, string | undefined>>;
  canvasRef: RefObject<HTMLDivElement | null>;
  onChange: (doc: CreativeDocument, group?: string) => void;
  onSeal: () => void;
  onSelect: (ids: string[]) => void;
}) {
  const [session, setSession] = useState<CropSession | null>(null);
  const math = useRef<CropMath | null>(null);
  const refocus = useRef<string | null>(null);
  const latest = useRef({ doc, readOnly, images, session, onChange, onSeal, onSelect });
  useLayoutEffect(() => {
    latest.current = { doc, readOnly, images, session, onChange, onSeal, onSelect };
  });

  // The document changed meanwhile (a slider, undo): the crop follows it, or ends when its layer went.
  if (session && session.from !== doc) {
    const before = session.from.layers.find((l) => l.id === session.id);
    const now = doc.layers.find((l) => l.id === session.id);
    if (!now || now.type !== 'image' || !now.mediaId || now.locked || now.hidden) setSession(null);
    else {
      const external = Object.fromEntries(
        Object.entries(now).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify((before as Record<string, unknown> | undefined)?.[k])),
      );
      setSession({ ...session, from: doc, layer: { ...session.layer, ...external } as ImageLayer });
    }
  }

  const start = useCallback((id: string) => {
    const { doc: current, readOnly: ro, images: pictures, onSelect: select } = latest.current;
    const layer = current.layers.find((l) => l.id === id);
    if (ro || !layer || layer.type !== 'image' || layer.locked || layer.hidden || !layer.mediaId || !pictures[layer.mediaId]) return false;
    // A rotated picture (issue 29's rotation, merged beside this) is not cropped on the canvas yet: its frame would be drawn upright.
    if (rotated(layer)) return false;
    select([id]);
    void import('#client/features/creatives/crop-math.ts').then((m) => {
      math.current = m;
    });
    setSession({ id, from: current, layer, natural: null });
    return true;
  }, []);

  const finish = useCallback((keep: boolean, keyboard = false) => {
    const s = latest.current.session;
    if (!s) return;
    setSession(null);
    if (keep) {
      const next = withCrop(s.from, s.layer);
      if (next !== s.from) latest.current.onChange(next);
      latest.current.onSeal();
    }
    if (keyboard) refocus.current = s.id;
  }, []);

  useEffect(() => {
    const id = refocus.current;
    if (session || !id) return;
    refocus.current = null;
    canvasRef.current?.querySelector<HTMLElement>(`[data-layer="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  }, [session, canvasRef]);

  /** A crop step from the layer as it was when a drag began (`from`), or as it is now (null). */
  const step = useCallback((from: ImageLayer | null, change: CropStep) => {
    // Before the picture's size is known there is nothing to move (its maths load meanwhile).
    const m = math.current;
    if (m) setSession((s) => (s?.natural ? { ...s, layer: m.applyCropStep(from ?? s.layer, s.from.format, s.natural, change) } : s));
  }, []);

  /** The picture scaled about the frame's centre (the keys, the tools' buttons). */
  const scale = useCallback(
    (factor: number) => {
      const s = latest.current.session;
      if (!s) return;
      const frame = layerBox(s.layer, s.from.format);
      step(null, { kind: 'scale', factor, x: frame.left + frame.width / 2, y: frame.top + frame.height / 2 });
    },
    [step],
  );

  const setNatural = useCallback((natural: Size) => {
    if (natural.width > 0 && natural.height > 0) setSession((s) => (s && !s.natural ? { ...s, natural } : s));
  }, []);

  /**
   * A key while cropping (true: handled): the arrows move the picture (Shift: 10 ×), + and −
   * scale it, Enter confirms, Escape cancels; undo and redo end the crop first, Tab moves on,
   * every other key does nothing (Delete does not delete the layer being cropped).
   */
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      const s = latest.current.session;
      if (!s) return false;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (event.key === 'Tab') return false;
      // A button (the crop's tools) keeps its own Enter and space.
      if ((event.key === 'Enter' || event.key === ' ') && (event.target as HTMLElement).closest('button')) return true;
      if (mod && (key === 'z' || key === 'y')) {
        finish(false);
        return false;
      }
      event.preventDefault();
      if (event.key === 'Escape' || event.key === 'Enter') {
        finish(event.key === 'Enter', true);
        return true;
      }
      const { width, height } = FORMATS[s.from.format];
      const unit = (Math.min(width, height) * (event.shiftKey ? 5 : 0.5)) / 100;
      const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      const arrow = arrows[event.key];
      if (arrow) step(null, { kind: 'move', dx: arrow[0] * unit, dy: arrow[1] * unit });
      else if (!mod && (event.key === '+' || event.key === '=' || event.key === '-' || event.key === '_'))
        scale(event.key === '+' || event.key === '=' ? 1.1 : 1 / 1.1);
      return true;
    },
    [finish, step, scale],
  );

  const shown = useMemo(() => (session ? withCrop(session.from, session.layer) : null), [session]);
  const view = useMemo<CropView | null>(() => {
    if (!session) return null;
    return { layer: session.layer, frame: layerBox(session.layer, session.from.format), natural: session.natural };
  }, [session]);

  return { session, view, shown, start, finish, step, scale, setNatural, onKey };
}
