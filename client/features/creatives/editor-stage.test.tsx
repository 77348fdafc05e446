import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { EditorStage } from '#client/features/creatives/editor-stage.tsx';
import { editorReducer, initialEditorState, type EditorState } from '#client/features/creatives/editor-state.ts';

// The template's layers: logo (7,7 22×9), headline (7,26 86×34), body (7,62 76×14), cta (7,81 38×9).
const base = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' });

function withLayers(patch: Record<string, Partial<Layer>>): CreativeDocument {
  return { ...base, layers: base.layers.map((l) => ({ ...l, ...patch[l.id] }) as Layer) };
}

interface Spies {
  onCopy?: (ids: string[]) => void;
  onPaste?: () => void;
  onDuplicate?: (ids: string[]) => void;
}

/** The stage with the editor's reducer around it; `state()` reads the reducer's latest state. */
function open(doc: CreativeDocument = base, { readOnly = false, ...spies }: Spies & { readOnly?: boolean } = {}) {
  let current: EditorState = initialEditorState(doc);
  function Harness() {
    const [state, dispatch] = useReducer(editorReducer, doc, initialEditorState);
    current = state;
    return (
      <EditorStage
        doc={state.present}
        images={{}}
        selected={state.selected}
        readOnly={readOnly}
        onSelect={(ids) => dispatch({ type: 'select', ids })}
        onChange={(next, group) => dispatch({ type: 'change', value: next, ...(group ? { group } : {}) })}
        onSeal={() => dispatch({ type: 'seal' })}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        {...spies}
      />
    );
  }
  const view = render(<Harness />);
  return { ...view, state: () => current };
}

const box = (id: string) => document.querySelector<HTMLElement>(`[data-layer="${id}"]`)!;
const layer = (state: EditorState, id: string) => state.present.layers.find((l) => l.id === id)!;
const overlay = () => screen.getByTestId('stage-overlay');
/** The canvas is 160 px wide in happy-dom (no layout: the smallest fit), so 1.6 px is 1 % of the square. */
const PX = 1.6;

function drag(target: Element, from: [number, number], to: [number, number], init: PointerEventInit = {}) {
  fireEvent.pointerDown(target, { pointerId: 1, button: 0, clientX: from[0], clientY: from[1], ...init });
  fireEvent.pointerMove(target, { pointerId: 1, clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2, ...init });
  fireEvent.pointerMove(target, { pointerId: 1, clientX: to[0], clientY: to[1], ...init });
  fireEvent.pointerUp(target, { pointerId: 1, clientX: to[0], clientY: to[1], ...init });
}

describe('the canvas: selecting', () => {
  it('selects with a click, adds and removes with Shift+click, clears with Escape and selects all with Ctrl+A', async () => {
    const { state } = open();
    fireEvent.pointerDown(box('headline'), { pointerId: 1, button: 0 });
    fireEvent.pointerUp(box('headline'), { pointerId: 1 });
    expect(state().selected).toEqual(['headline']);
    fireEvent.pointerDown(box('cta'), { pointerId: 1, button: 0, shiftKey: true });
    expect(state().selected).toEqual(['headline', 'cta']);
    expect(screen.getByText('2 layers selected')).toBeTruthy();
    expect(box('cta').getAttribute('aria-pressed')).toBe('true');
    fireEvent.pointerDown(box('headline'), { pointerId: 1, button: 0, shiftKey: true });
    expect(state().selected).toEqual(['cta']);
    box('cta').focus();
    await userEvent.keyboard('{Escape}');
    expect(state().selected).toEqual([]);
    box('cta').focus();
    await userEvent.keyboard('{Control>}a{/Control}');
    expect(state().selected).toEqual(['logo', 'headline', 'body', 'cta']);
  });

  it('selects a group as one, and leaves locked and hidden layers off the canvas (not in Ctrl+A or a marquee either)', async () => {
    const { state } = open(withLayers({ headline: { group: 'g1' }, body: { group: 'g1' }, logo: { locked: true }, cta: { hidden: true } }));
    expect(box('logo')).toBeNull();
    expect(box('cta')).toBeNull();
    fireEvent.pointerDown(box('body'), { pointerId: 1, button: 0 });
    expect(state().selected).toEqual(['headline', 'body']);
    await userEvent.keyboard('{Control>}a{/Control}');
    expect(state().selected).toEqual(['headline', 'body']);
    // A marquee across the whole canvas.
    act(() => {
      fireEvent.pointerDown(overlay(), { pointerId: 2, button: 0, clientX: 1, clientY: 1 });
      fireEvent.pointerMove(overlay(), { pointerId: 2, clientX: 159, clientY: 159 });
    });
    expect(screen.getByTestId('marquee')).toBeTruthy();
    fireEvent.pointerUp(overlay(), { pointerId: 2, clientX: 159, clientY: 159 });
    expect(state().selected).toEqual(['headline', 'body']);
    expect(screen.queryByTestId('marquee')).toBeNull();
  });

  it('selects what a marquee touches, adds to the selection with Shift, and a click on the empty canvas clears it', () => {
    const { state } = open();
    // From (1 %, 1 %) to (30 %, 30 %): the logo and the top of the headline.
    drag(overlay(), [1.6, 1.6], [30 * PX, 30 * PX]);
    expect(state().selected).toEqual(['logo', 'headline']);
    // Shift: the cta joins.
    drag(overlay(), [10 * PX, 85 * PX], [12 * PX, 88 * PX], { shiftKey: true });
    expect(state().selected).toEqual(['logo', 'headline', 'cta']);
    drag(overlay(), [96 * PX, 96 * PX], [96 * PX, 96 * PX]);
    expect(state().selected).toEqual([]);
  });
});

