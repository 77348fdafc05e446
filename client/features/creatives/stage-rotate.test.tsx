import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { EditorStage } from '#client/features/creatives/editor-stage.tsx';
import { editorReducer, initialEditorState, type EditorState } from '#client/features/creatives/editor-state.ts';

/**
 * Rotation on the canvas (issue 29, points 1–3): the rotate handle (one layer, a selection),
 * Shift's 15° steps, the angle shown while turning, the keyboard, a turned layer's own-frame
 * resize and hit-testing. The template's layers: logo (7,7 22×9), headline (7,26 86×34),
 * body (7,62 76×14), cta (7,81 38×9); the canvas is 160 px wide in happy-dom (1 % = 1.6 px).
 */
const base = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' });
const PX = 1.6;

function withLayers(patch: Record<string, Partial<Layer>>): CreativeDocument {
  return { ...base, layers: base.layers.map((l) => ({ ...l, ...patch[l.id] }) as Layer) };
}

function open(doc: CreativeDocument = base) {
  let current: EditorState = initialEditorState(doc);
  function Harness() {
    const [state, dispatch] = useReducer(editorReducer, doc, initialEditorState);
    current = state;
    return (
      <EditorStage
        doc={state.present}
        images={{}}
        selected={state.selected}
        readOnly={false}
        onSelect={(ids) => dispatch({ type: 'select', ids })}
        onChange={(next, group) => dispatch({ type: 'change', value: next, ...(group ? { group } : {}) })}
        onSeal={() => dispatch({ type: 'seal' })}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
      />
    );
  }
  render(<Harness />);
  return () => current;
}

const box = (id: string) => document.querySelector<HTMLElement>(`[data-layer="${id}"]`)!;
const layer = (state: EditorState, id: string) => state.present.layers.find((l) => l.id === id)!;
const rotateHandle = () => document.querySelector<HTMLElement>('[data-handle="rotate"]')!;
const select = (id: string, shiftKey = false) => {
  fireEvent.pointerDown(box(id), { pointerId: 1, button: 0, shiftKey });
  fireEvent.pointerUp(box(id), { pointerId: 1 });
};

/** A drag of the rotate handle from `from` to `to` (screen pixels), the angle badge read at the last move. */
function turn(from: [number, number], to: [number, number], init: PointerEventInit = {}): string | null {
  const handle = rotateHandle();
  fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: from[0], clientY: from[1], ...init });
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
  fireEvent.pointerMove(handle, { pointerId: 1, clientX: to[0], clientY: to[1], ...init });
  act(() => {
    vi.advanceTimersToNextFrame();
  });
  const shown = screen.queryByTestId('turn-angle')?.textContent ?? null;
  fireEvent.pointerUp(handle, { pointerId: 1, clientX: to[0], clientY: to[1], ...init });
  vi.useRealTimers();
  return shown;
}

// The cta's centre: (26 %, 85.5 %) → (41.6, 136.8) px.
const CTA: [number, number] = [26 * PX, 85.5 * PX];

