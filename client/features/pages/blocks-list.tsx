import { BLOCK_TYPES, type Block, type BlockType } from '#common/schemas/blocks.ts';
import { AddPicker } from '#client/components/editor/add-picker.tsx';
import { SortableList, type SortableListProps } from '#client/components/editor/sortable-list.tsx';
import { BLOCK_INFO, blockSummary } from '#client/features/pages/block-info.ts';

export function blockName(block: Block): string {
  const summary = blockSummary(block.type, block.props as Record<string, unknown>);
  return summary ? `${BLOCK_INFO[block.type].label}: ${summary}` : BLOCK_INFO[block.type].label;
}

const TEXT = {
  title: 'Blocks',
  add: 'Add block',
  full: 'A page holds at most 40 blocks.',
  empty: 'This page has no blocks yet. Add a hero to start.',
  label: 'Blocks of the page',
  hint: 'Drag a block, or press Alt+↑ or Alt+↓ on it, to move it; Delete removes it (Ctrl+Z brings it back).',
};

/**
 * The page's blocks in order (client/components/editor/sortable-list.tsx): select one to edit it;
 * reorder by dragging the handle or with Alt+↑/↓ (or the arrow buttons); duplicate; delete (undoable).
 */
export function BlocksList(props: Omit<SortableListProps<Block>, 'nameOf' | 'text'>) {
  return <SortableList {...props} nameOf={blockName} text={TEXT} />;
}

const CHOICES = BLOCK_TYPES.map((type) => ({ value: type, ...BLOCK_INFO[type] }));

/** The twelve block types with what each is for. */
export function BlockPicker({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (type: BlockType) => void }) {
  return <AddPicker open={open} title="Add a block" choices={CHOICES} onClose={onClose} onPick={onPick} />;
}