describe('the canvas: moving, resizing and deleting together', () => {
  it('drags the whole selection by the same amount in one undo step', () => {
    const { state } = open();
    fireEvent.pointerDown(box('logo'), { pointerId: 1, button: 0 });
    fireEvent.pointerUp(box('logo'), { pointerId: 1 });
    fireEvent.pointerDown(box('cta'), { pointerId: 1, button: 0, shiftKey: true });
    // 10 % right and 4 % down, placed freely (Ctrl: no snapping).
    drag(box('cta'), [20, 140], [20 + 10 * PX, 140 + 4 * PX], { ctrlKey: true });
    const after = state();
    expect([layer(after, 'logo').x, layer(after, 'logo').y]).toEqual([17, 11]);
    expect([layer(after, 'cta').x, layer(after, 'cta').y]).toEqual([17, 85]);
    expect(layer(after, 'headline').x).toBe(7);
    expect(after.past).toHaveLength(1);
    act(() => box('cta').focus());
    fireEvent.keyDown(box('cta'), { key: 'z', ctrlKey: true });
    expect(layer(state(), 'logo').x).toBe(7);
    expect(layer(state(), 'cta').x).toBe(7);
  });

  it('snaps the moving selection and shows its distances while dragging, then hides them', () => {
    const { state } = open();
    // 2 px (1.25 %) to the right: the left edge snaps back to 7 % (the other layers' left edge)…
    drag(box('cta'), [10, 140], [12, 140]);
    expect(layer(state(), 'cta').x).toBe(7);
    // …unless Ctrl places it freely.
    drag(box('cta'), [10, 140], [12, 140], { ctrlKey: true });
    expect(layer(state(), 'cta').x).toBe(8.25);
    fireEvent.pointerDown(box('cta'), { pointerId: 1, button: 0, clientX: 10, clientY: 140 });
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    fireEvent.pointerMove(box('cta'), { pointerId: 1, clientX: 10 + 20 * PX, clientY: 140 });
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(document.querySelector('[data-gap="left"]')?.textContent).toMatch(/^\d+$/);
    expect(document.querySelector('[data-gap="top"]')).toBeTruthy();
    fireEvent.pointerUp(box('cta'), { pointerId: 1, clientX: 10 + 20 * PX, clientY: 140 });
    vi.useRealTimers();
    expect(document.querySelector('[data-gap]')).toBeNull();
  });

  it('draws the handles of a layer sticking out of the canvas above its clip, where they can be grabbed', () => {
    // The headline runs from 70 % to 130 % of the width: its right-hand handles lie outside the canvas.
    const { state } = open(withLayers({ headline: { x: 70, w: 60 } }));
    fireEvent.pointerDown(box('headline'), { pointerId: 1, button: 0 });
    fireEvent.pointerUp(box('headline'), { pointerId: 1 });
    const handles = [...document.querySelectorAll<HTMLElement>('[data-handle]')];
    expect(handles.map((h) => h.dataset.handle).sort()).toEqual(['e', 'n', 'ne', 'nw', 'rotate', 's', 'se', 'sw', 'w']);
    // None inside the clipping overlay, nor inside any other element that clips.
    for (const handle of handles) {
      expect(overlay().contains(handle)).toBe(false);
      for (let el = handle.parentElement; el && !el.matches('[data-testid="stage-viewport"]'); el = el.parentElement) {
        expect(el.className, `${handle.dataset.handle} inside ${el.className}`).not.toMatch(/overflow-(hidden|clip)/);
      }
    }
    // Its box in the overlay above the clip has the layer's place and size, and the right-hand handle resizes the layer.
    const east = handles.find((h) => h.dataset.handle === 'e')!;
    expect(east.parentElement!.style).toMatchObject({ left: '70%', top: '26%', width: '60%', height: '34%' });
    drag(east, [130 * PX, 43 * PX], [110 * PX, 43 * PX]);
    expect(layer(state(), 'headline')).toMatchObject({ x: 70, w: 40 });
    expect(state().past).toHaveLength(1);
  });

  it('scales several layers with the selection frame’s handles, keeping their layout', () => {
    const { state } = open();
    fireEvent.pointerDown(box('body'), { pointerId: 1, button: 0 });
    fireEvent.pointerDown(box('cta'), { pointerId: 1, button: 0, shiftKey: true });
    // The frame spans y 62–90 (28 %): pull its bottom edge down by 14 % → 1.5× taller.
    const frame = document.querySelector('[data-selection-frame="2"]')!;
    drag(frame.querySelector('[data-handle="s"]')!, [80, 144], [80, 144 + 14 * PX], { ctrlKey: true });
    const after = state();
    expect(layer(after, 'body')).toMatchObject({ y: 62, h: 21 });
    expect(layer(after, 'cta')).toMatchObject({ y: 90.5, h: 13.5 });
    expect(after.past).toHaveLength(1);
  });

  it('moves, resizes and deletes the selection with the keyboard', async () => {
    const { state } = open();
    fireEvent.pointerDown(box('logo'), { pointerId: 1, button: 0 });
    fireEvent.pointerDown(box('body'), { pointerId: 1, button: 0, shiftKey: true });
    act(() => box('body').focus());
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect([layer(state(), 'logo').x, layer(state(), 'logo').y]).toEqual([7.5, 12]);
    expect([layer(state(), 'body').x, layer(state(), 'body').y]).toEqual([7.5, 67]);
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(layer(state(), 'body').w).toBeGreaterThan(76);
    await userEvent.keyboard('{Delete}');
    expect(state().present.layers.map((l) => l.id)).toEqual(['headline', 'cta']);
    expect(state().selected).toEqual([]);
  });

  it('brings the selection a step forward or back with PageUp and PageDown, as one block', async () => {
    const { state } = open();
    fireEvent.pointerDown(box('logo'), { pointerId: 1, button: 0 });
    fireEvent.pointerDown(box('body'), { pointerId: 1, button: 0, shiftKey: true });
    act(() => box('body').focus());
    await userEvent.keyboard('{PageUp}');
    expect(state().present.layers.map((l) => l.id)).toEqual(['headline', 'cta', 'logo', 'body']);
    await userEvent.keyboard('{PageDown}');
    expect(state().present.layers.map((l) => l.id)).toEqual(['headline', 'logo', 'body', 'cta']);
    expect(state().selected).toEqual(['logo', 'body']);
  });

  it('hands Ctrl+C, Ctrl+V and Ctrl+D to the clipboard with the selection', async () => {
    const onCopy = vi.fn();
    const onPaste = vi.fn();
    const onDuplicate = vi.fn();
    open(base, { onCopy, onPaste, onDuplicate });
    fireEvent.pointerDown(box('logo'), { pointerId: 1, button: 0 });
    fireEvent.pointerDown(box('cta'), { pointerId: 1, button: 0, shiftKey: true });
    act(() => box('cta').focus());
    await userEvent.keyboard('{Control>}c{/Control}{Control>}v{/Control}{Control>}d{/Control}');
    expect(onCopy).toHaveBeenCalledWith(['logo', 'cta']);
    expect(onPaste).toHaveBeenCalledTimes(1);
    expect(onDuplicate).toHaveBeenCalledWith(['logo', 'cta']);
  });

  it('read-only: selects and copies, but does not move, edit or delete', async () => {
    const onCopy = vi.fn();
    const { state } = open(base, { readOnly: true, onCopy });
    drag(box('headline'), [40, 60], [80, 90], { ctrlKey: true });
    expect(state().selected).toEqual(['headline']);
    expect(state().present).toBe(base);
    fireEvent.doubleClick(box('headline'));
    expect(screen.queryByRole('textbox')).toBeNull();
    act(() => box('headline').focus());
    await userEvent.keyboard('{Enter}{Delete}{ArrowLeft}{Control>}c{/Control}');
    expect(state().present).toBe(base);
    expect(onCopy).toHaveBeenCalledWith(['headline']);
  });
});

