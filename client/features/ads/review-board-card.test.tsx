import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewBoardDetail } from '#common/schemas/review-board.ts';
import { ReviewBoardCard } from '#client/features/ads/review-board-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';

const BASE = `/api/projects/${PROJECT_ID}/review-board`;
const URL = `https://adloom.test/board/${'T'.repeat(43)}`;
const board = (overrides: Partial<ReviewBoardDetail> = {}): ReviewBoardDetail => ({
  id: 'board_aaaaaaaaaaaaaa',
  createdAt: '2026-11-02T10:00:00.000Z',
  lastUsedAt: null,
  ...overrides,
});

function open(routes: Parameters<typeof mockApi>[0], canEdit = true) {
  const calls = mockApi(routes);
  const rendered = renderScreen(<ReviewBoardCard projectId={PROJECT_ID} canEdit={canEdit} />, { url: `/projects/${PROJECT_ID}/marketing` });
  return { ...rendered, calls };
}

describe('ReviewBoardCard', () => {
  it('creates the link, shows it once with a copy button, and forgets it when closed', async () => {
    const { calls } = open({
      [`GET ${BASE}`]: { status: 200, body: { board: null } },
      [`POST ${BASE}`]: { status: 201, body: { board: board(), url: URL } },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    expect(await screen.findByText('No review board link yet.')).toBeTruthy();
    screen.getByRole('button', { name: 'Create link' }).focus();
    await user.keyboard('{Enter}');
    const shown = await screen.findByRole('dialog', { name: 'Copy the review board link' });
    expect(writes(calls)).toEqual([{ method: 'POST', path: BASE, body: undefined }]);
    expect(within(shown).getByRole('alert').textContent).toContain('This is the only time the link is shown.');
    expect(within(shown).getByLabelText('Review board link')).toHaveProperty('value', URL);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(URL);
    expect(await screen.findByText('Link copied')).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.textContent).not.toContain(URL);
    expect(screen.getByText(/Link made 2 Nov 2026 · not used yet/)).toBeTruthy();
  });

  it('says when the link was last used, and revokes it only after confirmation', async () => {
    const { calls } = open({
      [`GET ${BASE}`]: { status: 200, body: { board: board({ lastUsedAt: '2026-11-20T15:30:00.000Z' }) } },
      [`DELETE ${BASE}`]: { status: 204 },
    });
    const user = userEvent.setup();
    expect(await screen.findByText(/Link made 2 Nov 2026 · last used 20 Nov 2026/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke the review board link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Revoke' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke the review board link?' })).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'DELETE', path: BASE, body: undefined }]));
    expect(await screen.findByText('Review board link revoked')).toBeTruthy();
    expect(screen.getByText('No review board link yet.')).toBeTruthy();
  });

  it('a new link replaces the old one after confirmation', async () => {
    const { calls } = open({
      [`GET ${BASE}`]: { status: 200, body: { board: board() } },
      [`POST ${BASE}`]: { status: 201, body: { board: board({ id: 'board_bbbbbbbbbbbbbb', createdAt: '2026-11-21T09:00:00.000Z' }), url: URL } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New link' }));
    const confirm = screen.getByRole('dialog', { name: 'Make a new review board link?' });
    expect(confirm.textContent).toContain('The current link stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Make a new link' }));
    expect(await screen.findByRole('dialog', { name: 'Copy the review board link' })).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
  });

  it('a viewer sees whether there is a link, without the buttons', async () => {
    open({ [`GET ${BASE}`]: { status: 200, body: { board: board() } } }, false);
    expect(await screen.findByText(/Link made/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New link' })).toBeNull();
  });

  it('shows a refusal, and a load failure with a retry', async () => {
    let fail = true;
    open({
      [`GET ${BASE}`]: () => (fail ? { status: 500, body: envelope('internal', 'Something went wrong.') } : { status: 200, body: { board: null } }),
      [`POST ${BASE}`]: { status: 409, body: envelope('conflict', 'This project is archived. Restore it to make changes.') },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('The review board could not be loaded.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await user.click(await screen.findByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('This project is archived. Restore it to make changes.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
