import { sectionLabels, type SectionType } from '#common/schemas/presentations.ts';
import { AddPicker } from '#client/components/editor/add-picker.tsx';
import { SortableList, type SortableListProps } from '#client/components/editor/sortable-list.tsx';
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

const TEXT = {
  title: 'Sections',
  add: 'Add section',
  full: 'A presentation holds at most 20 sections.',
  empty: 'No sections yet: the page shows the customer, headline and intro. Add creatives or an offer.',
  label: 'Sections of the presentation',
  hint: 'Drag a section, or press Alt+↑ or Alt+↓ on it, to move it; Delete removes it (Ctrl+Z brings it back).',
};

/**
 * The presentation's sections in order (client/components/editor/sortable-list.tsx, as the page
 * editor’s blocks): select one to edit it; reorder by dragging the handle or with Alt+↑/↓ (or the
 * arrow buttons); delete (undoable).
 */
export function SectionsList(props: Omit<SortableListProps<Section>, 'nameOf' | 'text' | 'onDuplicate'>) {
  return <SortableList {...props} nameOf={sectionName} text={TEXT} />;
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
  const choices = types.map((type) => ({ value: type, label: sectionLabel(type), description: sectionLabels[type].description }));
  return <AddPicker open={open} title="Add a section" choices={choices} onClose={onClose} onPick={onPick} />;
}
