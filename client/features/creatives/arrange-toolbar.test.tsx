import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { ArrangeToolbar, arrangeShortcut } from '#client/features/creatives/arrange-toolbar.tsx';

const box = (id: string, x: number, y: number, w = 10, h = 10, extra: Partial<Layer> = {}): Layer =>
  ({ id, type: 'shape', shape: 'rect', fill: '#112233', opacity: 1, radius: 0, x, y, w, h, ...extra }) as Layer;
const docOf = (layers: Layer[]): CreativeDocument => ({
  version: 2,
  format: 'square',
  template: 'blank',
  background: { type: 'color', color: '#ffffff' },
  layers,
});

/** The toolbar with the editor's document and selection around it; `changes` counts the history steps. */
function setup(layers: Layer[], selected: string[], readOnly = false) {
  const state = { doc: docOf(layers), changes: 0 };
  function Harness() {
    const [doc, setDoc] = useState(state.doc);
    return (
      <>
        <input aria-label="Some field" />
        <ArrangeToolbar
          doc={doc}
          selected={selected}
          readOnly={readOnly}
          onChange={(next) => {
            state.doc = next;
            state.changes += 1;
            setDoc(next);
          }}
        />
      </>
    );
  }
  render(<Harness />);
  const layer = (id: string) => state.doc.layers.find((l) => l.id === id)!;
  return { state, layer, user: userEvent.setup() };
}

describe('the arrange toolbar', () => {
  it('is not there without a selection, nor for a viewer', () => {
    setup([box('a', 10, 10)], []);
    expect(screen.queryByRole('group', { name: 'Arrange' })).toBeNull();
    setup([box('a', 10, 10)], ['a'], true);
    expect(screen.queryByRole('group', { name: 'Arrange' })).toBeNull();
  });

  it('aligns one layer to the canvas, and says so', async () => {
    const { layer, user, state } = setup([box('a', 30, 40, 20, 10)], ['a']);
    await user.click(screen.getByRole('button', { name: 'Align right to the canvas' }));
    expect(layer('a').x).toBe(80);
    await user.click(screen.getByRole('button', { name: 'Align middle to the canvas' }));
    expect(layer('a').y).toBe(45);
    expect(screen.getByRole('status').textContent).toBe('Aligned to the middle of the canvas.');
    expect(state.changes).toBe(2);
    // One layer cannot be distributed or grouped.
    expect(screen.getByRole('button', { name: 'Distribute horizontally' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Group' }).hasAttribute('disabled')).toBe(true);
  });

  it('aligns several layers to their common edge and distributes three evenly', async () => {
    const { layer, user } = setup([box('a', 0, 10, 10), box('b', 30, 50, 20), box('c', 80, 20, 10)], ['a', 'b', 'c']);
    await user.click(screen.getByRole('button', { name: 'Align top' }));
    expect(['a', 'b', 'c'].map((id) => layer(id).y)).toEqual([10, 10, 10]);
    expect(screen.getByRole('status').textContent).toBe('Aligned the top of 3 items.');
    await user.click(screen.getByRole('button', { name: 'Distribute horizontally' }));
    // Span 0–90, 40 of layers: gaps of 25.
    expect(layer('b').x).toBe(35);
    await user.click(screen.getByRole('button', { name: 'Align left' }));
    expect(['a', 'b', 'c'].map((id) => layer(id).x)).toEqual([0, 0, 0]);
  });

  it('groups and ungroups, and locks and unlocks (a toggle button)', async () => {
    const { layer, user } = setup([box('a', 0, 0), box('b', 20, 20)], ['a', 'b']);
    expect(screen.getByRole('button', { name: 'Ungroup' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Group' }));
    expect(layer('a').group).toBeDefined();
    expect(layer('a').group).toBe(layer('b').group);
    expect(screen.getByRole('button', { name: 'Group' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Ungroup' }));
    expect([layer('a').group, layer('b').group]).toEqual([undefined, undefined]);
    const lock = screen.getByRole('button', { name: 'Lock' });
    expect(lock.getAttribute('aria-pressed')).toBe('false');
    await user.click(lock);
    expect([layer('a').locked, layer('b').locked]).toEqual([true, true]);
    expect(lock.getAttribute('aria-pressed')).toBe('true');
    // Locked layers do not move.
    expect(screen.getByRole('button', { name: 'Align left' }).hasAttribute('disabled')).toBe(true);
    await user.click(lock);
    expect(layer('a').locked).toBeUndefined();
  });

  it('is reachable with Tab and works with Enter and Space', async () => {
    const { layer, user } = setup([box('a', 30, 40, 20, 10)], ['a']);
    screen.getByLabelText('Some field').focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Align left to the canvas' }));
    await user.keyboard('{Enter}');
    expect(layer('a').x).toBe(0);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Align right to the canvas' }));
    await user.keyboard(' ');
    expect(layer('a').x).toBe(80);
  });

  it('has shortcuts (Alt+letters, Ctrl+G, Ctrl+Shift+G, Ctrl+Shift+L), but not while typing in a field', async () => {
    const { layer, user } = setup([box('a', 0, 10, 10), box('b', 30, 50, 20), box('c', 80, 20, 10)], ['a', 'b', 'c']);
    screen.getByLabelText('Some field').focus();
    await user.keyboard('{Alt>}w{/Alt}');
    expect(layer('a').y).toBe(10);
    expect(layer('b').y).toBe(50);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Alt>}w{/Alt}');
    expect(layer('b').y).toBe(10);
    await user.keyboard('{Alt>}{Shift>}h{/Shift}{/Alt}');
    expect(layer('b').x).toBe(35);
    await user.keyboard('{Control>}g{/Control}');
    expect(new Set(['a', 'b', 'c'].map((id) => layer(id).group)).size).toBe(1);
    expect(layer('a').group).toBeDefined();
    await user.keyboard('{Control>}{Shift>}g{/Shift}{/Control}');
    expect(layer('a').group).toBeUndefined();
    await user.keyboard('{Control>}{Shift>}l{/Shift}{/Control}');
    expect(layer('c').locked).toBe(true);
    await user.keyboard('{Control>}{Shift>}l{/Shift}{/Control}');
    expect(layer('c').locked).toBeUndefined();
  });

  it('reads shortcuts by key position, whatever character Alt makes', () => {
    expect(arrangeShortcut({ code: 'KeyA', altKey: true, shiftKey: false, ctrlKey: false, metaKey: false })).toEqual({ type: 'align', edge: 'left' });
    expect(arrangeShortcut({ code: 'KeyV', altKey: true, shiftKey: true, ctrlKey: false, metaKey: false })).toEqual({ type: 'distribute', axis: 'y' });
    expect(arrangeShortcut({ code: 'KeyG', altKey: false, shiftKey: false, ctrlKey: false, metaKey: true })).toEqual({ type: 'group' });
    expect(arrangeShortcut({ code: 'KeyA', altKey: false, shiftKey: false, ctrlKey: true, metaKey: false })).toBeNull();
    expect(arrangeShortcut({ code: 'KeyQ', altKey: true, shiftKey: false, ctrlKey: false, metaKey: false })).toBeNull();
  });
});
