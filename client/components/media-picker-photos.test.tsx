import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MediaItem } from '#common/schemas/media.ts';
import type { PhotoSearchPage } from '#common/schemas/photos.ts';
import { mockApi } from '#client/test/api-mock.ts';
import { MediaPicker } from '#client/components/media-picker.tsx';

const P = 'proj_aaaaaaaaaaaaaaaa';
const CC0 = { provider: 'bundled', author: 'Adloom', authorUrl: null, sourceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/' } as const;
const PAGE: PhotoSearchPage = {
  provider: 'bundled',
  items: [{ id: 'ocean-waves', width: 1200, height: 800, alt: 'Calm blue sea', previewUrl: '/photos/bundled/ocean-waves.jpg', attribution: CC0 }],
  page: 1,
  hasMore: false,
};
const IMPORTED = { id: 'med_ocean_00000000001', kind: 'image', name: 'ocean-waves.jpg', attribution: CC0 } as MediaItem;

/** The pickers of the brand kit, the page and the presentation editors (client/components/media-picker.tsx). */
describe('the shared picture picker’s Photos tab', () => {
  it('offers the photo source for pictures (keyboard: End selects it) and picks the imported photo', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [`GET /api/projects/${P}/media`]: { status: 200, body: { items: [], nextCursor: null } },
      [`GET /api/projects/${P}/photos`]: { status: 200, body: PAGE },
      [`POST /api/projects/${P}/photos/import`]: { status: 201, body: IMPORTED },
    });
    const onPick = vi.fn();
    render(<MediaPicker projectId={P} open kind="image" title="Choose a logo" onClose={() => {}} onPick={onPick} />);
    screen.getByRole('tab', { name: 'Library' }).focus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Photos' }).getAttribute('aria-selected')).toBe('true');
    await user.click(await screen.findByRole('button', { name: 'Add “Calm blue sea” by Adloom to the library and use it' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(IMPORTED));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', body: { provider: 'bundled', id: 'ocean-waves' } });
  });

  it('has no Photos tab when it picks a video', async () => {
    mockApi({ [`GET /api/projects/${P}/media`]: { status: 200, body: { items: [], nextCursor: null } } });
    render(<MediaPicker projectId={P} open kind="video" title="Choose a video" onClose={() => {}} onPick={() => {}} />);
    expect(await screen.findByText('No videos in this project yet. Drop one above.')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