describe('the canvas: text in place', () => {
  it('double-click edits a text where it stands, in its font; typing is one undo step; Escape leaves and returns to the layer', async () => {
    const { state } = open();
    fireEvent.doubleClick(box('headline'));
    const area = screen.getByRole('textbox', { name: /Edit the text of/ }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(area);
    expect(area.value).toBe((base.layers.find((l) => l.id === 'headline') as { text: string }).text);
    expect(area.style.fontFamily).toContain('cf-');
    // The preview leaves the text out meanwhile (the textarea draws it).
    expect(screen.getByRole('img', { name: /Preview/ }).textContent).not.toContain(area.value);
    await userEvent.clear(area);
    await userEvent.type(area, 'Fresh bread{Enter}daily');
    expect((layer(state(), 'headline') as { text: string }).text).toBe('Fresh bread\ndaily');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(box('headline'));
    expect(state().selected).toEqual(['headline']);
    // One undo step for the whole edit.
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(state().present).toBe(base);
  });

  it('Enter on a focused text or button edits it; a button’s Enter finishes; other layers do not edit', async () => {
    const { state } = open();
    act(() => box('logo').focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('textbox')).toBeNull();
    act(() => box('cta').focus());
    await userEvent.keyboard('{Enter}');
    const area = screen.getByRole('textbox', { name: /Edit the text of/ });
    await userEvent.clear(area);
    await userEvent.type(area, 'Order now{Enter}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((layer(state(), 'cta') as { text: string }).text).toBe('Order now');
    expect(document.activeElement).toBe(box('cta'));
  });

  it('leaves editing when the focus goes elsewhere (a click on the canvas)', async () => {
    const { state } = open();
    fireEvent.doubleClick(box('body'));
    const area = screen.getByRole('textbox');
    await userEvent.type(area, '!');
    act(() => area.blur());
    expect(screen.queryByRole('textbox')).toBeNull();
    expect((layer(state(), 'body') as { text: string }).text.endsWith('!')).toBe(true);
  });
});

describe('the canvas: zoom', () => {
  it('zooms with the buttons and Ctrl+plus, minus and 0, between 50 and 200 %', async () => {
    open();
    const level = () => screen.getByRole('status', { name: 'Zoom level' }).textContent;
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    // happy-dom has no layout: the fit is the smallest canvas (160 px of 1080: 15 %).
    expect(level()).toBe('15 %');
    expect(within(zoom).getByRole('button', { name: /Fit/ }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    expect(level()).toBe('50 %');
    expect(within(zoom).getByRole('button', { name: /Fit/ }).getAttribute('aria-pressed')).toBe('false');
    await userEvent.keyboard('{Control>}={/Control}');
    expect(level()).toBe('75 %');
    await userEvent.keyboard('{Control>}+{/Control}{Control>}+{/Control}{Control>}+{/Control}{Control>}+{/Control}{Control>}+{/Control}');
    expect(level()).toBe('200 %');
    expect(within(zoom).getByRole('button', { name: 'Zoom in' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('img', { name: /Preview/ }).style.width).toBe('2160px');
    await userEvent.keyboard('{Control>}-{/Control}');
    expect(level()).toBe('150 %');
    await userEvent.keyboard('{Control>}0{/Control}');
    expect(level()).toBe('15 %');
    await userEvent.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(within(zoom).getByRole('button', { name: /Fit/ }));
    expect(level()).toBe('15 %');
  });

  it('zooms with Ctrl+wheel, and a plain wheel is left to scrolling', () => {
    open();
    const viewport = screen.getByTestId('stage-viewport');
    const level = () => screen.getByRole('status', { name: 'Zoom level' }).textContent;
    fireEvent.wheel(viewport, { deltaY: 100 });
    expect(level()).toBe('15 %');
    // happy-dom's WheelEvent leaves out the modifier keys: set it by hand.
    const pinch = new WheelEvent('wheel', { deltaY: -400, bubbles: true, cancelable: true });
    Object.defineProperty(pinch, 'ctrlKey', { value: true });
    act(() => void viewport.dispatchEvent(pinch));
    expect(pinch.defaultPrevented).toBe(true);
    expect(Number.parseInt(level()!, 10)).toBeGreaterThan(15);
  });
});
