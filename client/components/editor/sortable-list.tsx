import { ArrowDown, ArrowUp, Copy, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '#client/components/button.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** The words of one list: a page's blocks, a presentation's sections. */
export interface SortableListText {
  /** The list's heading ("Blocks"). */
  title: string;
  /** The add button ("Add block"). */
  add: string;
  /** The add button's title when the list is full. */
  full: string;
  /** What an empty list says. */
  empty: string;
  /** The list's accessible name ("Blocks of the page"). */
  label: string;
  /** How to reorder and delete, under a list of two or more. */
  hint: string;
}

export interface SortableListProps<T extends { id: string }> {
  items: readonly T[];
  /** The words that name an item in the list, its buttons and announcements. */
  nameOf: (item: T) => string;
  text: SortableListText;
  selected: string | null;
  readOnly: boolean;
  /** No room for another item. */
  full: boolean;
  /** Ids of items whose props have problems. */
  invalid: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onMove: (id: string, to: number) => void;
  /** Without it, items have no Duplicate button. */
  onDuplicate?: (id: string) => void;
  onDelete: (id: string) => void;
  onAdd: () => void;
}

/**
 * An editor's ordered parts (a page's blocks, a presentation's sections): select one to edit
 * it; reorder by dragging the handle or with Alt+↑/↓ (or the arrow buttons), each move
 * announced; duplicate; delete with the buttons or the Delete key (the editor makes it undoable).
 */
export function SortableList<T extends { id: string }>({
  items,
  nameOf,
  text,
  selected,
  readOnly,
  full,
  invalid,
  onSelect,
  onMove,
  onDuplicate,
  onDelete,
  onAdd,
}: SortableListProps<T>) {
  const t = useT();
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (item: T, to: number) => {
    if (to < 0 || to >= items.length) return;
    onMove(item.id, to);
    setAnnouncement(t('editor.list.moved', { name: nameOf(item), position: to + 1, count: items.length }));
  };

  const onKeyDown = (event: KeyboardEvent, item: T, index: number) => {
    if (readOnly) return;
    if (event.key === 'Delete' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onDelete(item.id);
      return;
    }
    if (!event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(item, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const id = dragging ?? event.dataTransfer.getData('text/plain');
    const item = items.find((i) => i.id === id);
    setDragging(null);
    setOver(null);
    if (item) move(item, index);
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{text.title}</h2>
        {!readOnly ? (
          <Button size="sm" variant="secondary" onClick={onAdd} disabled={full} title={full ? text.full : undefined}>
            <Plus className="size-4" aria-hidden="true" /> {text.add}
          </Button>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-zinc-600 dark:text-zinc-400">{text.empty}</p>
      ) : (
        <ol aria-label={text.label} className="space-y-1 px-2 pb-4">
          {items.map((item, index) => {
            const name = nameOf(item);
            const isSelected = item.id === selected;
            return (
              <li
                key={item.id}
                draggable={!readOnly}
                onDragStart={(event) => {
                  setDragging(item.id);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', item.id);
                }}
                onDragEnd={() => {
                  setDragging(null);
                  setOver(null);
                }}
                onDragOver={(event) => {
                  if (!dragging) return;
                  event.preventDefault();
                  setOver(index);
                }}
                onDrop={(event) => onDrop(event, index)}
                className={`group flex min-w-0 items-center gap-1 rounded-lg border px-1 py-1 ${
                  isSelected ? 'border-accent-600 bg-accent-50 dark:bg-accent-800/20' : 'border-transparent hover:bg-zinc-50 dark:hover:bg-zinc-900'
                } ${over === index && dragging && dragging !== item.id ? 'ring-2 ring-accent-600' : ''} ${dragging === item.id ? 'opacity-50' : ''}`}
              >
                {!readOnly ? (
                  <span className="cursor-grab text-zinc-400" aria-hidden="true" title={t('editor.list.drag')}>
                    <GripVertical className="size-4" />
                  </span>
                ) : null}
                <button
                  type="button"
                  aria-current={isSelected ? 'true' : undefined}
                  title={name}
                  aria-keyshortcuts={readOnly ? undefined : 'Alt+ArrowUp Alt+ArrowDown Delete'}
                  className="min-w-0 flex-1 truncate rounded px-1.5 py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-accent-600"
                  onClick={() => onSelect(item.id)}
                  onKeyDown={(event) => onKeyDown(event, item, index)}
                >
                  {name}
                  {invalid.has(item.id) ? <span className="ml-1 text-xs text-red-700 dark:text-red-400">{t('editor.list.needsAttention')}</span> : null}
                </button>
                {!readOnly ? (
                  <span className="flex shrink-0 items-center">
                    <IconButton label={t('editor.move.up', { label: name })} disabled={index === 0} onClick={() => move(item, index - 1)}>
                      <ArrowUp className="size-3.5" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={t('editor.move.down', { label: name })} disabled={index === items.length - 1} onClick={() => move(item, index + 1)}>
                      <ArrowDown className="size-3.5" aria-hidden="true" />
                    </IconButton>
                    {onDuplicate ? (
                      <IconButton label={t('editor.list.duplicate', { name })} disabled={full} onClick={() => onDuplicate(item.id)}>
                        <Copy className="size-3.5" aria-hidden="true" />
                      </IconButton>
                    ) : null}
                    <IconButton label={t('editor.list.delete', { name })} onClick={() => onDelete(item.id)}>
                      <Trash2 className="size-3.5" aria-hidden="true" />
                    </IconButton>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && items.length > 1 ? <p className="px-4 pb-3 text-xs text-zinc-500 dark:text-zinc-400">{text.hint}</p> : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function IconButton({ label, disabled, onClick, children }: { label: string; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="ghost" size="sm" className="!h-7 !px-1.5" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      {children}
    </Button>
  );
}

/** Under the list after a delete: what went, with an Undo (Ctrl+Z does the same). */
export function DeletedNotice({ name, onUndo }: { name: string; onUndo: () => void }) {
  const t = useT();
  return (
    <div
      role="status"
      className="mx-4 mb-4 flex items-center justify-between gap-2 rounded-lg bg-zinc-900 px-3 py-2 text-sm text-white dark:bg-zinc-100 dark:text-zinc-900"
    >
      <span className="min-w-0 truncate">{t('editor.list.deleted', { name })}</span>
      <button type="button" className="shrink-0 font-medium underline" onClick={onUndo}>
        {t('editor.list.undo')}
      </button>
    </div>
  );
}
