import type { Locale } from '#common/i18n/locales.ts';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FunnelTheme } from '#common/schemas/blocks-theme.ts';
import type { Block, PageDocument } from '#common/schemas/blocks.ts';
import { Plus } from 'lucide-react';
import { Button } from '#client/components/button.tsx';
import type { Device } from '#client/components/editor/device-frame.tsx';
import { PreviewPane } from '#client/components/editor/device-preview.tsx';
import { CanvasBlock, type Editing } from '#client/features/pages/canvas/canvas-block.tsx';
import { firstShown, textFields, withText } from '#client/features/pages/canvas/text-fields.ts';
import { dropMark, useBlockDrag } from '#client/features/pages/canvas/use-block-drag.ts';
import { ZoomControl, type Zoom } from '#client/features/pages/canvas/zoom-control.tsx';
import { PagePreview, type MediaSizes } from '#client/features/pages/preview.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** The page at real width: a desktop (the blocks' widest layout and then some) and a phone. */
export const CANVAS_WIDTH: Record<Device, number> = { desktop: 1280, phone: 390 };

/** What the canvas changes, through the page editor's reducer (each an undoable step). */
export interface CanvasActions {
  onSelect: (id: string | null) => void;
  onMove: (id: string, to: number) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  onHideOnPhone: (id: string, hidden: boolean) => void;
  onProps: (id: string, props: Block['props']) => void;
  /** Opens the block picker; the new block goes to index `at`. */
  onInsert: (at: number) => void;
  onUndo: () => void;
  onRedo: () => void;
}

const plainKey = (event: KeyboardEvent) => !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;

/**
 * The page editor's preview as the editor (issue 30): the page drawn by its own components at
 * desktop or phone width with a zoom; click (or Enter on) a block to select it, its toolbar
 * moves, duplicates, hides on phones and deletes it; a click on a text of the selected block
 * (or F2) edits it in place; the handle drags it; "+" between blocks adds one there. Every key
 * path of the blocks list works here too (Alt+↑/↓, Ctrl+D, Delete, Ctrl+Z), and ↑/↓ go through the blocks.
 */
