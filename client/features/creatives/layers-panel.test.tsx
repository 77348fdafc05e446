import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { groupLayers } from '#client/features/creatives/arrange.ts';
import { LayersPanel } from '#client/features/creatives/layers-panel.tsx';

const box = (id: string, extra: Partial<Layer> = {}): Layer =>
  ({ id, name: id.toUpperCase(), type: 'shape', shape: 'rect', fill: '#112233', opacity: 1, radius: 0, x: 0, y: 0, w: 10, h: 10, ...extra }) as Layer;
const docOf = (layers: Layer[]): CreativeDocument => ({
  version: 2,
  format: 'square',
  template: 'blank',
  background: { type: 'color', color: '#ffffff' },
  layers,
});

function setup(doc: CreativeDocument, options: { selected?: string[]; readOnly?: boolean } = {}) {
  const state = { doc, selected: options.selected ?? [], changes: 0 };
  function Harness() {
    const [current, setDoc] = useState(state.doc);
    const [selected, setSelected] = useState(state.selected);
    return (
      <LayersPanel
        doc={current}
        selected={selected}
        readOnly={options.readOnly ?? false}
        palette={['#1f3a5f']}
        logoMediaId={null}
        onChange={(next) => {
          state.doc = next;
          state.changes += 1;
          setDoc(next);
        }}
        onSelect={(ids) => {
          state.selected = ids;
          setSelected(ids);
        }}
      />
    );
  }
  render(<Harness />);
  const order = () => state.doc.layers.map((l) => l.id);
  const list = () => screen.getByRole('list', { name: 'Layers, front to back' });
  const rowNames = () => [...list().querySelectorAll('[data-row-main]')].map((b) => b.textContent);
  /** A row's main button by the layer's name (whatever "(hidden)" or "(locked)" follows). */
  const row = (name: string) => within(list()).getByRole('button', { name: new RegExp(`^${name}( \\(|$)`) });
  return { state, order, list, row, rowNames, user: userEvent.setup() };
}

const abcd = () => docOf([box('a'), box('b'), box('c'), box('d')]);

