import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { GEOMETRY_UNIT_KEY, GeometryFields } from '#client/features/creatives/geometry-fields.tsx';
import { NumberField } from '#client/features/creatives/panel-fields.tsx';

/** Place, size and rotation in pixels of the export size or per cent (issue 29, point 4). */
const shape: Layer = { id: 'box', type: 'shape', shape: 'rect', fill: '#000000', opacity: 1, radius: 0, x: 10, y: 20, w: 50, h: 10 };
const portrait: CreativeDocument = { version: 2, format: 'portrait', template: 'blank', background: { type: 'color', color: '#ffffff' }, layers: [shape] };

function Harness({ initial = portrait, groups = [] as (string | undefined)[] }: { initial?: CreativeDocument; groups?: (string | undefined)[] }) {
  const [doc, setDoc] = useState(initial);
  return (
    <>
      <GeometryFields
        doc={doc}
        layer={doc.layers[0]!}
        readOnly={false}
        onChange={(next, group) => {
          groups.push(group);
          setDoc(next);
        }}
      />
      <output data-testid="doc">{JSON.stringify(doc.layers[0])}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('doc').textContent!) as Layer;
const input = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

beforeEach(() => localStorage.clear());

describe('the panel’s place and size', () => {
  it('shows pixels of the export size (portrait 1080 × 1350) and takes typed pixels', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(input('X (px)').value).toBe('108');
    expect(input('Y (px)').value).toBe('270');
    expect(input('Width (px)').value).toBe('540');
    expect(input('Height (px)').value).toBe('135');
    await user.clear(input('X (px)'));
    await user.type(input('X (px)'), '540');
    expect(current().x).toBe(50);
    await user.clear(input('Height (px)'));
    await user.type(input('Height (px)'), '200');
    expect(current().h).toBe(14.81);
    await user.tab();
    expect(input('Height (px)').value).toBe('200');
  });

  it('nudges with ArrowUp / ArrowDown, Shift for 10 steps, each field one undo group', async () => {
    const user = userEvent.setup();
    const groups: (string | undefined)[] = [];
    render(<Harness groups={groups} />);
    await user.click(input('Width (px)'));
    await user.keyboard('{ArrowUp}');
    expect(input('Width (px)').value).toBe('541');
    await user.keyboard('{Shift>}{ArrowUp}{ArrowUp}{/Shift}');
    expect(input('Width (px)').value).toBe('561');
    expect(current().w).toBeCloseTo((561 / 1080) * 100, 2);
    await user.keyboard('{ArrowDown}');
    expect(input('Width (px)').value).toBe('560');
    expect(new Set(groups)).toEqual(new Set(['field-box-w']));
  });

  it('switches to per cent and remembers the choice', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'Per cent' }));
    expect(input('X (%)').value).toBe('10');
    await user.click(input('X (%)'));
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(current().x).toBe(15);
    expect(localStorage.getItem(GEOMETRY_UNIT_KEY)).toBe('%');
    unmount();
    render(<Harness />);
    expect(screen.getByRole('radio', { name: 'Per cent' }).getAttribute('aria-checked')).toBe('true');
    expect(input('Width (%)').value).toBe('50');
  });

  it('turns the layer by degrees, typed or nudged, about its centre', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const rotation = input('Rotation (°)');
    expect(rotation.value).toBe('0');
    await user.clear(rotation);
    await user.type(rotation, '30');
    expect(current()).toMatchObject({ x: 10, y: 20, rotation: 30 });
    await user.keyboard('{ArrowDown}{Shift>}{ArrowUp}{/Shift}');
    expect(current().rotation).toBe(39);
    // At the end of the range it stops.
    await user.clear(rotation);
    await user.type(rotation, '175');
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(current().rotation).toBe(180);
  });

  it('shows the layer’s size in pixels on every format', () => {
    render(<Harness />);
    expect(screen.getByTestId('layer-sizes').textContent).toBe(
      'Size on each format: Square 540 × 108 · Portrait 540 × 135 · Story 540 × 192 · Landscape 600 × 63 px',
    );
  });
});

describe('NumberField', () => {
  it('nudges by its step within min and max, Shift ×10, and ignores a typed value out of range', async () => {
    const user = userEvent.setup();
    const seen: number[] = [];
    function One() {
      const [value, setValue] = useState(4);
      return (
        <NumberField
          label="Size"
          value={value}
          min={1}
          max={10}
          step={0.5}
          disabled={false}
          onChange={(v) => {
            seen.push(v);
            setValue(v);
          }}
        />
      );
    }
    render(<One />);
    const field = input('Size');
    await user.click(field);
    await user.keyboard('{ArrowUp}');
    expect(field.value).toBe('4.5');
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(field.value).toBe('9.5');
    await user.keyboard('{Shift>}{ArrowUp}{/Shift}');
    expect(field.value).toBe('10');
    await user.keyboard('{Shift>}{ArrowDown}{ArrowDown}{/Shift}');
    expect(field.value).toBe('1');
    await user.keyboard('{ArrowDown}');
    expect(seen).toEqual([4.5, 9.5, 10, 5, 1]);
    await user.clear(field);
    await user.type(field, '12');
    expect(seen.at(-1)).toBe(1);
  });
});
