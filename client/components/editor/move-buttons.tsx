import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { Button } from '#client/components/button.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

/** Up, down and remove for one item of an ordered list in an editor's form (a block's items, a section's picks). */
export function MoveButtons({
  label,
  index,
  count,
  readOnly = false,
  onMove,
  onRemove,
}: {
  /** The item as the buttons name it: "Move {label} up". */
  label: string;
  index: number;
  count: number;
  /** A read-only form shows none (the item's group keeps its empty action row). */
  readOnly?: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const t = useT();
  if (readOnly) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="!h-7 !px-1.5"
        aria-label={t('editor.move.up', { label })}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      >
        <ArrowUp className="size-3.5" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="!h-7 !px-1.5"
        aria-label={t('editor.move.down', { label })}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      >
        <ArrowDown className="size-3.5" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="sm" className="!h-7 !px-1.5" aria-label={t('editor.move.remove', { label })} onClick={onRemove}>
        <Trash2 className="size-3.5" aria-hidden="true" />
      </Button>
    </>
  );
}
