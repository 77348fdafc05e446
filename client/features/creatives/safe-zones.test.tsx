import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { EditorStage } from '#client/features/creatives/editor-stage.tsx';
import { editorReducer, initialEditorState, type EditorState } from '#client/features/creatives/editor-state.ts';
import { LayersPanel } from '#client/features/creatives/layers-panel.tsx';
import { SafeZonesOverlay, SafeZoneWarnings } from '#client/features/creatives/safe-zones-view.tsx';
import { SafeZonesControl, useSafeZones } from '#client/features/creatives/safe-zones.tsx';

// The story layout: logo (8,6 26×6) under the profile row, button (8,82 44×6) under the reply bar.
const story = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'story' });
const square = buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' });

/** The editor's pieces that take part: the stage with the toggle and the overlay, the layers list, the panel's warnings. */
function open(doc: CreativeDocument, { userId = 'user_a', readOnly = false } = {}) {
  let current: EditorState = initialEditorState(doc);
  function Harness() {
    const [state, dispatch] = useReducer(editorReducer, doc, initialEditorState);
    current = state;
    const zones = useSafeZones(state.present, userId);
    const onChange = (next: CreativeDocument) => dispatch({ type: 'change', value: next });
    return (
      <>
        <EditorStage
          doc={state.present}
          images={{}}
          selected={state.selected}
          readOnly={readOnly}
          onSelect={(ids) => dispatch({ type: 'select', ids })}
          onChange={onChange}
          onSeal={() => dispatch({ type: 'seal' })}
          onUndo={() => dispatch({ type: 'undo' })}
          onRedo={() => dispatch({ type: 'redo' })}
          toolbar={<SafeZonesControl zones={zones} format={state.present.format} />}
          overlay={<SafeZonesOverlay doc={state.present} zones={zones} readOnly={readOnly} onChange={onChange} />}
        />
        <LayersPanel
          doc={state.present}
          selected={state.selected}
          readOnly={readOnly}
          palette={[]}
          logoMediaId={null}
          onChange={onChange}
          onSelect={(ids) => dispatch({ type: 'select', ids })}
          flagged={new Set(zones.covered.map((c) => c.layerId))}
        />
        <SafeZoneWarnings doc={state.present} zones={zones} readOnly={readOnly} onChange={onChange} />
      </>
    );
  }
  const user = userEvent.setup();
  const view = render(<Harness />);
  return { ...view, user, state: () => current };
}

const toggle = () => screen.getByRole('button', { name: 'Safe zones' });
const layerOf = (state: EditorState, slot: string) => state.present.layers.find((l) => l.slot === slot)!;
const zoneLabels = () => [...document.querySelectorAll('[data-zone]')].map((el) => el.textContent);

