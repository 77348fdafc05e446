import { ArrowDown, ArrowUp, Copy, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { BLOCK_TYPES, type Block, type BlockType } from '#common/schemas/blocks.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { BLOCK_INFO, blockSummary } from '#client/features/pages/block-info.ts';

export function blockName(block: Block): string {
  const summary = blockSummary(block.type, block.props as Record<string, unknown>);
  return summary ? `${BLOCK_INFO[block.type].label}: ${summary}` : BLOCK_INFO[block.type].label;
}

/**
 * The page's blocks in order: select one to edit it; reorder by dragging the handle or with
 * Alt+↑/↓ (or the arrow buttons); duplicate; delete (undoable).
 */
export function BlocksList({
  blocks,
  selected,
  readOnly,
  full,
  invalid,
  onSelect,
  onMove,
  onDuplicate,
  onDelete,
  onAdd,
}: {
  blocks: readonly Block[];
  selected: string | null;
  readOnly: boolean;
  /** No room for another block. */
  full: boolean;
  /** Ids of blocks whose props have problems. */
  invalid: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onMove: (id: string, to: number) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
  onAdd: () => void;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (block: Block, to: number) => {
    if (to < 0 || to >= blocks.length) return;
    onMove(block.id, to);
    setAnnouncement(`${blockName(block)} moved to position ${to + 1} of ${blocks.length}.`);
  };

  const onKeyDown = (event: KeyboardEvent, block: Block, index: number) => {
    if (readOnly) return;
    if (event.key === 'Delete' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onDelete(block.id);
      return;
    }
    if (!event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(block, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const id = dragging ?? event.dataTransfer.getData('text/plain');
    const block = blocks.find((b) => b.id === id);
    setDragging(null);
    setOver(null);
    if (block) move(block, index);
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Blocks</h2>
        {!readOnly ? (
          <Button size="sm" variant="secondary" onClick={onAdd} disabled={full} title={full ? 'A page holds at most 40 blocks.' : undefined}>
            <Plus className="size-4" aria-hidden="true" /> Add block
          </Button>
        ) : null}
      </div>
      {blocks.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-zinc-600 dark:text-zinc-400">This page has no blocks yet. Add a hero to start.</p>
      ) : (
        <ol aria-label="Blocks of the page" className="space-y-1 px-2 pb-4">
          {blocks.map((block, index) => {
            const name = blockName(block);
            const isSelected = block.id === selected;
            return (
              <li
                key={block.id}
                draggable={!readOnly}
                onDragStart={(event) => {
                  setDragging(block.id);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', block.id);
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
                } ${over === index && dragging && dragging !== block.id ? 'ring-2 ring-accent-600' : ''} ${dragging === block.id ? 'opacity-50' : ''}`}
              >
                {!readOnly ? (
                  <span className="cursor-grab text-zinc-400" aria-hidden="true" title="Drag to reorder">
                    <GripVertical className="size-4" />
                  </span>
                ) : null}
                <button
                  type="button"
                  aria-current={isSelected ? 'true' : undefined}
                  title={name}
                  aria-keyshortcuts={readOnly ? undefined : 'Alt+ArrowUp Alt+ArrowDown Delete'}
                  className="min-w-0 flex-1 truncate rounded px-1.5 py-1 text-left text-sm focus-visible:outline-2 focus-visible:outline-accent-600"
                  onClick={() => onSelect(block.id)}
                  onKeyDown={(event) => onKeyDown(event, block, index)}
                >
                  {name}
                  {invalid.has(block.id) ? <span className="ml-1 text-xs text-red-700 dark:text-red-400">· needs attention</span> : null}
                </button>
                {!readOnly ? (
                  <span className="flex shrink-0 items-center">
                    <IconButton label={`Move ${name} up`} disabled={index === 0} onClick={() => move(block, index - 1)}>
                      <ArrowUp className="size-3.5" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Move ${name} down`} disabled={index === blocks.length - 1} onClick={() => move(block, index + 1)}>
                      <ArrowDown className="size-3.5" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Duplicate ${name}`} disabled={full} onClick={() => onDuplicate(block.id)}>
                      <Copy className="size-3.5" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Delete ${name}`} onClick={() => onDelete(block.id)}>
                      <Trash2 className="size-3.5" aria-hidden="true" />
                    </IconButton>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && blocks.length > 1 ? (
        <p className="px-4 pb-3 text-xs text-zinc-500">Drag a block, or press Alt+↑ or Alt+↓ on it, to move it; Delete removes it (Ctrl+Z brings it back).</p>
      ) : null}
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

/** The twelve block types with what each is for. */
export function BlockPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (type: BlockType) => void }) {
  return (
    <Dialog open={open} title="Add a block" onClose={onClose} wide>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {BLOCK_TYPES.map((type) => (
          <li key={type} className="min-w-0">
            <button
              type="button"
              className="block h-full w-full rounded-lg border border-zinc-200 p-3 text-left hover:border-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-700"
              onClick={() => onPick(type)}
            >
              <span className="block text-sm font-semibold">{BLOCK_INFO[type].label}</span>
              <span className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">{BLOCK_INFO[type].description}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
