import { useEffect, useEffectEvent } from 'react';

/** True when a key press goes to a text field, which has its own undo, arrows and Delete. */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && Boolean(target.closest('input, textarea, select, [contenteditable]'));
}

/**
 * An editor's undo (Ctrl+Z, ⌘Z) and redo (Ctrl+Shift+Z, Ctrl+Y) anywhere on its screen but in a
 * text field (which has its own) or an open dialog; Escape outside a text field calls `onEscape`
 * (the page and presentation editors leave the selected block). Off while `enabled` is false
 * (a read-only editor).
 */
export function useUndoKeys(
  dispatch: (action: { type: 'undo' | 'redo' }) => void,
  { enabled = true, onEscape }: { enabled?: boolean; onEscape?: () => void } = {},
) {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || !enabled || document.querySelector('dialog[open]')) return;
    const typing = isTyping(event.target);
    if (event.key === 'Escape' && !typing) onEscape?.();
    if (typing || !(event.ctrlKey || event.metaKey)) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      event.preventDefault();
      dispatch({ type: key === 'y' || event.shiftKey ? 'redo' : 'undo' });
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
