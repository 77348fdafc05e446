import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdPin } from '#common/schemas/ad-pins.ts';
import { mockApi, envelope } from '#client/test/api-mock.ts';
import { AD_ID, adDetail } from '#client/test/ads-fixtures.tsx';
import { PinsSection } from '#client/features/ads/ad-pins.tsx';

/** The workspace's pinned comments (decision 0052): place on a picture or a phrase, reply, resolve, reopen. */
const PINS = `/api/ads/${AD_ID}/pins`;

function pin(overrides: Partial<AdPin> = {}): AdPin {
  return {
    id: 'pin_aaaaaaaaaaaaaaaaaaaa',
    number: 1,
    item: 0,
    x: 0.25,
    y: 0.5,
    start: null,
    end: null,
    quote: null,
    revision: 1,
    earlier: false,
    authorName: 'Carla Client',
    member: false,
    body: 'Brighter here',
    createdAt: '2026-05-01T08:00:00.000Z',
    resolvedAt: null,
    resolvedBy: null,
    replies: [],
    ...overrides,
  };
}

const ad = adDetail({ revision: 2 });

describe('the ad’s pinned comments', () => {
  it('pins a comment where the picture is clicked, as fractions of it, on the ad’s revision', async () => {
    const created = pin({
      id: 'pin_new_aaaaaaaaaaaaaaa',
      number: 2,
      x: 0.25,
      y: 0.75,
      authorName: 'Olivia Owner',
      member: true,
      body: 'Logo bigger',
      revision: 2,
    });
    const calls = mockApi({ [`GET ${PINS}`]: { status: 200, body: { revision: 2, items: [pin()] } }, [`POST ${PINS}`]: { status: 201, body: created } });
    render(<PinsSection ad={ad} canWrite />);
    const user = userEvent.setup();
    await screen.findByText('Brighter here');
    const picture = screen.getByRole('button', { name: 'Pin a comment on picture 1' });
    picture.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 200, right: 400, bottom: 200, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(picture, { clientX: 100, clientY: 150, detail: 1 });
    const form = within(screen.getByRole('form', { name: 'Pin a comment' }));
    expect(form.getByText('On picture 1, where the new dot is.')).toBeTruthy();
    expect(screen.getByTestId('new-pin').getAttribute('style')).toContain('left: 25%');
    // An empty comment is refused before anything is sent.
    await user.click(form.getByRole('button', { name: 'Pin comment' }));
    expect(form.getByText('Write a comment.')).toBeTruthy();
    await user.type(form.getByLabelText('Comment'), 'Logo bigger');
    await user.click(form.getByRole('button', { name: 'Pin comment' }));
    await screen.findByText('Logo bigger');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: PINS, body: { item: 0, x: 0.25, y: 0.75, body: 'Logo bigger', revision: 2 } },
    ]);
    expect(screen.queryByRole('form', { name: 'Pin a comment' })).toBeNull();
  });

  it('pins a phrase selected in the caption, and Enter on a picture pins its middle', async () => {
    const calls = mockApi({
      [`GET ${PINS}`]: { status: 200, body: { revision: 2, items: [] } },
      [`POST ${PINS}`]: { status: 201, body: pin({ item: null, start: 9, end: 13 }) },
    });
    render(<PinsSection ad={ad} canWrite />);
    await screen.findByText('No comments are pinned yet.');
    const caption = screen.getByTestId('pin-caption');
    const text = caption.firstChild!;
    const range = document.createRange();
    range.setStart(text, 9);
    range.setEnd(text, 13);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    fireEvent.mouseUp(caption);
    const form = within(screen.getByRole('form', { name: 'Pin a comment' }));
    expect(form.getByText('On the words “surf”.')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Comment'), { target: { value: 'Say ride?' } });
    fireEvent.click(form.getByRole('button', { name: 'Pin comment' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ start: 9, end: 13, body: 'Say ride?', revision: 2 });
    window.getSelection()!.removeAllRanges();
    fireEvent.click(screen.getByRole('button', { name: 'Pin a comment on picture 1' }), { detail: 0 });
    expect(screen.getByTestId('new-pin').getAttribute('style')).toContain('left: 50%');
  });

  it('replies in a thread, resolves and reopens, and marks pins made on an earlier version', async () => {
    let resolved = false;
    const calls = mockApi({
      [`GET ${PINS}`]: () => ({
        status: 200,
        body: { revision: 2, items: [pin({ earlier: true, ...(resolved ? { resolvedAt: '2026-05-02T08:00:00.000Z', resolvedBy: 'Olivia Owner' } : {}) })] },
      }),
      [`POST ${PINS}/pin_aaaaaaaaaaaaaaaaaaaa/replies`]: {
        status: 201,
        body: { id: 'r1', authorName: 'Olivia Owner', member: true, body: 'On it', createdAt: '2026-05-01T09:00:00.000Z' },
      },
      [`POST ${PINS}/pin_aaaaaaaaaaaaaaaaaaaa/resolve`]: () => {
        resolved = true;
        return { status: 204 };
      },
      [`DELETE ${PINS}/pin_aaaaaaaaaaaaaaaaaaaa/resolve`]: () => {
        resolved = false;
        return { status: 204 };
      },
    });
    render(<PinsSection ad={ad} canWrite />);
    const user = userEvent.setup();
    await screen.findByText('On an earlier version (1)');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByLabelText('Comment'), 'On it');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByText('On it');
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await screen.findByText('Resolved by Olivia Owner');
    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await screen.findByRole('button', { name: 'Resolve' });
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST ${PINS}/pin_aaaaaaaaaaaaaaaaaaaa/replies`,
      `POST ${PINS}/pin_aaaaaaaaaaaaaaaaaaaa/resolve`,
      `DELETE ${PINS}/pin_aaaaaaaaaaaaaaaaaaaa/resolve`,
    ]);
  });

  it('says why a pin was refused, and shows pins only (no placing, no buttons) while the project is archived', async () => {
    mockApi({
      [`GET ${PINS}`]: { status: 200, body: { revision: 2, items: [pin()] } },
      [`POST ${PINS}`]: { status: 409, body: envelope('conflict', 'This project is archived. Restore it to make changes.') },
    });
    const { unmount } = render(<PinsSection ad={ad} canWrite />);
    await screen.findByText('Brighter here');
    fireEvent.click(screen.getByRole('button', { name: 'Pin a comment on picture 1' }), { detail: 0 });
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Here' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pin comment' }));
    await screen.findByText(/This project is archived/);
    unmount();
    render(<PinsSection ad={ad} canWrite={false} />);
    await screen.findByText('Brighter here');
    expect(screen.getByRole('button', { name: 'Pin a comment on picture 1' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });
});