export function PageCanvas({
  doc,
  theme,
  locale,
  sizes,
  label,
  note,
  selected,
  readOnly,
  full,
  nameOf,
  actions,
}: {
  doc: PageDocument;
  theme: FunnelTheme;
  locale: Locale;
  sizes: MediaSizes;
  label: string;
  note: ReactNode;
  selected: string | null;
  readOnly: boolean;
  full: boolean;
  nameOf: (block: Block) => string;
  actions: CanvasActions;
}) {
  const t = useT();
  const [device, setDevice] = useState<Device>('desktop');
  const [zoom, setZoom] = useState<Zoom>('fit');
  const [active, setActive] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const nodes = useRef(new Map<string, HTMLElement>());
  // The block to focus once the change it waits for is drawn (after a move, a delete, a duplicate).
  const focusNext = useRef<string | 'selected' | null>(null);
  const ids = doc.blocks.map((b) => b.id);
  // Another selection (from the blocks list, the checklist) ends an edit in place.
  if (editing && editing.id !== selected) setEditing(null);

  useEffect(() => {
    const want = focusNext.current === 'selected' ? selected : focusNext.current;
    const node = want ? nodes.current.get(want) : undefined;
    if (!node) return;
    focusNext.current = null;
    node.focus();
  });

  const register = (id: string, node: HTMLElement | null) => {
    if (node) nodes.current.set(id, node);
    else nodes.current.delete(id);
  };

  const move = (id: string, to: number) => {
    const from = ids.indexOf(id);
    const block = doc.blocks[from];
    if (!block || to < 0 || to >= ids.length || to === from) return;
    actions.onMove(id, to);
    setAnnouncement(t('editor.list.moved', { name: nameOf(block), position: to + 1, count: ids.length }));
  };

  const { drag, start } = useBlockDrag(move);
  const mark = dropMark(ids, drag);

  const remove = (id: string) => {
    const index = ids.indexOf(id);
    setEditing(null);
    focusNext.current = ids[index + 1] ?? ids[index - 1] ?? null;
    actions.onDelete(id);
  };

  const duplicate = (id: string) => {
    if (full) return;
    focusNext.current = 'selected';
    actions.onDuplicate(id);
  };

  const editFirst = (block: Block) => {
    const node = nodes.current.get(block.id)?.querySelector('[data-canvas-content]');
    const hit = node ? firstShown(node, textFields(block)) : null;
    if (hit) setEditing({ id: block.id, ...hit });
  };

  const commit = (value: string) => {
    const now = editing;
    setEditing(null);
    if (!now) return;
    focusNext.current = now.id;
    const block = doc.blocks.find((b) => b.id === now.id);
    if (block && value !== now.field.value) actions.onProps(block.id, withText(block.props, now.field.path, value));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, block: Block, index: number) => {
    const key = event.key;
    const mod = event.ctrlKey || event.metaKey;
    const go = (to: number) => {
      const id = ids[Math.min(ids.length - 1, Math.max(0, to))];
      if (id) nodes.current.get(id)?.focus();
    };
    let handled = true;
    if (plainKey(event) && (key === 'ArrowUp' || key === 'ArrowDown')) go(index + (key === 'ArrowUp' ? -1 : 1));
    else if (plainKey(event) && (key === 'Home' || key === 'End')) go(key === 'Home' ? 0 : ids.length - 1);
    else if (plainKey(event) && key === 'Escape' && selected) actions.onSelect(null);
    else if (plainKey(event) && (key === 'Enter' || key === 'F2')) {
      if (block.id !== selected) actions.onSelect(block.id);
      if (!readOnly && (key === 'F2' || block.id === selected)) editFirst(block);
    } else if (readOnly) handled = false;
    else if (event.altKey && !mod && (key === 'ArrowUp' || key === 'ArrowDown')) {
      focusNext.current = block.id;
      move(block.id, index + (key === 'ArrowUp' ? -1 : 1));
    } else if (mod && !event.altKey && key.toLowerCase() === 'd') duplicate(block.id);
    else if (plainKey(event) && (key === 'Delete' || key === 'Backspace')) remove(block.id);
    else if (mod && key.toLowerCase() === 'z') (event.shiftKey ? actions.onRedo : actions.onUndo)();
    else if (mod && key.toLowerCase() === 'y') actions.onRedo();
    else handled = false;
    if (handled) event.preventDefault();
  };

  const tabbable = active && ids.includes(active) ? active : (selected ?? ids[0]);
  const zoomValue = zoom === 'fit' ? undefined : zoom;

  return (
    <PreviewPane
      device={device}
      onDevice={setDevice}
      note={
        <>
          <ZoomControl zoom={zoom} onChange={setZoom} />
          {note}
        </>
      }
    >
      {ids.length === 0 ? (
        // An empty page draws nothing: say so where the page would be, with the way to start it.
        <div className="flex flex-col items-center justify-center rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-16 text-center dark:border-zinc-700 dark:bg-zinc-900">
          <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-100">{t('funnels.canvas.emptyTitle')}</h2>
          <p className="mt-1 max-w-md text-sm text-zinc-600 dark:text-zinc-400">{t(readOnly ? 'funnels.canvas.emptyReadOnly' : 'funnels.canvas.emptyHint')}</p>
          {!readOnly ? (
            <Button className="mt-6" onClick={() => actions.onInsert(0)}>
              <Plus aria-hidden="true" className="size-4" />
              {t('funnels.canvas.addFirst')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {!readOnly && ids.length > 0 ? <p className="mb-2 text-xs text-zinc-600 dark:text-zinc-400">{t('funnels.canvas.hint')}</p> : null}
      {ids.length > 0 ? (
        <PagePreview
          doc={doc}
          theme={theme}
          locale={locale}
          sizes={sizes}
          device={device}
          width={CANVAS_WIDTH[device]}
          zoom={zoomValue}
          label={label}
          renderBlock={(block, index, view) => (
            <CanvasBlock
              t={t}
              block={block}
              index={index}
              count={ids.length}
              view={view}
              name={nameOf(block)}
              selected={block.id === selected}
              tabbable={block.id === tabbable}
              readOnly={readOnly}
              full={full}
              editing={editing?.id === block.id ? editing : null}
              mark={mark?.id === block.id ? mark.side : null}
              dragging={drag?.id === block.id}
              register={register}
              onFocus={() => setActive(block.id)}
              onSelect={() => {
                setEditing(null);
                actions.onSelect(block.id);
              }}
              onKeyDown={(event) => onKeyDown(event, block, index)}
              onEdit={setEditing}
              onCommit={commit}
              onCancel={() => {
                if (editing) focusNext.current = editing.id;
                setEditing(null);
              }}
              onInsert={actions.onInsert}
              toolbar={{
                onUp: () => move(block.id, index - 1),
                onDown: () => move(block.id, index + 1),
                onDuplicate: () => duplicate(block.id),
                onDelete: () => remove(block.id),
                onHideOnPhone: (hidden) => actions.onHideOnPhone(block.id, hidden),
                onDragStart: start(block.id),
              }}
            />
          )}
        />
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </PreviewPane>
  );
}
