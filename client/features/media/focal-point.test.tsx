import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MediaDetail } from '#client/features/media/media-detail.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { mediaDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const ID = 'media_aaaaaaaaaaaaaaaa';

function open(detail = mediaDetail(ID)) {
  const calls = mockApi({
    [`GET /api/media/${ID}`]: { status: 200, body: detail },
    [`PATCH /api/media/${ID}`]: (body) => ({ status: 200, body: { ...detail, ...(body as object) } }),
  });
  renderScreen(<MediaDetail mediaId={ID} onDeleted={() => undefined} />, { url: `/media/${ID}` });
  return calls;
}

describe('the focal point of a picture (media detail)', () => {
  it('moves with the arrow keys (Shift: 10 %), is saved with the other fields, and Home centres it', async () => {
    const calls = open();
    const user = userEvent.setup();
    const picker = await screen.findByRole('slider', { name: 'Focal point' });
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 50 % across, 50 % down (the centre)');
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    picker.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 52 % across, 60 % down');
    await user.keyboard('{Shift>}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}{/Shift}');
    // It stays within the picture.
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 52 % across, 0 % down');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ focal: { x: 52, y: 0 } });
    picker.focus();
    await user.keyboard('{Home}');
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 50 % across, 50 % down');
  });

  it('is set where the picture is clicked, and not sent when unchanged', async () => {
    const calls = open(mediaDetail(ID, { focal: { x: 20, y: 30 } }));
    const user = userEvent.setup();
    const picker = await screen.findByRole('slider', { name: 'Focal point' });
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 20 % across, 30 % down');
    picker.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50, toJSON: () => ({}) });
    fireEvent.pointerDown(picker, { clientX: 400, clientY: 200, pointerId: 1 });
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 75 % across, 75 % down');
    fireEvent.pointerDown(picker, { clientX: 180, clientY: 110, pointerId: 1 });
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 20 % across, 30 % down');
    // Back where it was saved: nothing to save.
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Alt text'), 'Dunes');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).not.toHaveProperty('focal');
  });

  it('shows but does not move for a viewer', async () => {
    open(mediaDetail(ID, { role: 'viewer', focal: { x: 10, y: 90 } }));
    const user = userEvent.setup();
    const picker = await screen.findByRole('slider', { name: 'Focal point' });
    expect(picker.getAttribute('aria-disabled')).toBe('true');
    expect(picker.getAttribute('tabindex')).toBe('-1');
    picker.focus();
    await user.keyboard('{ArrowRight}');
    fireEvent.pointerDown(picker, { clientX: 1, clientY: 1, pointerId: 1 });
    expect(picker.getAttribute('aria-valuetext')).toBe('Focal point: 10 % across, 90 % down');
  });
});
