import type { RefObject } from 'react';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import {
  moveLayers,
  removeLayers,
  resizeLayers,
  rotateLayers,
  selectionBounds,
  setRotation,
  shiftLayers,
  type Box,
} from '#client/features/creatives/arrange.ts';
import { isTyping } from '#client/lib/keyboard.ts';

export const selectableOnCanvas = (layer: Layer) => !layer.locked && !layer.hidden;

/** What the stage's keys act on: its props, the in-place editing of a layer and the viewport (which takes the focus back). */
export interface StageKeys {
  doc: CreativeDocument;
  selected: readonly string[];
  readOnly: boolean;
  onSelect: (ids: string[]) => void;
  onChange: (doc: CreativeDocument, group?: string) => void;
  onUndo: () => void;
  onRedo: () => void;
  onCopy?: ((ids: string[]) => void) | undefined;
  onPaste?: (() => void) | undefined;
  onDuplicate?: ((ids: string[]) => void) | undefined;
  /** Starts editing a layer's text in place; false when it cannot be (not text, locked, read-only). */
  edit: (id: string) => boolean;
  viewRef: RefObject<HTMLDivElement | null>;
}

/**
 * A key pressed on the stage (a layer box or the viewport), but not in a text field: undo and
 * redo, select all, Escape, copy, paste and duplicate, Enter to edit a text, the arrows to move
 * (Shift: 10×) or with Alt to resize, comma and full stop to turn by 1° anticlockwise or clockwise
 * (Shift: 15°; by the physical key, the same on English and German keyboards), Delete, Page Up /
 * Page Down to bring forward or back.
 */
export function onStageKey(
  event: globalThis.KeyboardEvent,
  { doc, selected, readOnly, onSelect, onChange, onUndo, onRedo, onCopy, onPaste, onDuplicate, edit, viewRef }: StageKeys,
) {
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
    if (edit(layerId)) event.preventDefault();
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
  const turnKey = event.code === 'Comma' || event.key === ',' ? -1 : event.code === 'Period' || event.key === '.' ? 1 : 0;
  if (turnKey !== 0 && !mod && !event.altKey) {
    event.preventDefault();
    const step = turnKey * (event.shiftKey ? 15 : 1);
    const one = ids.length === 1 ? doc.layers.find((l) => l.id === ids[0]) : undefined;
    const r = one?.rotation ?? 0;
    // Shift on one layer: to the next multiple of 15° that way, as the handle's Shift steps.
    const stepped = step > 0 ? (Math.floor(r / 15) + 1) * 15 : (Math.ceil(r / 15) - 1) * 15;
    const next = one ? setRotation(doc, ids, event.shiftKey ? stepped : r + step) : rotateLayers(doc, ids, step);
    if (next !== doc) onChange(next, `key-${ids.join(',')}-turn`);
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
}
