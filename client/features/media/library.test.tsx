import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '#common/schemas/media.ts';
import { Library, useLibraryList, useMediaTags } from '#client/features/media/library.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { FakeXhr } from '#client/test/fake-xhr.ts';
import { gets, mediaItem, page, PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';

const BASE = `/api/projects/${PROJECT_ID}`;
const SEARCH_LABEL = 'Search files by name, tag or alt text';

function Screen({ canEdit = true, onContentChanged = () => {} }: { canEdit?: boolean; onContentChanged?: () => void }) {
  const list = useLibraryList(PROJECT_ID);
  const tags = useMediaTags(PROJECT_ID);
  return (
    <Library
      projectId={PROJECT_ID}
      canEdit={canEdit}
      storage={{ usedBytes: 5 * 1024 ** 2, limitBytes: 1024 ** 3 }}
      list={list}
      tags={tags}
      onContentChanged={onContentChanged}
    />
  );
}

function open(api: Parameters<typeof mockApi>[0], { url = `/projects/${PROJECT_ID}/`, canEdit = true, onContentChanged = () => {} } = {}) {
  const calls = mockApi({ [`GET ${BASE}/media/tags`]: { status: 200, body: { items: [{ tag: 'summer', count: 2 }], nextCursor: null } }, ...api });
  const rendered = renderScreen(<Screen canEdit={canEdit} onContentChanged={onContentChanged} />, { url, path: '/projects/:projectId/' });
  return { ...rendered, calls };
}

const listQueries = () =>
  gets()
    .filter((g) => g.path === `${BASE}/media`)
    .map((g) => g.query);

describe('the media library', () => {
  it('has a search placeholder short enough for a 390 px field, and a label that says what is searched', async () => {
    open({ [`GET ${BASE}/media`]: page([]) });
    const box = await screen.findByRole('searchbox', { name: SEARCH_LABEL });
    // The field is 390 − 2 × 16 px of margin at most, less the magnifier: about 20 characters of placeholder at 14 px.
    expect(box.getAttribute('placeholder')).toBe('Search files');
  });

  it('searches as you type (a moment after the last key), and filters by type and tag', async () => {
    const { router } = open({ [`GET ${BASE}/media`]: page([mediaItem('media_aaaaaaaaaaaaaaaa', { name: 'beach.jpg' })]) });
    const user = userEvent.setup();
    expect(await screen.findByText('beach.jpg')).toBeTruthy();
    expect(screen.getByText('5 MB of 1 GB used', { exact: false })).toBeTruthy();
    await user.type(screen.getByLabelText(SEARCH_LABEL), 'beach sunset');
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ q: 'beach sunset' }));
    // One request for the whole word, not one per key.
    expect(listQueries().filter((q) => q.q !== undefined)).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Type'), 'Videos');
    await user.selectOptions(screen.getByLabelText('Tag'), 'summer (2)');
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ q: 'beach sunset', type: 'video', tag: 'summer' }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'beach sunset', type: 'video', tag: 'summer' });
    await user.selectOptions(screen.getByLabelText('Type'), 'All types');
    await waitFor(() => expect(listQueries().at(-1)).toEqual({ q: 'beach sunset', tag: 'summer' }));
  });

  it('says when nothing matches, and Clear filters empties the search box too', async () => {
    open({ [`GET ${BASE}/media`]: page([]) }, { url: `/projects/${PROJECT_ID}/?q=nothing&type=video` });
    const user = userEvent.setup();
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    expect(screen.getByLabelText(SEARCH_LABEL)).toHaveProperty('value', 'nothing');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('The library is empty')).toBeTruthy();
    expect(screen.getByLabelText(SEARCH_LABEL)).toHaveProperty('value', '');
    expect(screen.getByLabelText('Type')).toHaveProperty('value', '');
  });

  it('deletes the selected files after asking, and says which were kept because they are used', async () => {
    const a = mediaItem('media_aaaaaaaaaaaaaaaa', { name: 'a.jpg' });
    const b = mediaItem('media_bbbbbbbbbbbbbbbb', { name: 'logo.png' });
    const onContentChanged = vi.fn();
    const { calls } = open(
      {
        [`GET ${BASE}/media`]: page([a, b]),
        [`POST ${BASE}/media/delete`]: { status: 200, body: { deleted: [a.id], refused: [{ id: b.id, name: 'logo.png', usedBy: ['Brand kit logo'] }] } },
      },
      { onContentChanged },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Select a.jpg'));
    await user.click(screen.getByLabelText('Select logo.png'));
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 files?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1 file deleted.')).toBeTruthy();
    expect(screen.getByText('“logo.png” is still used: Brand kit logo.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/media/delete`, body: { ids: [a.id, b.id] } }]);
    expect(onContentChanged).toHaveBeenCalled();
    expect(screen.queryByText('2 selected')).toBeNull();
  });

  it('clears a selection without asking the server anything', async () => {
    const { calls } = open({ [`GET ${BASE}/media`]: page([mediaItem('media_aaaaaaaaaaaaaaaa', { name: 'a.jpg' })]) });
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Select a.jpg'));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('1 selected')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('offers viewers neither uploads nor selection', async () => {
    open({ [`GET ${BASE}/media`]: page([mediaItem('media_aaaaaaaaaaaaaaaa', { name: 'a.jpg' })]) }, { canEdit: false });
    expect(await screen.findByText('a.jpg')).toBeTruthy();
    expect(screen.queryByLabelText('Choose files to upload')).toBeNull();
    expect(screen.queryByLabelText('Select a.jpg')).toBeNull();
  });
});

describe('the uploader', () => {
  const file = (name: string, type: string, size = 1024) => new File([new Uint8Array(size)], name, { type });

  it('uploads each chosen file with a progress bar, then refreshes the library and its tags', async () => {
    FakeXhr.install();
    const onContentChanged = vi.fn();
    let listed: MediaItem[] = [];
    open(
      {
        [`GET ${BASE}/media`]: () => page(listed),
        [`PUT /api/media/media_newnewnewnewnewn/thumbnail`]: { status: 200, body: mediaItem('media_newnewnewnewnewn') },
      },
      { onContentChanged },
    );
    const user = userEvent.setup();
    await screen.findByText('The library is empty');
    await user.upload(screen.getByLabelText('Choose files to upload'), [file('Beach at sunset, Biarritz 2026.jpg', 'image/jpeg')]);
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', `${BASE}/media?filename=${encodeURIComponent('Beach at sunset, Biarritz 2026.jpg')}`]);
    act(() => xhr.progress(512, 1024));
    expect(screen.getByRole('progressbar', { name: 'Uploading Beach at sunset, Biarritz 2026.jpg' }).getAttribute('aria-valuenow')).toBe('50');
    const tagsBefore = gets().filter((g) => g.path === `${BASE}/media/tags`).length;
    listed = [mediaItem('media_newnewnewnewnewn', { name: 'Beach at sunset, Biarritz 2026.jpg' })];
    act(() => xhr.respond(201, listed[0]));
    expect(await screen.findByLabelText('Uploaded')).toBeTruthy();
    expect(await screen.findByLabelText('Select Beach at sunset, Biarritz 2026.jpg')).toBeTruthy();
    expect(onContentChanged).toHaveBeenCalled();
    expect(gets().filter((g) => g.path === `${BASE}/media/tags`).length).toBeGreaterThan(tagsBefore);
  });

  it('refuses a file that is too large or of another type before sending it', async () => {
    FakeXhr.install();
    open({ [`GET ${BASE}/media`]: page([]) });
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByText('The library is empty');
    await user.upload(screen.getByLabelText('Choose files to upload'), [file('huge.png', 'image/png', 21 * 1024 * 1024), file('notes.pdf', 'application/pdf')]);
    expect(screen.getByText('Too large: images can be up to 20 MiB.')).toBeTruthy();
    expect(screen.getByText('This file type is not supported.')).toBeTruthy();
    expect(FakeXhr.sent).toEqual([]);
  });

  it('uploads two at a time; a queued file can be cancelled and never starts', async () => {
    FakeXhr.install();
    open({ [`GET ${BASE}/media`]: page([]) });
    const user = userEvent.setup();
    await screen.findByText('The library is empty');
    await user.upload(screen.getByLabelText('Choose files to upload'), [file('1.jpg', 'image/jpeg'), file('2.jpg', 'image/jpeg'), file('3.jpg', 'image/jpeg')]);
    expect(FakeXhr.sent.map((x) => x.url.split('filename=')[1])).toEqual(['1.jpg', '2.jpg']);
    await user.click(screen.getByRole('button', { name: 'Cancel 3.jpg' }));
    expect(screen.getByText('Cancelled')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel 1.jpg' }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    expect(screen.getAllByText('Cancelled')).toHaveLength(2);
    act(() => FakeXhr.sent[1]!.respond(422, envelope('unsupported_media_type', 'That file is not a JPEG after all.')));
    expect(await screen.findByText('That file is not a JPEG after all.')).toBeTruthy();
    // 3.jpg was cancelled while waiting: it never went out.
    expect(FakeXhr.sent).toHaveLength(2);
  });
});
