import type { I18n } from '@lingui/core';
import { MAX_SECTIONS, type SectionType } from '#common/schemas/presentations.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { AddPicker } from '#client/components/editor/add-picker.tsx';
import { SortableList, type SortableListProps } from '#client/components/editor/sortable-list.tsx';
import type { Section } from '#client/features/presentations/model.ts';
import { sectionDescription, sectionLabel } from '#client/features/presentations/sections.ts';

/** The words that name a section in the list: its type and its heading or title. */
export function sectionName(t: I18n['_'], section: Section): string {
  for (const key of ['heading', 'title', 'headline'] as const) {
    const value = (section.props as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim()) return `${sectionLabel(t, section.type)}: ${value.trim().slice(0, 60)}`;
  }
  return sectionLabel(t, section.type);
}

/**
 * The presentation's sections in order (client/components/editor/sortable-list.tsx, as the page
 * editor’s blocks): select one to edit it; reorder by dragging the handle or with Alt+↑/↓ (or the
 * arrow buttons); delete (undoable).
 */
export function SectionsList(props: Omit<SortableListProps<Section>, 'nameOf' | 'text' | 'onDuplicate'>) {
  const t = useT();
  const text = {
    title: t('presentations.sections.title'),
    add: t('presentations.sections.add'),
    full: t('presentations.sections.full', { max: MAX_SECTIONS }),
    empty: t('presentations.sections.empty'),
    label: t('presentations.sections.label'),
    hint: t('presentations.sections.hint'),
  };
  return <SortableList {...props} nameOf={(section) => sectionName(t, section)} text={text} />;
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
  const t = useT();
  const choices = types.map((type) => ({ value: type, label: sectionLabel(t, type), description: sectionDescription(t, type) }));
  return <AddPicker open={open} title={t('presentations.sections.picker')} choices={choices} onClose={onClose} onPick={onPick} />;
}
