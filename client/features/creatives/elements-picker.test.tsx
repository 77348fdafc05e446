import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { creativeDocument, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { LayersPanel } from '#client/features/creatives/layers-panel.tsx';
import { PropertiesPanel } from '#client/features/creatives/editor-panels.tsx';
import { loadIconSet } from '#client/features/creatives/icon-search.ts';

const BRAND = '#aa3300';
const docOf = (layers: Layer[] = []): CreativeDocument => ({
  version: 2,
  format: 'square',
  template: 'blank',
  background: { type: 'color', color: '#ffffff' },
  layers,
});

function layersPanel(doc = docOf()) {
  const state = { doc, selected: [] as string[] };
  function Harness() {
    const [current, setDoc] = useState(state.doc);
    return (
      <LayersPanel
        doc={current}
        selected={state.selected}
        readOnly={false}
        palette={[BRAND, '#123456']}
        logoMediaId={null}
        onChange={(next) => {
          state.doc = next;
          setDoc(next);
        }}
        onSelect={(ids) => {
          state.selected = ids;
        }}
      />
    );
  }
  render(<Harness />);
  return { state, user: userEvent.setup() };
}

function propertiesPanel(layer: Layer) {
  const state = { doc: docOf([layer]) };
  function Harness() {
    const [current, setDoc] = useState(state.doc);
    return (
      <PropertiesPanel
        doc={current}
        selected={layer.id}
        readOnly={false}
        palette={[BRAND, '#123456']}
        onPickImage={() => {}}
        onChange={(next) => {
          state.doc = next;
          setDoc(next);
        }}
      />
    );
  }
  render(<Harness />);
  const current = () => state.doc.layers[0]!;
  return { state, current, user: userEvent.setup() };
}

const iconButtons = () => within(screen.getByRole('list', { name: 'Icons' })).getAllByRole('button');

describe('the Elements picker', () => {
  it('adds a line, an arrow, an ellipse and a rectangle in the brand colour, each selected, the picker closed', async () => {
    const { state, user } = layersPanel();
    for (const [name, shape] of [
      ['Line', 'line'],
      ['Arrow', 'arrow'],
      ['Ellipse', 'ellipse'],
      ['Rectangle', 'rect'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: 'Elements' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add an element' });
      await user.click(within(dialog).getByRole('button', { name }));
      expect(screen.queryByRole('dialog')).toBeNull();
      const added = state.doc.layers.at(-1)!;
      expect(added).toMatchObject({ type: 'shape', shape, fill: BRAND });
      expect(state.selected).toEqual([added.id]);
    }
    // Lines are a wide, low box through the canvas's middle; every new layer is a valid document.
    const line = state.doc.layers[0]!;
    expect(line.w).toBeGreaterThan(line.h * 5);
    expect(line.y + line.h / 2).toBeCloseTo(50, 1);
    expect(creativeDocument.safeParse(state.doc).success).toBe(true);
  });

  it('finds icons by typing and adds one from the keyboard: ↓ into the grid, arrows to move, Enter to add', async () => {
    const { state, user } = layersPanel();
    screen.getByRole('button', { name: 'Elements' }).focus();
    await user.keyboard('{Enter}');
    const search = await screen.findByRole('searchbox', { name: 'Search icons' });
    await waitFor(() => expect(iconButtons().length).toBe(60));
    expect(screen.getByText(/^Showing 60 of [\d,]+ icons/)).toBeTruthy();
    await user.click(search);
    await user.keyboard('arrow ri');
    // Every word starts a word of the name; the exact name first.
    const names = iconButtons().map((b) => b.getAttribute('aria-label'));
    expect(names[0]).toBe('arrow right');
    expect(names.every((n) => /\barrow\b/.test(n!) && /\bri/.test(n!))).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(iconButtons()[0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(iconButtons()[1]);
    await user.keyboard('{ArrowLeft}{ArrowUp}');
    expect(document.activeElement).toBe(search);
    await user.keyboard('{ArrowDown}{ArrowRight}');
    const chosen = iconButtons()[1]!.getAttribute('aria-label')!.replaceAll(' ', '-');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const icon = state.doc.layers.at(-1)!;
    const set = await loadIconSet();
    expect(icon).toMatchObject({ type: 'icon', icon: chosen, color: BRAND, strokeWidth: 2, nodes: set.find((i) => i.name === chosen)!.nodes });
    // Square in pixels, and a valid document.
    expect(icon.w).toBeCloseTo(icon.h);
    expect(creativeDocument.safeParse(state.doc).success).toBe(true);
  });

  it('types on from the grid, adds the first match with Enter in the search, and says when nothing matches', async () => {
    const { state, user } = layersPanel();
    await user.click(screen.getByRole('button', { name: 'Elements' }));
    const search = await screen.findByRole('searchbox', { name: 'Search icons' });
    await waitFor(() => expect(iconButtons().length).toBeGreaterThan(0));
    await user.click(search);
    await user.keyboard('hea');
    await user.keyboard('{ArrowDown}');
    // A letter typed in the grid goes on searching.
    await user.keyboard('r');
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe('hear');
    await user.keyboard('tqqq');
    expect(screen.getByText('No icon matches “heartqqq”.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Icons' })).toBeNull();
    expect(screen.getByText('0 icons')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search);
    await user.keyboard('heart{Enter}');
    expect(state.doc.layers.at(-1)).toMatchObject({ type: 'icon', icon: 'heart' });
  });

  it('closes with Escape (the dialog’s cancel) and adds nothing', async () => {
    const { state, user } = layersPanel();
    await user.click(screen.getByRole('button', { name: 'Elements' }));
    await screen.findByRole('searchbox', { name: 'Search icons' });
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(state.doc.layers).toEqual([]);
  });
});

describe('the panel of a shape and an icon', () => {
  const rect: Layer = { id: 'box', type: 'shape', shape: 'rect', fill: '#112233', opacity: 1, radius: 2, x: 10, y: 10, w: 30, h: 20 };

  it('gives a rectangle an outline (in the brand’s second colour), outline only, then turns it into an arrow with a line width', async () => {
    const { current, user } = propertiesPanel(rect);
    expect(screen.queryByLabelText('Outline colour')).toBeNull();
    // The shape's fields load when a shape is first selected.
    const width = await screen.findByLabelText('Outline width');
    await user.clear(width);
    await user.type(width, '1.5');
    expect(current()).toMatchObject({ stroke: '#123456', strokeWidth: 1.5 });
    await user.click(within(screen.getByRole('group', { name: 'Outline colour: brand colours' })).getByRole('button', { name: `Use ${BRAND}` }));
    expect(current()).toMatchObject({ stroke: BRAND });
    await user.click(screen.getByRole('checkbox', { name: 'No fill (outline only)' }));
    expect(current()).toMatchObject({ noFill: true });
    // The kind, from the keyboard like any radio group button.
    screen.getByRole('radio', { name: 'Arrow' }).focus();
    await user.keyboard('{Enter}');
    expect(current()).toMatchObject({ shape: 'arrow' });
    expect(screen.queryByLabelText('Outline width')).toBeNull();
    expect(screen.queryByLabelText('Corner radius')).toBeNull();
    expect(screen.getByLabelText('Line colour')).toBeTruthy();
    const line = screen.getByLabelText('Line width');
    expect((line as HTMLInputElement).value).toBe('1.5');
    await user.clear(line);
    await user.type(line, '3');
    expect(current()).toMatchObject({ strokeWidth: 3 });
  });

  it('recolours an icon in a brand colour, thins it, and changes it through the icon grid', async () => {
    const { current, user } = propertiesPanel({
      id: 'icon',
      type: 'icon',
      icon: 'star',
      nodes: [['path', { d: 'M12 2l3 7h7l-6 5 2 7-6-4-6 4 2-7-6-5h7z' }]],
      color: '#111827',
      strokeWidth: 2,
      x: 40,
      y: 40,
      w: 20,
      h: 20,
    });
    expect(await screen.findByText('star')).toBeTruthy();
    await user.click(within(screen.getByRole('group', { name: 'Icon colour: brand colours' })).getByRole('button', { name: `Use ${BRAND}` }));
    expect(current()).toMatchObject({ color: BRAND });
    const width = screen.getByLabelText('Line width');
    await user.clear(width);
    await user.type(width, '1.25');
    expect(current()).toMatchObject({ strokeWidth: 1.25 });
    await user.click(screen.getByRole('button', { name: 'Change icon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the icon' });
    expect(within(dialog).queryByRole('button', { name: 'Line' })).toBeNull();
    await user.type(await within(dialog).findByRole('searchbox', { name: 'Search icons' }), 'bell{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(current()).toMatchObject({ icon: 'bell', color: BRAND, strokeWidth: 1.25 });
    expect(screen.getByText('bell')).toBeTruthy();
  });
});
