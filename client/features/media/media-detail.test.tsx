import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MediaDetail as Detail } from '#common/schemas/media.ts';
import { MediaDetail } from '#client/features/media/media-detail.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { mediaDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const ID = 'media_aaaaaaaaaaaaaaaa';

function open(detail: Detail, api: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ [`GET /api/media/${ID}`]: { status: 200, body: detail }, ...api });
  const onChanged = vi.fn<(item: Detail) => void>();
  const onDeleted = vi.fn();
  const onLoaded = vi.fn<(item: Detail) => void>();
  renderScreen(<MediaDetail mediaId={ID} onChanged={onChanged} onDeleted={onDeleted} onLoaded={onLoaded} headingId="media-title" />, {
    url: `/media/${ID}`,
  });
  return { calls, onChanged, onDeleted, onLoaded };
}

describe('MediaDetail', () => {
  it('edits the name, alt text and tags (Enter, comma, ×, Backspace) and saves them together', async () => {
    const detail = mediaDetail(ID, { name: 'beach.jpg', tags: ['old'] });
    const { calls, onChanged, onLoaded } = open(detail, {
      [`PATCH /api/media/${ID}`]: (body) => ({ status: 200, body: { ...detail, ...(body as object) } }),
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Name');
    // The callback runs in a passive effect, which React may flush after the DOM the query saw.
    await waitFor(() => expect(onLoaded).toHaveBeenCalledWith(detail));
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
    await user.clear(name);
    await user.type(name, 'Beach at sunset');
    await user.type(screen.getByLabelText('Alt text'), 'Two surfers at sunset');
    const tags = screen.getByLabelText('Tags');
    await user.type(tags, 'Summer{Enter}waves,sunset');
    await user.click(screen.getByRole('button', { name: 'Remove tag old' }));
    await user.type(screen.getByLabelText('Tags'), '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      { method: 'PATCH', path: `/api/media/${ID}`, body: { name: 'Beach at sunset', alt: 'Two surfers at sunset', tags: ['summer', 'waves'] } },
    ]);
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ name: 'Beach at sunset', tags: ['summer', 'waves'] }));
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
  });

  it('keeps a tag typed but not yet added when the field is left', async () => {
    const { calls } = open(mediaDetail(ID), { [`PATCH /api/media/${ID}`]: { status: 200, body: mediaDetail(ID, { tags: ['surf'] }) } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Tags'), 'surf');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ tags: ['surf'] });
  });

  it('shows a refused save with the server’s message, without a reference', async () => {
    open(mediaDetail(ID), { [`PATCH /api/media/${ID}`]: { status: 422, body: envelope('validation_failed', 'Keep alt text under 500 characters.') } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Alt text'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Keep alt text under 500 characters.');
  });

  it('deletes after asking; Cancel sends nothing', async () => {
    const { calls, onDeleted } = open(mediaDetail(ID, { name: 'beach.jpg' }), { [`DELETE /api/media/${ID}`]: { status: 204 } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete “beach.jpg”?' });
    expect(within(dialog).getByText('It leaves the library now and is removed for good after 30 days.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete “beach.jpg”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `/api/media/${ID}`, body: undefined }]);
  });

  it('says where a used file is used, and shows the refusal when deleting it anyway', async () => {
    open(mediaDetail(ID, { name: 'logo.png', usedBy: [{ kind: 'brand_logo', label: 'Brand kit logo', href: '/projects/proj_aaaaaaaaaaaaaaaa/' }] }), {
      [`DELETE /api/media/${ID}`]: { status: 409, body: envelope('conflict', 'This file is still used: Brand kit logo.') },
    });
    const user = userEvent.setup();
    expect((await screen.findByRole('link', { name: 'Brand kit logo' })).getAttribute('href')).toBe('/projects/proj_aaaaaaaaaaaaaaaa/');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “logo.png”?' });
    expect(within(dialog).getByText('It is still used: Brand kit logo. Replace it there first.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete file' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This file is still used: Brand kit logo.');
  });

  it('shows the newest render of each creative using the file beside its link (issue 27)', async () => {
    const thumbnail = { src: '/api/creations/cn_aaaaaaaaaaaaaaaa/thumbnail', width: 1080, height: 1920 };
    open(
      mediaDetail(ID, {
        usedBy: [
          { kind: 'creative', label: 'In the creative “Spring sale”', href: '/creatives/cr_aaaaaaaaaaaaaaaa', thumbnail },
          { kind: 'creative', label: 'In the creative “Draft”', href: '/creatives/cr_bbbbbbbbbbbbbbbb', thumbnail: null },
        ],
      }),
    );
    const link = await screen.findByRole('link', { name: 'In the creative “Spring sale”' });
    const img = link.querySelector('img')!;
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual([
      thumbnail.src,
      '1080',
      '1920',
      'lazy',
    ]);
    expect(screen.getByRole('link', { name: 'In the creative “Draft”' }).querySelector('img')).toBeNull();
  });

  it('is read-only for viewers', async () => {
    open(mediaDetail(ID, { role: 'viewer', tags: ['summer'] }));
    expect(await screen.findByLabelText('Name')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('Alt text')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove tag summer' })).toBeNull();
  });

  it('is read-only for an editor while the project is archived', async () => {
    open(mediaDetail(ID, { role: 'editor', projectArchived: true, tags: ['summer'] }));
    expect(await screen.findByLabelText('Name')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says when the file is gone, and retries', async () => {
    mockApi({ [`GET /api/media/${ID}`]: { status: 404, body: envelope('not_found', 'We could not find that.') } });
    const user = userEvent.setup();
    renderScreen(<MediaDetail mediaId={ID} onDeleted={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('It may have been deleted.');
    mockApi({ [`GET /api/media/${ID}`]: { status: 200, body: mediaDetail(ID, { name: 'back.jpg' }) } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'back.jpg' })).toBeTruthy();
  });
});
