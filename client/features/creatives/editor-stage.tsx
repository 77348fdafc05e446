import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FORMATS, type CreativeDocument } from '#common/creative/document.ts';
import { CreativePreview } from '#client/creative/preview.tsx';
import { selectionBounds } from '#client/features/creatives/arrange.ts';
import { updateLayer } from '#client/features/creatives/editor-state.ts';
import { LayerBox, LayerHandles, SelectionFrame, type Handlers } from '#client/features/creatives/stage-boxes.tsx';
import { CropOverlay, CropTools } from '#client/features/creatives/lazy-parts.tsx';
import { GuideLines, TurnAngle } from '#client/features/creatives/stage-guides.tsx';
import { onStageKey } from '#client/features/creatives/stage-keys.ts';
import { TextEditor } from '#client/features/creatives/stage-text-editor.tsx';
import { toggleEmphasis, withRuns } from '#client/features/creatives/text-style.ts';
import { PAD, useStageZoom, ZoomControls } from '#client/features/creatives/stage-zoom.tsx';
import { rotated, useCrop } from '#client/features/creatives/use-crop.ts';
import { useStagePointer } from '#client/features/creatives/use-stage-pointer.ts';
import { useT } from '#client/lib/i18n-context.tsx';

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
  /** Drawn over the canvas, above the layers (safe zones): not part of the render; it lets the pointer through where it has no controls. */
  overlay?: ReactNode;
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
  overlay,
}: StageProps) {
  const t = useT();
  const size = FORMATS[doc.format];
  const viewRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const { viewport, zoom, scale, zoomTo, space, panning } = useStageZoom(viewRef, canvasRef, size);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);

  const [editing, setEditing] = useState<{ id: string; group: string } | null>(null);

  // The latest props, read by the handlers (which stay the same functions so that the layer boxes do not re-render).
  const latest = useRef({ doc, selected, readOnly, width, height, onSelect, onChange, onSeal });
  useLayoutEffect(() => {
    latest.current = { doc, selected, readOnly, width, height, onSelect, onChange, onSeal };
  });
  const pointer = useStagePointer({ latest, viewRef, canvasRef, space, setEditing });
  const { live, guides, marquee } = pointer;
  // Cropping a picture (stage-crop.tsx): double-click or Enter on it starts, as on a text.
  const crop = useCrop({ doc, readOnly, images, canvasRef, onChange, onSeal, onSelect });
  const { start: startCrop } = crop;
  const handlers = useMemo<Handlers>(() => ({ ...pointer.handlers, edit: (id) => startCrop(id) || pointer.handlers.edit(id) }), [pointer.handlers, startCrop]);
  const shown = crop.shown ?? live ?? doc;

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

  const onKeyDown = (event: globalThis.KeyboardEvent) =>
    crop.onKey(event) ||
    onStageKey(event, { doc, selected, readOnly, onSelect, onChange, onUndo, onRedo, onCopy, onPaste, onDuplicate, edit: handlers.edit, viewRef });

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
  // One movable layer selected (and drawn): its own handles.
  const handleLayer = !readOnly && !many && !editingLayer && !crop.session ? movableSelected.find((l) => !l.hidden) : undefined;
  const bounds = many
    ? selectionBounds(
        shown,
        movableSelected.map((l) => l.id),
      )
    : null;
  // The crop's tools (a picture selected, or cropping) float in the canvas's corner opposite the zoom's.
  const single = selected.length === 1 ? shown.layers.find((l) => l.id === selected[0]) : undefined;
  const canCrop = !readOnly && single?.type === 'image' && !single.locked && !single.hidden && !!single.mediaId && !!images[single.mediaId] && !rotated(single);
  const cropSrc = crop.view?.layer.mediaId ? images[crop.view.layer.mediaId] : undefined;

  return (
    <div ref={rootRef} className="flex min-w-0 flex-col">
      {toolbar ? (
        // One line of fixed height (scrolling sideways when narrow): tools appearing with a selection never move the canvas.
        <div
          role="toolbar"
          aria-label={t('creativeEditor.canvas')}
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
          onPointerDownCapture={pointer.onPanDown}
          onPointerMove={pointer.onPanMove}
          onPointerUp={pointer.onPanUp}
          onPointerCancel={pointer.onPanUp}
          onPointerDown={(event) => {
            // The grey around the canvas: a click there clears the selection too.
            if (event.target === event.currentTarget || (event.target as HTMLElement).dataset.stageBackdrop !== undefined) {
              // While cropping, a click beside the canvas confirms the crop.
              if (crop.session) crop.finish(true);
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
              <CreativePreview
                doc={previewDoc}
                images={images}
                width={width}
                label={t('creativeEditor.stage.preview', {
                  format: t('creativeEditor.format.inText', { format: doc.format }),
                  width: size.width,
                  height: size.height,
                })}
              />
              <div
                className={`absolute inset-0 ${editingLayer ? '' : 'overflow-hidden'}`}
                data-testid="stage-overlay"
                onPointerDown={pointer.onEmptyDown}
                onPointerMove={pointer.onEmptyMove}
                onPointerUp={pointer.onEmptyUp}
                onPointerCancel={pointer.onEmptyUp}
              >
                {shown.layers.map((layer) =>
                  layer.hidden || (layer.locked && !selectedSet.has(layer.id)) ? null : (
                    <LayerBox
                      key={layer.id}
                      layer={layer}
                      selected={selectedSet.has(layer.id)}
                      readOnly={readOnly}
                      editing={editingLayer?.id === layer.id}
                      handlers={handlers}
                    />
                  ),
                )}
                {editingLayer && (editingLayer.type === 'text' || editingLayer.type === 'cta') ? (
                  <TextEditor
                    layer={editingLayer}
                    doc={shown}
                    scale={scale}
                    onText={(text) => onChange(updateLayer(doc, editingLayer.id, { text }), editing?.group)}
                    onStyle={
                      editingLayer.type === 'text'
                        ? (range, emphasis) => onChange(withRuns(doc, editingLayer.id, toggleEmphasis(editingLayer, range, emphasis)))
                        : undefined
                    }
                    onDone={stopEditing}
                  />
                ) : null}
                <GuideLines lines={guides.lines} gaps={guides.gaps} formatWidth={size.width} formatHeight={size.height} />
                {guides.angle != null ? (
                  <TurnAngle
                    angle={guides.angle}
                    bounds={selectionBounds(
                      shown,
                      movableSelected.map((l) => l.id),
                    )}
                  />
                ) : null}
                {marquee ? (
                  <div
                    aria-hidden="true"
                    data-testid="marquee"
                    className="pointer-events-none absolute border border-sky-500 bg-sky-500/10"
                    style={{ left: `${marquee.x}%`, top: `${marquee.y}%`, width: `${marquee.w}%`, height: `${marquee.h}%` }}
                  />
                ) : null}
              </div>
              {/* Handles above the clip: those of a layer sticking out of the canvas stay visible and grabbable. */}
              <div className="pointer-events-none absolute inset-0">
                {crop.view && cropSrc ? (
                  <CropOverlay
                    view={crop.view}
                    format={doc.format}
                    scale={scale}
                    src={cropSrc}
                    onStep={crop.step}
                    onNatural={crop.setNatural}
                    onDone={() => crop.finish(true)}
                  />
                ) : null}
                {handleLayer ? <LayerHandles layer={handleLayer} handlers={handlers} /> : null}
                {bounds && !readOnly ? <SelectionFrame bounds={bounds} count={movableSelected.length} handlers={handlers} /> : null}
              </div>
              {overlay}
            </div>
          </div>
        </div>
        <CropTools
          cropping={crop.session !== null}
          canCrop={canCrop}
          onStart={() => single && startCrop(single.id)}
          onScale={crop.scale}
          onDone={() => crop.finish(true, true)}
          onCancel={() => crop.finish(false, true)}
        />
        <ZoomControls zoom={zoom} scale={scale} fit={viewport.fit} zoomTo={zoomTo} />
      </div>
      <p className="sr-only" aria-live="polite">
        {selected.length > 1 ? t('creativeEditor.stage.selected', { count: selected.length }) : ''}
      </p>
    </div>
  );
}
