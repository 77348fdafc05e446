import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { sectionLabels, type SectionType } from '#common/schemas/presentations.ts';
import type { Section } from '#client/features/presentations/model.ts';
import { sectionLabel } from '#client/features/presentations/sections.ts';

/** The words that name a section in the list: its type and its heading or title. */
export function sectionName(section: Section): string {
  for (const key of ['heading', 'title', 'headline'] as const) {
    const value = (section.props as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return `${sectionLabel(section.type)}: ${value.trim().slice(0, 60)}`;
  }
  return sectionLabel(section.type);
}

/**
 * The presentation's sections in order (as the page editor’s blocks): select one to edit it;
 * reorder by dragging the handle or with Alt+↑/↓ (or the arrow buttons); delete (undoable).
 */
export function SectionsList({
  sections,
  selected,
  readOnly,
  full,
  invalid,
  onSelect,
  onMove,
  onDelete,
  onAdd,
}: {
  sections: readonly Section[];
  selected: string | null;
  readOnly: boolean;
  /** No room for another section. */
  full: boolean;
  /** Ids of sections whose props have problems. */
  invalid: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onMove: (id: string, to: number) => void;
  onDelete: (id: string) => void;
  onAdd: () => void;
}) {
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (section: Section, to: number) => {
    if (to < 0 || to >= sections.length) return;
    onMove(section.id, to);
    setAnnouncement(`${sectionName(section)} moved to position ${to + 1} of ${sections.length}.`);
  };

  const onKeyDown = (event: KeyboardEvent, section: Section, index: number) => {
    if (readOnly) return;
    if (event.key === 'Delete' && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      onDelete(section.id);
      return;
    }
    if (!event.altKey) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(section, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const id = dragging ?? event.dataTransfer.getData('text/plain');
    const section = sections.find((b) => b.id === id);
    setDragging(null);
    setOver(null);
    if (section) move(section, index);
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2 px-4 pt-4 pb-2">
        <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">Sections</h2>
        {!readOnly ? (
          <Button size="sm" variant="secondary" onClick={onAdd} disabled={full} title={full ? 'A presentation holds at most 20 sections.' : undefined}>
            <Plus className="size-4" aria-hidden="true" /> Add section
          </Button>
        ) : null}
      </div>
      {sections.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-zinc-600 dark:text-zinc-400">
          No sections yet: the page shows the customer, headline and intro. Add creatives or an offer.
        </p>
      ) : (
        <ol aria-label="Sections of the presentation" className="space-y-1 px-2 pb-4">
          {sections.map((section, index) => {
            const name = sectionName(section);
            const isSelected = section.id === selected;
            return (
              <li
                key={section.id}
                draggable={!readOnly}
                onDragStart={(event) => {
                  setDragging(section.id);
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', section.id);
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
                } ${over === index && dragging && dragging !== section.id ? 'ring-2 ring-accent-600' : ''} ${dragging === section.id ? 'opacity-50' : ''}`}
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
                  onClick={() => onSelect(section.id)}
                  onKeyDown={(event) => onKeyDown(event, section, index)}
                >
                  {name}
                  {invalid.has(section.id) ? <span className="ml-1 text-xs text-red-700 dark:text-red-400">· needs attention</span> : null}
                </button>
                {!readOnly ? (
                  <span className="flex shrink-0 items-center">
                    <IconButton label={`Move ${name} up`} disabled={index === 0} onClick={() => move(section, index - 1)}>
                      <ArrowUp className="size-3.5" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Move ${name} down`} disabled={index === sections.length - 1} onClick={() => move(section, index + 1)}>
                      <ArrowDown className="size-3.5" aria-hidden="true" />
                    </IconButton>
                    <IconButton label={`Delete ${name}`} onClick={() => onDelete(section.id)}>
                      <Trash2 className="size-3.5" aria-hidden="true" />
                    </IconButton>
                  </span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && sections.length > 1 ? (
        <p className="px-4 pb-3 text-xs text-zinc-500 dark:text-zinc-400">
          Drag a section, or press Alt+↑ or Alt+↓ on it, to move it; Delete removes it (Ctrl+Z brings it back).
        </p>
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

/** The section types with what each is for. */
export function SectionPicker({
  open,
  types,
  onClose,
  onPick,
}: {
  open: boolean;
  types: readonly SectionType[];
  onClose: () => void;
  onPick: (type: SectionType) => void;
}) {
  return (
    <Dialog open={open} title="Add a section" onClose={onClose} wide>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {types.map((type) => (
          <li key={type} className="min-w-0">
            <button
              type="button"
              className="section h-full w-full rounded-lg border border-zinc-200 p-3 text-left hover:border-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-700"
              onClick={() => onPick(type)}
            >
              <span className="section text-sm font-semibold">{sectionLabel(type)}</span>
              <span className="mt-1 section text-xs text-zinc-600 dark:text-zinc-400">{sectionLabels[type].description}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
