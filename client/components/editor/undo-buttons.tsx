import { Redo2, Undo2 } from 'lucide-react';
import { Button } from '#client/components/button.tsx';
import type { History } from '#client/lib/history.ts';

/** An editor's Undo and Redo buttons (the keys are client/lib/keyboard.ts's useUndoKeys), off when there is nothing to undo or redo. */
export function UndoButtons({ history, dispatch }: { history: History<unknown>; dispatch: (action: { type: 'undo' | 'redo' }) => void }) {
  return (
    <>
      <Button variant="ghost" size="sm" aria-label="Undo" title="Undo (Ctrl+Z)" disabled={history.past.length === 0} onClick={() => dispatch({ type: 'undo' })}>
        <Undo2 className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label="Redo"
        title="Redo (Ctrl+Shift+Z)"
        disabled={history.future.length === 0}
        onClick={() => dispatch({ type: 'redo' })}
      >
        <Redo2 className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
}
