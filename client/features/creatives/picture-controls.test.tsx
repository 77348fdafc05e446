import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Layer } from '#common/creative/document.ts';
import { PictureControls } from '#client/features/creatives/picture-controls.tsx';
import { picturePatch } from '#client/features/creatives/picture-drop.tsx';

type ImageLayer = Extract<Layer, { type: 'image' }>;
const base: ImageLayer = { id: 'photo', type: 'image', x: 0, y: 0, w: 100, h: 50, mediaId: 'media_1', fit: 'cover', radius: 0 };

/** The controls over a layer kept in state, as PropertiesPanel keeps it in the document; every change is recorded. */
function Harness({ initial, readOnly = false, onChange }: { initial: ImageLayer; readOnly?: boolean; onChange: (patch: object, group?: string) => void }) {
  const [layer, setLayer] = useState(initial);
  return (
    <PictureControls
      layer={layer}
      readOnly={readOnly}
      onChange={(patch, group) => {
        onChange(patch, group);
        setLayer((current) => ({ ...current, ...patch }));
      }}
    />
  );
}

describe('PictureControls', () => {
  it('zooms, moves the focus and fades with sliders that say their value; a slider’s changes share one undo group', () => {
    const onChange = vi.fn();
    render(<Harness initial={base} onChange={onChange} />);
    const zoom = screen.getByRole('slider', { name: 'Zoom' });
    expect(zoom.getAttribute('aria-valuetext')).toBe('1.00 ×');
    fireEvent.change(zoom, { target: { value: '2.5' } });
    expect(onChange).toHaveBeenLastCalledWith({ zoom: 2.5 }, 'zoom');
    expect(screen.getByRole('slider', { name: 'Zoom' }).getAttribute('aria-valuetext')).toBe('2.50 ×');
    fireEvent.change(screen.getByRole('slider', { name: 'Focus across' }), { target: { value: '20' } });
    expect(onChange).toHaveBeenLastCalledWith({ focal: { x: 20, y: 50 } }, 'focal');
    fireEvent.change(screen.getByRole('slider', { name: 'Focus down' }), { target: { value: '85' } });
    expect(onChange).toHaveBeenLastCalledWith({ focal: { x: 20, y: 85 } }, 'focal');
    fireEvent.change(screen.getByRole('slider', { name: 'Opacity' }), { target: { value: '0.4' } });
    expect(onChange).toHaveBeenLastCalledWith({ opacity: 0.4 }, 'opacity');
    expect(screen.getByRole('slider', { name: 'Opacity' }).getAttribute('aria-valuetext')).toBe('40 %');
    // Back at the defaults, the document carries nothing.
    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '1' } });
    expect(onChange).toHaveBeenLastCalledWith({ zoom: undefined }, 'zoom');
  });

  it('flips and resets the crop from the keyboard alone', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={base} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'Reset crop' })).toBeNull();
    // Tab order: zoom, focus across, focus down, flip across, flip down, …
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('slider', { name: 'Zoom' }));
    await user.tab();
    await user.tab();
    await user.tab();
    const across = screen.getByRole('button', { name: 'Flip across' });
    expect(document.activeElement).toBe(across);
    expect(across.getAttribute('aria-pressed')).toBe('false');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ flipX: true }, undefined);
    expect(across.getAttribute('aria-pressed')).toBe('true');
    await user.tab();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith({ flipY: true }, undefined);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Reset crop' }));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ focal: undefined, zoom: undefined, flipX: undefined, flipY: undefined }, undefined);
    expect(screen.getByRole('button', { name: 'Flip across' }).getAttribute('aria-pressed')).toBe('false');
    // Pressed again, a flip is taken off (not stored as false).
    await user.click(screen.getByRole('button', { name: 'Flip down' }));
    await user.click(screen.getByRole('button', { name: 'Flip down' }));
    expect(onChange).toHaveBeenLastCalledWith({ flipY: undefined }, undefined);
  });

  it('shows a saved crop, and changes nothing when read-only; without a picture only the opacity applies', () => {
    const onChange = vi.fn();
    const { unmount } = render(<Harness initial={{ ...base, zoom: 3, focal: { x: 10, y: 90 }, flipX: true }} readOnly onChange={onChange} />);
    expect((screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement).value).toBe('3');
    expect(screen.getByRole('slider', { name: 'Focus across' }).getAttribute('aria-valuetext')).toBe('10 %');
    expect(screen.getByRole('slider', { name: 'Focus down' }).getAttribute('aria-valuetext')).toBe('90 %');
    for (const control of [...screen.getAllByRole('slider'), ...screen.getAllByRole('button')]) expect((control as HTMLInputElement).disabled).toBe(true);
    unmount();
    render(<Harness initial={{ ...base, mediaId: null }} onChange={onChange} />);
    expect((screen.getByRole('slider', { name: 'Zoom' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('slider', { name: 'Opacity' }) as HTMLInputElement).disabled).toBe(false);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('puts a picture into a layer with the picture’s own focal point, dropping the old crop', () => {
    expect(picturePatch({ id: 'm2', focal: { x: 30, y: 70 } })).toEqual({ mediaId: 'm2', focal: { x: 30, y: 70 }, zoom: undefined });
    expect(picturePatch({ id: 'm3', focal: null })).toEqual({ mediaId: 'm3', focal: undefined, zoom: undefined });
  });
});
