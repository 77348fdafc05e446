import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '#common/schemas/media.ts';
import type { PhotoResult, PhotoSearchPage } from '#common/schemas/photos.ts';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { MediaPicker } from '#client/features/creatives/media-picker.tsx';

const P = 'proj_aaaaaaaaaaaaaaaa';
const PHOTOS = `GET /api/projects/${P}/photos`;
const IMPORT = `POST /api/projects/${P}/photos/import`;
const LIBRARY = { [`GET /api/projects/${P}/media`]: { status: 200, body: { items: [], nextCursor: null } } };

const bundled = (id: string, alt: string): PhotoResult => ({
  id,
  width: 1000,
  height: 1000,
  alt,
  previewUrl: `/photos/bundled/${id}.jpg`,
  attribution: { provider: 'bundled', author: 'Adloom', authorUrl: null, sourceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/' },
});

const unsplash: PhotoResult = {
  id: 'eOLpJytrbsQ',
  width: 4000,
  height: 3000,
  alt: 'man holding a white ceramic mug',
  previewUrl: 'https://images.unsplash.com/photo-1416339306562-f3d12fefd36f?w=400',
  attribution: {
    provider: 'unsplash',
    author: 'Jeff Sheldon',
    authorUrl: 'https://unsplash.com/@ugmonk?utm_source=adloom&utm_medium=referral',
    sourceUrl: 'https://unsplash.com/photos/eOLpJytrbsQ?utm_source=adloom&utm_medium=referral',
  },
};

const page = (provider: PhotoSearchPage['provider'], items: PhotoResult[], hasMore = false, n = 1): PhotoSearchPage => ({ provider, items, page: n, hasMore });

function imported(id: string, attribution: PhotoResult['attribution']): MediaItem {
  return {
    id,
    projectId: P,
    kind: 'image',
    mime: 'image/jpeg',
    name: `${id}.jpg`,
    size: 1000,
    sha256: 'x'.repeat(64),
    width: 1000,
    height: 1000,
    durationMs: null,
    alt: '',
    tags: [],
    attribution,
    hasThumbnail: false,
    fileUrl: `/api/media/${id}/file`,
    thumbnailUrl: null,
    uploadedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

/** The query strings the photo searches were sent with, in order. */
const searches = () =>
  vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith('/photos'))
    .map((url) => url.search);

function openPicker(onPick = vi.fn()) {
  render(<MediaPicker projectId={P} open title="Choose a picture" onClose={() => {}} onPick={onPick} />);
  return onPick;
}

describe('the picture picker’s Photos tab', () => {
  it('is reached by keyboard (arrow keys on the tabs), shows the bundled set with its note, searches on Enter and imports the picked photo', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      ...LIBRARY,
      [PHOTOS]: () => {
        const query = searches().at(-1) ?? '';
        return {
          status: 200,
          body: query.includes('q=coffee')
            ? page('bundled', [bundled('coffee-table', 'A cup of coffee')])
            : page('bundled', [bundled('night-sky', 'Starry night'), bundled('coffee-table', 'A cup of coffee')]),
        };
      },
      [IMPORT]: { status: 201, body: imported('med_coffee_0000000001', bundled('coffee-table', '').attribution) },
    });
    const onPick = openPicker();
    const libraryTab = screen.getByRole('tab', { name: 'Library' });
    expect(libraryTab.getAttribute('aria-selected')).toBe('true');
    libraryTab.focus();
    await user.keyboard('{ArrowRight}');
    const photosTab = screen.getByRole('tab', { name: 'Photos' });
    expect(photosTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(photosTab);

    const grid = await screen.findByRole('list', { name: 'Photos found' });
    expect(within(grid).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByText(/Free pictures that come with Adloom \(CC0\)/)).toBeTruthy();
    expect(within(grid).getAllByRole('link', { name: 'CC0 · made for Adloom' })[0]!.getAttribute('href')).toBe(
      'https://creativecommons.org/publicdomain/zero/1.0/',
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search photos' }), 'coffee{Enter}');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Photos found' })).getAllByRole('button')).toHaveLength(1));
    expect(searches()).toEqual(['', '?q=coffee']);

    await user.click(screen.getByRole('button', { name: 'Add “A cup of coffee” by Adloom to the library and use it' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 'med_coffee_0000000001' })));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ provider: 'bundled', id: 'coffee-table' });
  });

  it('credits a provider’s photographer with links, loads more pages on request, and says when nothing matches', async () => {
    const user = userEvent.setup();
    mockApi({
      ...LIBRARY,
      [PHOTOS]: () => {
        const query = searches().at(-1) ?? '';
        if (query.includes('q=zzz')) return { status: 200, body: page('unsplash', []) };
        if (query.includes('page=2')) return { status: 200, body: page('unsplash', [{ ...unsplash, id: 'second' }], false, 2) };
        return { status: 200, body: page('unsplash', [unsplash], true) };
      },
    });
    openPicker();
    await user.click(screen.getByRole('tab', { name: 'Photos' }));
    const grid = await screen.findByRole('list', { name: 'Photos found' });
    expect(within(grid).getByRole('link', { name: 'Jeff Sheldon' }).getAttribute('href')).toBe(unsplash.attribution.authorUrl);
    expect(within(grid).getByRole('link', { name: 'Unsplash' }).getAttribute('href')).toBe(unsplash.attribution.sourceUrl);
    expect(within(grid).getByText(/Photo by/)).toBeTruthy();
    expect(screen.queryByText(/Free pictures that come with Adloom/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show more photos' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Photos found' })).getAllByRole('button')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Show more photos' })).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Search photos' }), 'zzz');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No photos match “zzz”. Try another word.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Photos found' })).toBeNull();
  });

  it('shows the loading state, then a provider’s error with a retry that searches again', async () => {
    const user = userEvent.setup();
    let release: (reply: { status: number; body: unknown }) => void = () => {};
    let answer: () => { status: number; body: unknown } | Promise<{ status: number; body: unknown }> = () =>
      new Promise((resolve) => {
        release = resolve;
      });
    mockApi({ ...LIBRARY, [PHOTOS]: () => answer() });
    openPicker();
    await user.click(screen.getByRole('tab', { name: 'Photos' }));
    expect(await screen.findByText('Searching photos…')).toBeTruthy();
    release({ status: 429, body: envelope('rate_limited', 'The photo service has reached its limit for now. Try again in a few minutes.') });
    expect(await screen.findByText('The photo service has reached its limit for now. Try again in a few minutes.')).toBeTruthy();
    answer = () => ({ status: 200, body: page('bundled', [bundled('night-sky', 'Starry night')]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Add “Starry night” by Adloom to the library and use it' })).toBeTruthy();
    expect(screen.queryByText(/reached its limit/)).toBeNull();
  });

  it('tells why a pick failed (a full library) and keeps the results to pick another', async () => {
    const user = userEvent.setup();
    mockApi({
      ...LIBRARY,
      [PHOTOS]: { status: 200, body: page('bundled', [bundled('night-sky', 'Starry night')]) },
      [IMPORT]: {
        status: 402,
        body: envelope('plan_limit_reached', 'This file does not fit: 1 GB of 1 GB are used. Delete files you no longer need, or upgrade for more storage.'),
      },
    });
    const onPick = openPicker();
    await user.click(screen.getByRole('tab', { name: 'Photos' }));
    await user.click(await screen.findByRole('button', { name: 'Add “Starry night” by Adloom to the library and use it' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This file does not fit');
    expect(onPick).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Add “Starry night” by Adloom to the library and use it' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows an imported photo’s credit in the library tab', async () => {
    mockApi({
      [`GET /api/projects/${P}/media`]: { status: 200, body: { items: [imported('med_photo_00000000001', unsplash.attribution)], nextCursor: null } },
    });
    openPicker();
    expect((await screen.findByRole('link', { name: 'Jeff Sheldon' })).getAttribute('href')).toBe(unsplash.attribution.authorUrl);
    expect(screen.getByRole('tabpanel', { name: 'Library' }).hidden).toBe(false);
  });
});