describe('the layers panel', () => {
  it('lists the layers front to back, a group as a header over its layers, which folds', async () => {
    const { rowNames, user } = setup(groupLayers(abcd(), ['b', 'c']));
    expect(rowNames()).toEqual(['D', 'Group of 2', 'C', 'B', 'A']);
    await user.click(screen.getByRole('button', { name: 'Fold “Group of 2”' }));
    expect(rowNames()).toEqual(['D', 'Group of 2', 'A']);
    expect(screen.getByRole('button', { name: 'Show the layers of “Group of 2”' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('selects with a click, adds and takes out with Ctrl/⌘-click, selects a range with Shift-click; a group header selects its layers', async () => {
    const { state, user } = setup(groupLayers(abcd(), ['b', 'c']));
    await user.click(screen.getByRole('button', { name: 'D' }));
    expect(state.selected).toEqual(['d']);
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('button', { name: 'A' }));
    expect(state.selected).toEqual(['d', 'a']);
    await user.click(screen.getByRole('button', { name: 'D' }));
    expect(state.selected).toEqual(['a']);
    await user.keyboard('{/Control}');
    await user.click(screen.getByRole('button', { name: 'D' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'B' }));
    await user.keyboard('{/Shift}');
    expect(state.selected).toEqual(['b', 'c', 'd']);
    expect(screen.getByRole('button', { name: 'C' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Group of 2' }));
    expect(state.selected).toEqual(['b', 'c']);
  });

  it('hides and shows, locks and unlocks a layer or a whole group', async () => {
    const { state, user } = setup(groupLayers(abcd(), ['b', 'c']));
    const layer = (id: string) => state.doc.layers.find((l) => l.id === id)!;
    await user.click(screen.getByRole('button', { name: 'Hide “A”' }));
    expect(layer('a').hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'A (hidden)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show “A”' }));
    expect(layer('a').hidden).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Lock “Group of 2”' }));
    expect([layer('b').locked, layer('c').locked]).toEqual([true, true]);
    expect(screen.getByRole('button', { name: 'Unlock “B”' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Unlock “Group of 2”' }));
    expect(layer('b').locked).toBeUndefined();
  });

  it('renames with a double-click or F2: Enter keeps, Escape cancels, an empty name goes back to the automatic one', async () => {
    const { state, user } = setup(abcd());
    await user.dblClick(screen.getByRole('button', { name: 'B' }));
    const field = screen.getByRole('textbox', { name: 'Name of “B”' });
    await user.clear(field);
    await user.type(field, 'Badge{Enter}');
    expect(state.doc.layers[1]!.name).toBe('Badge');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Badge' })));
    await user.keyboard('{F2}');
    await user.keyboard('Nope{Escape}');
    expect(state.doc.layers[1]!.name).toBe('Badge');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Badge' })));
    await user.keyboard('{F2}');
    await user.clear(screen.getByRole('textbox', { name: 'Name of “Badge”' }));
    await user.keyboard('{Enter}');
    expect(state.doc.layers[1]!.name).toBeUndefined();
    expect(within(screen.getByRole('list')).getByRole('button', { name: 'Shape' })).toBeTruthy();
  });

  it('reorders from the keyboard: ↑/↓ move between rows, Alt+↑/↓ move the layer (or the group) forward and backward', async () => {
    const { order, user } = setup(groupLayers(abcd(), ['b', 'c']));
    screen.getByRole('button', { name: 'A' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['b', 'c', 'a', 'd']); // past the whole group
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'A' })));
    expect(screen.getByRole('status').textContent).toBe('Moved forward.');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Group of 2' })));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order()).toEqual(['a', 'b', 'c', 'd']);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(order()).toEqual(['b', 'c', 'a', 'd']);
    await user.keyboard('{Home}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'D' })));
  });

  it('reorders by dragging a row’s handle, with a line where it will land', async () => {
    const { order, list } = setup(abcd());
    // Rows 40 px high, top to bottom: D, C, B, A.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const rows = [...list().querySelectorAll('[data-row-key]')];
      const i = rows.indexOf(this);
      return { top: i * 40, height: 40, bottom: i * 40 + 40, left: 0, right: 200, width: 200, x: 0, y: i * 40, toJSON: () => ({}) } as DOMRect;
    });
    const handleOf = (name: string) => screen.getByRole('button', { name }).closest('li')!.querySelector('[data-handle]')!;
    const handle = handleOf('A');
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 140 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 30 });
    // Above C (the second row).
    expect(screen.getAllByTestId('drop-line')).toHaveLength(1);
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 30 });
    // Between D and C: in front of C.
    expect(order()).toEqual(['b', 'c', 'a', 'd']);
    expect(screen.queryByTestId('drop-line')).toBeNull();
    // To the very top, then to the very bottom.
    fireEvent.pointerDown(handleOf('B'), { pointerId: 2, button: 0, clientY: 140 });
    fireEvent.pointerMove(handleOf('B'), { pointerId: 2, clientY: 0 });
    fireEvent.pointerUp(handleOf('B'), { pointerId: 2, clientY: 0 });
    expect(order()).toEqual(['c', 'a', 'd', 'b']);
    fireEvent.pointerDown(handleOf('B'), { pointerId: 3, button: 0, clientY: 10 });
    fireEvent.pointerMove(handleOf('B'), { pointerId: 3, clientY: 400 });
    fireEvent.pointerUp(handleOf('B'), { pointerId: 3, clientY: 400 });
    expect(order()).toEqual(['b', 'c', 'a', 'd']);
    // A click without a move changes nothing.
    fireEvent.pointerDown(handleOf('C'), { pointerId: 4, button: 0, clientY: 60 });
    fireEvent.pointerUp(handleOf('C'), { pointerId: 4, clientY: 60 });
    expect(order()).toEqual(['b', 'c', 'a', 'd']);
  });

  it('drags a group by its header as one block, and a selection of several layers together', () => {
    const { order, list } = setup(groupLayers(docOf([box('a'), box('b'), box('c'), box('d'), box('e')]), ['b', 'c']), { selected: ['a', 'e'] });
    // Rows 40 px high, top to bottom: E, D, Group of 2, C, B, A.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const rows = [...list().querySelectorAll('[data-row-key]')];
      const i = rows.indexOf(this);
      return { top: i * 40, height: 40, bottom: i * 40 + 40, left: 0, right: 200, width: 200, x: 0, y: i * 40, toJSON: () => ({}) } as DOMRect;
    });
    expect([...list().querySelectorAll('[data-row-main]')].map((b) => b.textContent)).toEqual(['E', 'D', 'Group of 2', 'C', 'B', 'A']);
    const handleOf = (name: string) => within(list()).getByRole('button', { name }).closest('li')!.querySelector('[data-handle]')!;
    // The group to the very top.
    fireEvent.pointerDown(handleOf('Group of 2'), { pointerId: 1, button: 0, clientY: 100 });
    fireEvent.pointerMove(handleOf('Group of 2'), { pointerId: 1, clientY: 5 });
    fireEvent.pointerUp(handleOf('Group of 2'), { pointerId: 1, clientY: 5 });
    expect(order()).toEqual(['a', 'd', 'e', 'b', 'c']);
    // A and E (selected) dragged by A's handle to the very bottom: both go to the back, in their order.
    fireEvent.pointerDown(handleOf('A'), { pointerId: 2, button: 0, clientY: 220 });
    fireEvent.pointerMove(handleOf('A'), { pointerId: 2, clientY: 100 });
    fireEvent.pointerMove(handleOf('A'), { pointerId: 2, clientY: 500 });
    fireEvent.pointerUp(handleOf('A'), { pointerId: 2, clientY: 500 });
    expect(order()).toEqual(['a', 'e', 'd', 'b', 'c']);
  });

  it('deletes the selected layers with Delete, but not locked ones', async () => {
    const { order, row, user } = setup(docOf([box('a'), box('b', { locked: true }), box('c')]), { selected: ['a', 'b'] });
    row('A').focus();
    await user.keyboard('{Delete}');
    expect(order()).toEqual(['b', 'c']);
    expect(screen.getByRole('status').textContent).toBe('Deleted the layer.');
    await user.click(row('B'));
    await user.keyboard('{Delete}');
    expect(order()).toEqual(['b', 'c']);
    expect(screen.getByRole('status').textContent).toBe('Locked layers cannot be deleted: unlock them first.');
  });

  it('adds a layer and selects it; a viewer only sees and selects', async () => {
    const { state, user } = setup(abcd());
    await user.click(within(screen.getByRole('group', { name: 'Add a layer' })).getByRole('button', { name: 'Text' }));
    expect(state.doc.layers.at(-1)!.type).toBe('text');
    expect(state.selected).toEqual([state.doc.layers.at(-1)!.id]);
  });

  it('is read-only for a viewer: selecting works, nothing changes', async () => {
    const { state, row, user } = setup(docOf([box('a', { hidden: true }), box('b')]), { readOnly: true });
    expect(screen.queryByRole('group', { name: 'Add a layer' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Hide|Lock/ })).toBeNull();
    await user.click(row('A'));
    expect(state.selected).toEqual(['a']);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}{Delete}{F2}');
    expect(state.changes).toBe(0);
  });
});
