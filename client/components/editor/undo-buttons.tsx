import { Redo2, Undo2 } from 'lucide-react';
import { Button } from '#client/components/button.tsx';
import type { History } from '#client/lib/history.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** An editor's Undo and Redo buttons (the keys are client/lib/keyboard.ts's useUndoKeys), off when there is nothing to undo or redo. */
export function UndoButtons({ history, dispatch }: { history: History<unknown>; dispatch: (action: { type: 'undo' | 'redo' }) => void }) {
  const t = useT();
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('editor.undo')}
        title={t('editor.undo.title')}
        disabled={history.past.length === 0}
        onClick={() => dispatch({ type: 'undo' })}
      >
        <Undo2 className="size-4" aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('editor.redo')}
        title={t('editor.redo.title')}
        disabled={history.future.length === 0}
        onClick={() => dispatch({ type: 'redo' })}
      >
        <Redo2 className="size-4" aria-hidden="true" />
      </Button>
    </>
  );
}