describe('safe zones in the editor', () => {
  beforeEach(() => localStorage.clear());

  it('are hidden at first: no overlay, no warnings, no flags', () => {
    open(story);
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('safe-zones')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Covered layers' })).toBeNull();
    expect(screen.queryAllByText('covered by the interface')).toEqual([]);
  });

  it('shows a placement’s covered areas, labelled, over the canvas and out of the pointer’s way; the placement changes with the keyboard', async () => {
    const { user } = open(story);
    // The toolbar's toggle is reached with Tab and pressed with Space.
    toggle().focus();
    await user.keyboard(' ');
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    const overlay = screen.getByRole('group', { name: 'Areas covered in the Instagram story' });
    expect(overlay.className).toContain('pointer-events-none');
    // Not part of the preview that is rendered.
    expect(screen.getByRole('img', { name: /Preview/ }).contains(overlay)).toBe(false);
    expect(zoneLabels()).toEqual(['Profile row', 'Reply bar and button']);
    const reply = document.querySelector<HTMLElement>('[data-zone="reply"]')!;
    expect([reply.style.top, reply.style.height]).toEqual(['80%', '20%']);

    const placement = screen.getByRole('combobox', { name: 'Placement' });
    expect([...placement.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Instagram story',
      'Facebook story',
      'Instagram reels',
      'Facebook reels',
    ]);
    placement.focus();
    await user.selectOptions(placement, 'Instagram reels');
    expect(zoneLabels()).toEqual(['Top bar', 'Profile, caption and button', 'Screen edge', 'Like, comment and share']);
    await user.click(toggle());
    expect(screen.queryByTestId('safe-zones')).toBeNull();
  });

  it('remembers the choice per user in this browser', async () => {
    const first = open(story, { userId: 'user_a' });
    await first.user.click(toggle());
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Placement' }), 'Facebook reels');
    first.unmount();
    const again = open(story, { userId: 'user_a' });
    expect(toggle().getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Placement' })).toHaveProperty('value', 'facebook-reels');
    again.unmount();
    open(story, { userId: 'user_b' });
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
  });

  it('flags covered text, buttons and logos on the canvas, in the layers list and in the panel; one click moves each the smallest way out', async () => {
    const { user, state } = open(story);
    await user.click(toggle());
    const panel = await screen.findByRole('region', { name: 'Covered layers' });
    expect(within(panel).getByRole('heading').textContent).toContain('2 layers are covered in the Instagram story');
    const cta = layerOf(state(), 'cta');
    const ctaName = cta.type === 'cta' ? cta.text : '';
    expect(within(panel).getByText(`“${ctaName}”: under Reply bar and button.`)).toBeTruthy();
    expect(document.querySelector(`[data-covered="${cta.id}"]`)).toBeTruthy();
    expect(screen.getAllByText('covered by the interface')).toHaveLength(2);

    // From the panel, with the keyboard: straight up to the reply bar's edge.
    within(panel)
      .getByRole('button', { name: `Move “${ctaName}” out of the covered area` })
      .focus();
    await user.keyboard('{Enter}');
    expect([layerOf(state(), 'cta').x, layerOf(state(), 'cta').y]).toEqual([cta.x, 80 - cta.h]);
    expect(document.querySelector(`[data-covered="${cta.id}"]`)).toBeNull();

    // From the canvas: the logo's mark, straight down below the profile row.
    const logo = layerOf(state(), 'logo');
    await user.click(within(screen.getByTestId('safe-zones')).getByRole('button', { name: 'Move “Logo” out of the covered area' }));
    expect(layerOf(state(), 'logo').y).toBe(14);
    expect(layerOf(state(), 'logo').x).toBe(logo.x);
    expect(screen.queryByRole('region', { name: 'Covered layers' })).toBeNull();
    expect(screen.queryAllByText('covered by the interface')).toEqual([]);
    // One undo step each.
    expect(state().past).toHaveLength(2);
  });

  it('says so when a layer cannot fit between the covered areas, and offers no move to a viewer', async () => {
    const tall = { ...story, layers: story.layers.map((l) => (l.slot === 'headline' ? ({ ...l, y: 5, h: 90 } as Layer) : l)) };
    const { user } = open(tall, { readOnly: true });
    await user.click(toggle());
    const headline = tall.layers.find((l) => l.slot === 'headline')!;
    const name = headline.type === 'text' ? headline.text.slice(0, 28) : '';
    const panel = await screen.findByRole('region', { name: 'Covered layers' });
    expect(within(panel).getByText(`“${name}” does not fit between the covered areas: make it smaller.`)).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('safe-zones')).queryByRole('button')).toBeNull();
  });

  it('shows the feed’s profile-grid cut on a square, and says when a placement covers nothing', async () => {
    const { user } = open(square);
    await user.click(toggle());
    expect(screen.getByRole('group', { name: 'Areas covered in the Instagram feed' })).toBeTruthy();
    expect(zoneLabels()).toEqual(['Cut off in the profile grid', 'Cut off in the profile grid']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Placement' }), 'Facebook feed');
    expect(screen.getByText('The Facebook feed shows the whole picture.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Covered layers' })).toBeNull();
  });
});
