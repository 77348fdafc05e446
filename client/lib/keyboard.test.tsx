import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isTyping, useUndoKeys } from '#client/lib/keyboard.ts';

function Editor({ dispatch, enabled, onEscape }: { dispatch: (a: { type: 'undo' | 'redo' }) => void; enabled?: boolean; onEscape?: () => void }) {
  useUndoKeys(dispatch, { enabled, onEscape });
  return (
    <div>
      <button type="button">Block</button>
      <input aria-label="Heading" />
      <dialog>
        <button type="button">In the dialog</button>
      </dialog>
    </div>
  );
}

function setup(props: { enabled?: boolean; withEscape?: boolean } = {}) {
  const dispatch = vi.fn<(a: { type: 'undo' | 'redo' }) => void>();
  const onEscape = vi.fn();
  const view = render(<Editor dispatch={dispatch} enabled={props.enabled} onEscape={props.withEscape ? onEscape : undefined} />);
  const button = view.getByRole('button', { name: 'Block' });
  return { dispatch, onEscape, view, button };
}

describe('useUndoKeys', () => {
  it('undoes with Ctrl+Z or ⌘Z, redoes with Ctrl+Shift+Z or Ctrl+Y, and takes the key from the browser', () => {
    const { dispatch, button } = setup();
    expect(fireEvent.keyDown(button, { key: 'z', ctrlKey: true })).toBe(false);
    fireEvent.keyDown(button, { key: 'z', metaKey: true });
    fireEvent.keyDown(button, { key: 'Z', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(button, { key: 'y', ctrlKey: true });
    expect(dispatch.mock.calls.map(([a]) => a.type)).toEqual(['undo', 'undo', 'redo', 'redo']);
    // A plain Z is a letter.
    expect(fireEvent.keyDown(button, { key: 'z' })).toBe(true);
    expect(dispatch).toHaveBeenCalledTimes(4);
  });

  it('leaves a text field its own undo, and does nothing behind an open dialog or when off', () => {
    const { dispatch, view } = setup();
    fireEvent.keyDown(view.getByRole('textbox', { name: 'Heading' }), { key: 'z', ctrlKey: true });
    expect(dispatch).not.toHaveBeenCalled();
    const dialog = view.container.querySelector('dialog')!;
    dialog.setAttribute('open', '');
    fireEvent.keyDown(view.getByRole('button', { name: 'In the dialog' }), { key: 'z', ctrlKey: true });
    expect(dispatch).not.toHaveBeenCalled();
    dialog.removeAttribute('open');
    view.unmount();

    const off = setup({ enabled: false });
    expect(fireEvent.keyDown(off.button, { key: 'z', ctrlKey: true })).toBe(true);
    expect(off.dispatch).not.toHaveBeenCalled();
  });

  it('calls onEscape on Escape outside a text field', () => {
    const { onEscape, view, button } = setup({ withEscape: true });
    fireEvent.keyDown(view.getByRole('textbox', { name: 'Heading' }), { key: 'Escape' });
    expect(onEscape).not.toHaveBeenCalled();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledOnce();
  });

  it('stops listening when the editor goes', () => {
    const { dispatch, view } = setup();
    view.unmount();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(dispatch).not.toHaveBeenCalled();
  });
});

describe('isTyping', () => {
  it('is true in fields and editable text, false elsewhere', () => {
    const { container } = render(
      <div>
        <textarea aria-label="t" />
        <select aria-label="s" />
        <div contentEditable suppressContentEditableWarning>
          <span>in place</span>
        </div>
        <button type="button">b</button>
      </div>,
    );
    const [textarea, select, editable, button] = [
      container.querySelector('textarea'),
      container.querySelector('select'),
      container.querySelector('span'),
      container.querySelector('button'),
    ];
    expect([textarea, select, editable].map(isTyping)).toEqual([true, true, true]);
    expect(isTyping(button)).toBe(false);
    expect(isTyping(null)).toBe(false);
  });
});