describe('rotating on the canvas', () => {
  it('turns one layer with its handle, showing the angle while turning, in one undo step', () => {
    const state = open();
    select('cta');
    expect(rotateHandle()).toBeTruthy();
    // From straight above the centre to straight right of it: a quarter turn clockwise.
    const shown = turn([CTA[0], CTA[1] - 30], [CTA[0] + 30, CTA[1]]);
    expect(shown).toBe('90°');
    expect(screen.queryByTestId('turn-angle')).toBeNull();
    const after = state();
    expect(layer(after, 'cta')).toMatchObject({ x: 7, y: 81, w: 38, h: 9, rotation: 90 });
    expect(after.past).toHaveLength(1);
    // The box on the canvas turns as the renderer turns it.
    expect(box('cta').style.transform).toBe('rotate(90deg)');
  });

  it('turns in whole degrees, pulled to 45° nearby; Shift gives 15° steps; Ctrl turns freely', () => {
    const state = open();
    select('cta');
    const at = (deg: number): [number, number] => [CTA[0] + 80 * Math.cos(((deg - 90) * Math.PI) / 180), CTA[1] + 80 * Math.sin(((deg - 90) * Math.PI) / 180)];
    turn(at(0), at(37.4));
    expect(layer(state(), 'cta').rotation).toBe(37);
    turn(at(0), at(6), { shiftKey: true });
    expect(layer(state(), 'cta').rotation).toBe(45);
    turn(at(0), at(-2.6), { ctrlKey: true });
    expect(layer(state(), 'cta').rotation).toBe(42);
    // Back to upright (42 − 44 ≈ −2, pulled to 0): stored as no rotation at all.
    turn(at(0), at(-44));
    expect('rotation' in layer(state(), 'cta')).toBe(false);
  });

  it('turns a selection about its centre: the layers go round it and each rotation adds', () => {
    const state = open(withLayers({ logo: { rotation: 10 } }));
    select('body');
    select('cta', true);
    const frame = document.querySelector('[data-selection-frame="2"]')!;
    // Body (7,62 76×14) and cta (7,81 38×9): the frame 7–83 × 62–90, centre (45, 76).
    const centre: [number, number] = [45 * PX, 76 * PX];
    fireEvent.pointerDown(frame.querySelector('[data-handle="rotate"]')!, { pointerId: 1, button: 0, clientX: centre[0], clientY: centre[1] - 30 });
    fireEvent.pointerMove(frame.querySelector('[data-handle="rotate"]')!, { pointerId: 1, clientX: centre[0], clientY: centre[1] + 30 });
    fireEvent.pointerUp(frame.querySelector('[data-handle="rotate"]')!, { pointerId: 1, clientX: centre[0], clientY: centre[1] + 30 });
    const after = state();
    // A half turn: the body's centre (45, 69) goes to (45, 83), the cta's (26, 85.5) to (64, 66.5).
    expect(layer(after, 'body')).toMatchObject({ x: 7, y: 76, rotation: 180 });
    expect(layer(after, 'cta')).toMatchObject({ x: 45, y: 62, rotation: 180 });
    expect(layer(after, 'logo').rotation).toBe(10);
    expect(after.past).toHaveLength(1);
  });

  it('turns with comma and full stop (1°), Shift for 15° steps, one layer or a selection', async () => {
    const state = open();
    select('cta');
    act(() => box('cta').focus());
    await userEvent.keyboard('..');
    expect(layer(state(), 'cta').rotation).toBe(2);
    await userEvent.keyboard('{Shift>}[Period]{/Shift}');
    expect(layer(state(), 'cta').rotation).toBe(15);
    await userEvent.keyboard('{Shift>}[Comma][Comma]{/Shift}');
    expect(layer(state(), 'cta').rotation).toBe(-15);
    await userEvent.keyboard(',');
    expect(layer(state(), 'cta').rotation).toBe(-16);
    // Held keys of one kind are one undo step.
    expect(state().past.length).toBeLessThanOrEqual(4);
    select('body', true);
    act(() => box('body').focus());
    await userEvent.keyboard('{Shift>}[Period]{/Shift}');
    expect(layer(state(), 'cta').rotation).toBe(-1);
    expect(layer(state(), 'body').rotation).toBe(15);
  });

  it('resizes a turned layer in its own frame: the opposite edge stays put on screen', () => {
    const state = open(withLayers({ cta: { rotation: 90 } }));
    select('cta');
    // Turned a quarter, the box's own right edge ("e") faces down: pull it 10 % further down.
    const east = document.querySelector<HTMLElement>('[data-handle="e"]')!;
    fireEvent.pointerDown(east, { pointerId: 1, button: 0, clientX: CTA[0], clientY: CTA[1] + 19 * PX });
    fireEvent.pointerMove(east, { pointerId: 1, clientX: CTA[0], clientY: CTA[1] + 29 * PX });
    fireEvent.pointerUp(east, { pointerId: 1, clientX: CTA[0], clientY: CTA[1] + 29 * PX });
    const cta = layer(state(), 'cta');
    // 10 % longer along its own axis; its top end (the own left edge, at y 85.5 − 19 = 66.5 %) stays.
    expect(cta).toMatchObject({ w: 48, h: 9, rotation: 90 });
    expect(cta.y + cta.h / 2 - cta.w / 2).toBeCloseTo(66.5, 2);
    expect(cta.x + cta.w / 2).toBeCloseTo(26, 2);
  });

  it('selects a turned layer with a marquee only where its turned shape is', () => {
    // The logo turned 45° about (18, 11.5): the top-left corner of its upright box is empty canvas.
    const state = open(withLayers({ logo: { x: 8, y: 1.5, w: 20, h: 20, rotation: 45 } }));
    const overlay = screen.getByTestId('stage-overlay');
    const marquee = (from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(overlay, { pointerId: 2, button: 0, clientX: from[0] * PX, clientY: from[1] * PX });
      fireEvent.pointerMove(overlay, { pointerId: 2, clientX: to[0] * PX, clientY: to[1] * PX });
      fireEvent.pointerUp(overlay, { pointerId: 2, clientX: to[0] * PX, clientY: to[1] * PX });
    };
    marquee([3, 0], [9, 4]);
    expect(state().selected).toEqual([]);
    marquee([12, 2], [20, 8]);
    expect(state().selected).toEqual(['logo']);
  });
});
