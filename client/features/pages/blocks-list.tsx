import { BLOCK_TYPES, type Block, type BlockType } from '#common/schemas/blocks.ts';
import { AddPicker } from '#client/components/editor/add-picker.tsx';
import { SortableList, type SortableListProps } from '#client/components/editor/sortable-list.tsx';
import type { I18n } from '@lingui/core';
import { BLOCK_INFO, blockSummary } from '#client/features/pages/block-info.ts';
import { useT } from '#client/lib/i18n-context.tsx';

export function blockName(t: I18n['_'], block: Block): string {
  const summary = blockSummary(block.type, block.props as Record<string, unknown>);
  const type = t(BLOCK_INFO[block.type].label);
  return summary ? t('funnels.blocks.named', { type, summary }) : type;
}

/**
 * The page's blocks in order (client/components/editor/sortable-list.tsx): select one to edit it;
 * reorder by dragging the handle or with Alt+↑/↓ (or the arrow buttons); duplicate; delete (undoable).
 */
export function BlocksList(props: Omit<SortableListProps<Block>, 'nameOf' | 'text'>) {
  const t = useT();
  const text = {
    title: t('funnels.blocks.title'),
    add: t('funnels.blocks.add'),
    full: t('funnels.blocks.full'),
    empty: t('funnels.blocks.empty'),
    label: t('funnels.blocks.label'),
    hint: t('funnels.blocks.hint'),
  };
  return <SortableList {...props} nameOf={(block) => blockName(t, block)} text={text} />;
}

/** The twelve block types with what each is for. */
export function BlockPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (type: BlockType) => void }) {
  const t = useT();
  const choices = BLOCK_TYPES.map((type) => ({ value: type, label: t(BLOCK_INFO[type].label), description: t(BLOCK_INFO[type].description) }));
  return <AddPicker open={open} title={t('funnels.blocks.pick')} choices={choices} onClose={onClose} onPick={onPick} />;
}
