import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { describe, expect, it } from 'vitest';
import { layerBox, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { pictureRect } from '#client/features/creatives/crop-math.ts';
import { EditorStage } from '#client/features/creatives/editor-stage.tsx';
import { editorReducer, initialEditorState, updateLayer, type EditorState } from '#client/features/creatives/editor-state.ts';
import { PictureControls } from '#client/features/creatives/picture-controls.tsx';

type ImageLayer = Extract<Layer, { type: 'image' }>;

/** A picture of 1600 × 900 in a frame of 540 × 432 (50 % × 40 % of the square): covered at scale 0.48, 768 × 432, 228 px to spare across. */
const NATURAL = { width: 1600, height: 900 };
const photo: ImageLayer = { id: 'photo', type: 'image', x: 10, y: 10, w: 50, h: 40, mediaId: 'm1', fit: 'cover', radius: 0 };
const start: CreativeDocument = { ...buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' }), layers: [photo] };
const PICTURE = 'data:image/png;base64,iVBORw0KGgo=';
/** The square is drawn 160 px wide in happy-dom: a client pixel is 6.75 format pixels. */
const PER_PX = 1080 / 160;

/** The stage and the picture's sliders (the precise path) around one editor state, as the editor has them. */
function openCrop(doc: CreativeDocument = start) {
  let current: EditorState = initialEditorState(doc);
  function Editor() {
    const [state, dispatch] = useReducer(editorReducer, doc, initialEditorState);
    current = state;
    const picture = state.present.layers.find((l): l is ImageLayer => l.id === 'photo' && l.type === 'image')!;
    return (
      <>
        <EditorStage
          doc={state.present}
          images={{ m1: PICTURE }}
          selected={state.selected}
          readOnly={false}
          onSelect={(ids) => dispatch({ type: 'select', ids })}
          onChange={(value, group) => dispatch({ type: 'change', value, ...(group ? { group } : {}) })}
          onSeal={() => dispatch({ type: 'seal' })}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
        />
        <PictureControls
          layer={picture}
          readOnly={false}
          onChange={(patch, group) => dispatch({ type: 'change', value: updateLayer(state.present, 'photo', patch), ...(group ? { group } : {}) })}
        />
      </>
    );
  }
  render(<Editor />);
  return () => current;
}

const photoBox = () => document.querySelector<HTMLElement>('[data-layer="photo"]')!;
const photoOf = (state: EditorState) => state.present.layers.find((l) => l.id === 'photo') as ImageLayer;
/** The crop's overlay (loaded when a crop starts) measures the picture, which loads (happy-dom loads none): its natural size is what the crop measures. */
async function pictureLoads() {
  const img = await screen.findByTestId('crop-measure');
  Object.defineProperty(img, 'naturalWidth', { value: NATURAL.width });
  Object.defineProperty(img, 'naturalHeight', { value: NATURAL.height });
  fireEvent.load(img);
}
/** Where the whole picture lies in the format (px) for a layer. */
const shownAt = (layer: ImageLayer) => pictureRect(layerBox(layer, 'square'), NATURAL, layer);
/** The picture's box on the canvas while cropping, in percent of the canvas. */
const overlayAt = () => {
  const style = screen.getByTestId('crop-picture').style;
  return { left: parseFloat(style.left), top: parseFloat(style.top), width: parseFloat(style.width) };
};

function drag(target: Element, by: [number, number]) {
  fireEvent.pointerDown(target, { pointerId: 1, button: 0, clientX: 50, clientY: 50 });
  fireEvent.pointerMove(target, { pointerId: 1, clientX: 50 + by[0] / 2, clientY: 50 + by[1] / 2 });
  fireEvent.pointerMove(target, { pointerId: 1, clientX: 50 + by[0], clientY: 50 + by[1] });
  fireEvent.pointerUp(target, { pointerId: 1, clientX: 50 + by[0], clientY: 50 + by[1] });
}

describe('cropping a picture on the canvas', () => {
  it('starts with a double-click, shows the whole picture and the frame, and Escape leaves the document as it was', async () => {
    const state = openCrop();
    fireEvent.pointerDown(photoBox(), { pointerId: 1, button: 0 });
    fireEvent.pointerUp(photoBox(), { pointerId: 1 });
    fireEvent.doubleClick(photoBox());
    const frame = await screen.findByRole('button', { name: 'Crop of Image' });
    expect(document.activeElement).toBe(frame);
    expect(frame.getAttribute('aria-describedby')).toBeTruthy();
    await pictureLoads();
    // The whole picture: 768 px wide (71.1 % of the square) from 6 px left of the canvas (−0.56 %).
    expect(overlayAt().width).toBeCloseTo((768 / 1080) * 100, 2);
    expect(overlayAt().left).toBeCloseTo((-6 / 1080) * 100, 2);
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(overlayAt().left).toBeCloseTo((-0.6 / 1080) * 100, 2);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('crop-overlay')).toBeNull();
    expect(state().present).toBe(start);
    expect(state().past).toHaveLength(0);
    // From the keyboard, the focus is back on the layer's box.
    expect(document.activeElement).toBe(photoBox());
  });

  it('moves the picture with the arrows (Shift: 10 ×) and scales it with + and −, Enter confirming one undo step', async () => {
    const state = openCrop();
    act(() => photoBox().focus());
    expect(photoBox().getAttribute('aria-label')).toContain('Enter crops the picture');
    await userEvent.keyboard('{Enter}');
    await pictureLoads();
    // 0.5 % of the square (5.4 px) right: the focal point moves left over the 228 px to spare.
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByTestId('crop-overlay')).toBeNull();
    const moved = photoOf(state());
    expect(moved.focal!.x).toBeCloseTo(((114 - 5.4) / 228) * 100, 2);
    expect(moved.focal!.y).toBe(50);
    expect(moved.zoom).toBeUndefined();
    expect([moved.x, moved.y, moved.w, moved.h]).toEqual([10, 10, 50, 40]);
    expect(state().past).toHaveLength(1);

    await userEvent.keyboard('{Enter}');
    await pictureLoads();
    // Shift: ten times as far, as far as the picture reaches (its left edge on the frame's).
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}');
    expect(overlayAt().left).toBeCloseTo(10, 2);
    await userEvent.keyboard('++');
    expect(overlayAt().width).toBeCloseTo((768 * 1.21 * 100) / 1080, 1);
    await userEvent.keyboard('-');
    await userEvent.keyboard('{Enter}');
    const scaled = photoOf(state());
    expect(scaled.zoom).toBeCloseTo(1.1, 4);
    expect(state().past).toHaveLength(2);
    // Shrinking stops at "cover": zoom 1 again (stored as absent), the frame still covered.
    await userEvent.keyboard('{Enter}');
    await pictureLoads();
    await userEvent.keyboard('----{Enter}');
    expect(photoOf(state()).zoom).toBeUndefined();
    const at = shownAt(photoOf(state()));
    expect(at.left).toBeLessThanOrEqual(108 + 1e-6);
    expect(at.left + at.width).toBeGreaterThanOrEqual(648 - 1e-6);
    // One undo step per crop.
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(photoOf(state()).zoom).toBeCloseTo(1.1, 4);
  });

  it("drags the picture inside the frame and the frame's edges, the picture staying where it is", async () => {
    const state = openCrop();
    fireEvent.pointerDown(photoBox(), { pointerId: 1, button: 0 });
    fireEvent.pointerUp(photoBox(), { pointerId: 1 });
    fireEvent.doubleClick(photoBox());
    await pictureLoads();
    // 10 client px to the left: 67.5 format px.
    drag(screen.getByTestId('crop-picture'), [-10, 0]);
    expect(overlayAt().left).toBeCloseTo(((-6 - 10 * PER_PX) / 1080) * 100, 2);
    const before = overlayAt();
    // The right edge 16 client px (10 % of the square) inwards, the bottom edge 8 px (5 %) up.
    drag(document.querySelector('[data-crop-edge="e"]')!, [-16, 0]);
    drag(document.querySelector('[data-crop-edge="s"]')!, [0, -8]);
    const after = overlayAt();
    for (const k of ['left', 'top', 'width'] as const) expect(after[k]).toBeCloseTo(before[k], 2);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    const cropped = photoOf(state());
    expect([cropped.x, cropped.y, cropped.w, cropped.h]).toEqual([10, 10, 40, 35]);
    const at = shownAt(cropped);
    expect(at.left).toBeCloseTo(-6 - 10 * PER_PX, 0);
    expect(at.width).toBeCloseTo(768, 0);
    expect(state().past).toHaveLength(1);
  });

  it('keeps the frame within the picture and scales with the round corners and the wheel', async () => {
    const state = openCrop();
    act(() => photoBox().focus());
    // The crop's tools load when a picture is first selected.
    fireEvent.click(await screen.findByRole('button', { name: 'Crop' }));
    await pictureLoads();
    // The left edge dragged far out stops at the picture's left edge (−6 px).
    drag(document.querySelector('[data-crop-edge="w"]')!, [-80, 0]);
    expect(parseFloat(screen.getByTestId('crop-frame').style.left)).toBeCloseTo((-6 / 1080) * 100, 1);
    // The bottom right corner of the picture 16 px outwards: it scales about its top left corner.
    const left = overlayAt().left;
    drag(document.querySelector('[data-crop-scale="se"]')!, [16, 16]);
    expect(overlayAt().width).toBeGreaterThan((768 / 1080) * 100 + 5);
    expect(overlayAt().left).toBeCloseTo(left, 1);
    // The wheel up enlarges, down shrinks.
    const width = overlayAt().width;
    fireEvent.wheel(screen.getByTestId('crop-overlay'), { deltaY: -100, clientX: 20, clientY: 20 });
    expect(overlayAt().width).toBeGreaterThan(width);
    // A click beside the picture confirms.
    fireEvent.pointerDown(screen.getByTestId('crop-outside'), { pointerId: 2, button: 0 });
    expect(screen.queryByTestId('crop-overlay')).toBeNull();
    expect(photoOf(state()).zoom).toBeGreaterThan(1.2);
    expect(Number.isFinite(photoOf(state()).focal!.x) && Number.isFinite(photoOf(state()).focal!.y)).toBe(true);
    expect(photoOf(state()).x).toBeCloseTo((-6 / 1080) * 100, 1);
  });

  it('cancels with the Cancel tool, and follows the zoom slider while cropping (the sliders show the crop)', async () => {
    const state = openCrop();
    act(() => photoBox().focus());
    // The crop's tools load when a picture is first selected.
    fireEvent.click(await screen.findByRole('button', { name: 'Crop' }));
    await pictureLoads();
    fireEvent.click(screen.getByRole('button', { name: 'Enlarge the picture' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(state().present).toBe(start);

    fireEvent.click(screen.getByRole('button', { name: 'Crop' }));
    await pictureLoads();
    drag(document.querySelector('[data-crop-edge="n"]')!, [0, 8]);
    // The slider, meanwhile: the crop takes its zoom and keeps its own frame.
    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    // Zoom 2 beyond covering the frame (540 × 378 now): 1600 × 0.42 × 2 px wide.
    expect(overlayAt().width).toBeCloseTo((1600 * 0.42 * 2 * 100) / 1080, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(photoOf(state())).toMatchObject({ zoom: 2, y: 15, h: 35 });
    expect((screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement).value).toBe('2');
  });

  it('does not crop a layer without a picture, nor a text', async () => {
    const state = openCrop({ ...start, layers: [{ ...photo, mediaId: null }] });
    fireEvent.doubleClick(photoBox());
    // No crop under way: its tools stay "Crop" (none: no picture), its overlay never loads.
    expect(screen.queryByRole('group', { name: 'Crop' })).toBeNull();
    act(() => photoBox().focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: 'Crop' })).toBeNull();
    expect(screen.queryByTestId('crop-overlay')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Crop' })).toBeNull();
    expect(state().present.layers[0]).toEqual({ ...photo, mediaId: null });
  });

  it('does not crop a rotated picture (its frame would be drawn upright)', () => {
    openCrop({ ...start, layers: [{ ...photo, rotation: 30 } as ImageLayer] });
    fireEvent.doubleClick(photoBox());
    expect(screen.queryByRole('group', { name: 'Crop' })).toBeNull();
    expect(screen.queryByTestId('crop-overlay')).toBeNull();
    act(() => photoBox().focus());
    expect(screen.queryByRole('button', { name: 'Crop' })).toBeNull();
  });
});
