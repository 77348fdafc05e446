import { useState, type PointerEvent as ReactPointerEvent } from 'react';

/** A block being dragged on the preview and where it would land (its index among the page's blocks once moved). */
export interface BlockDrag {
  id: string;
  to: number | null;
}

/** Where the dragged block lands for a pointer at `y`: after every other block whose middle is above it. */
function landing(doc: Document, id: string, y: number): number {
  const others = [...doc.querySelectorAll('[data-canvas-block]')].filter((el) => el.getAttribute('data-canvas-block') !== id);
  return others.filter((el) => {
    const box = el.getBoundingClientRect();
    return box.top + box.height / 2 < y;
  }).length;
}

/**
 * Reordering by dragging a block's handle on the preview, with pointer events (mouse, pen,
 * touch). The pointer's `clientY` and the blocks' boxes are both in the frame's own
 * coordinates, so the preview's zoom (a transform on the frame) does not change the result.
 */
export function useBlockDrag(onDrop: (id: string, to: number) => void) {
  const [drag, setDrag] = useState<BlockDrag | null>(null);

  const start = (id: string) => (event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    const handle = event.currentTarget;
    const doc = handle.ownerDocument;
    try {
      handle.setPointerCapture(event.pointerId);
    } catch {
      // No capture (a pointer the browser no longer tracks): the document's listeners below still follow it.
    }
    setDrag({ id, to: null });
    const move = (e: PointerEvent) => setDrag({ id, to: landing(doc, id, e.clientY) });
    const end = (e: PointerEvent) => {
      doc.removeEventListener('pointermove', move);
      doc.removeEventListener('pointerup', end);
      doc.removeEventListener('pointercancel', end);
      setDrag(null);
      if (e.type === 'pointerup') onDrop(id, landing(doc, id, e.clientY));
    };
    doc.addEventListener('pointermove', move);
    doc.addEventListener('pointerup', end);
    doc.addEventListener('pointercancel', end);
  };

  return { drag, start };
}

/** Which block shows the drop line, and on which side, while `drag` is over the page of `ids`. */
export function dropMark(ids: readonly string[], drag: BlockDrag | null): { id: string; side: 'before' | 'after' } | null {
  if (!drag || drag.to === null) return null;
  const others = ids.filter((id) => id !== drag.id);
  if (ids.indexOf(drag.id) === drag.to || others.length === 0) return null;
  return drag.to < others.length ? { id: others[drag.to]!, side: 'before' } : { id: others.at(-1)!, side: 'after' };
}
