import { memo, type PointerEvent } from 'react';
import type { Layer } from '#common/creative/document.ts';
import type { Box } from '#client/features/creatives/arrange.ts';
import { layerName } from '#client/features/creatives/layer-names.ts';
import { useT } from '#client/lib/i18n-context.tsx';

export type Edge = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
/** What a handle does: resize from an edge or corner, or turn (the handle above the box). */
export type Grip = Edge | 'rotate';
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

/** The stage's pointer handlers (use-stage-pointer.ts), the same functions for the stage's life. */
export type Handlers = {
  begin: (event: PointerEvent<HTMLElement>, id: string, edge: Grip | null) => void;
  move: (event: PointerEvent<HTMLElement>) => void;
  end: (event: PointerEvent<HTMLElement>) => void;
  focus: (id: string) => void;
  edit: (id: string) => boolean;
};

/** One layer's box on the canvas: memoised, so that a drag re-renders only the boxes that move. */
export const LayerBox = memo(function LayerBox({
  layer,
  selected,
  readOnly,
  editing,
  handlers,
}: {
  layer: Layer;
  selected: boolean;
  readOnly: boolean;
  editing: boolean;
  handlers: Handlers;
}) {
  const t = useT();
  const copy = layer.type === 'text' || layer.type === 'cta';
  const hint =
    readOnly || layer.locked
      ? ''
      : t(copy ? 'creativeEditor.stage.hintText' : layer.type === 'image' && layer.mediaId ? 'creativeEditor.stage.hintPicture' : 'creativeEditor.stage.hint');
  const label = t(layer.locked ? 'creativeEditor.stage.boxLocked' : 'creativeEditor.stage.box', { name: layerName(layer, t), type: layer.type });
  return (
    <div
      role="button"
      tabIndex={layer.locked ? -1 : 0}
      aria-pressed={selected}
      aria-label={`${label}${hint}`}
      data-layer={layer.id}
      className={`absolute outline-none ${layer.locked ? 'pointer-events-none' : readOnly ? 'cursor-default' : 'cursor-move'} ${editing ? 'invisible' : ''} ${selected ? `ring-2 ${layer.locked ? 'ring-zinc-400' : 'ring-accent-600'}` : 'hover:ring-1 hover:ring-sky-400/80 focus-visible:ring-2 focus-visible:ring-sky-500'}`}
      style={{ ...boxStyle(layer), touchAction: 'none' }}
      onPointerDown={(event) => handlers.begin(event, layer.id, null)}
      onPointerMove={handlers.move}
      onPointerUp={handlers.end}
      onPointerCancel={handlers.end}
      onLostPointerCapture={handlers.end}
      onDoubleClick={() => handlers.edit(layer.id)}
      onFocus={() => handlers.focus(layer.id)}
    />
  );
});

/** A layer's place on the stage (percent of the canvas), turned about its centre as the renderer turns it. */
function boxStyle(layer: Layer) {
  return {
    left: `${layer.x}%`,
    top: `${layer.y}%`,
    width: `${layer.w}%`,
    height: `${layer.h}%`,
    ...(layer.rotation ? { transform: `rotate(${layer.rotation}deg)` } : {}),
  };
}

/** The eight handles of a box (`id`: the layer's, or '' for the selection frame) and the turn handle above it; they take the pointer, their box lets it through. */
function Handles({ id, handlers }: { id: string; handlers: Handlers }) {
  const t = useT();
  const rotate = (
    <span
      key="rotate"
      data-handle="rotate"
      title={t('creativeEditor.stage.rotateHandle')}
      className="pointer-events-auto absolute -top-7 left-1/2 z-10 size-4 -translate-x-1/2 cursor-grab rounded-full border-2 border-accent-600 bg-white after:absolute after:top-full after:left-1/2 after:h-3 after:w-px after:bg-accent-600"
      style={{ touchAction: 'none' }}
      onPointerDown={(event) => handlers.begin(event, id, 'rotate')}
      onPointerMove={handlers.move}
      onPointerUp={handlers.end}
      onPointerCancel={handlers.end}
      onLostPointerCapture={handlers.end}
    />
  );
  return [
    rotate,
    ...HANDLES.map((edge) => (
      <span
        key={edge}
        data-handle={edge}
        className={`pointer-events-auto absolute z-10 size-3 -translate-x-1/2 -translate-y-1/2 rounded-sm border-2 border-accent-600 bg-white ${HANDLE_POS[edge]}`}
        style={{ touchAction: 'none' }}
        onPointerDown={(event) => handlers.begin(event, id, edge)}
        onPointerMove={handlers.move}
        onPointerUp={handlers.end}
        onPointerCancel={handlers.end}
        onLostPointerCapture={handlers.end}
      />
    )),
  ];
}

/**
 * The resize handles of the one selected layer, in the stage's overlay above the canvas's clip
 * (not inside its box): a layer sticking out of the canvas keeps every handle visible and
 * grabbable. A box of the layer's place and size that lets the pointer through but for its handles.
 */
export function LayerHandles({ layer, handlers }: { layer: Layer; handlers: Handlers }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute" style={boxStyle(layer)}>
      <Handles id={layer.id} handlers={handlers} />
    </div>
  );
}

/** The frame around several selected layers: dragging inside moves them all, its handles scale them together. */
export function SelectionFrame({ bounds, count, handlers }: { bounds: Box; count: number; handlers: Handlers }) {
  return (
    <div
      aria-hidden="true"
      data-selection-frame={count}
      className="pointer-events-none absolute outline-1 outline-accent-600 outline-dashed"
      style={{ left: `${bounds.x}%`, top: `${bounds.y}%`, width: `${bounds.w}%`, height: `${bounds.h}%` }}
    >
      <Handles id="" handlers={handlers} />
    </div>
  );
}
