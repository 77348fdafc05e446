import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MediaItem } from '#common/schemas/media.ts';
import Project from '#client/app/routes/project.tsx';
import ProjectMedia from '#client/app/routes/project-media.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { gets, mediaDetail, mediaItem, page, PROJECT_ID, projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const BASE = `/api/projects/${PROJECT_ID}`;
const PHOTO = 'media_photo_aaaaaaaa';

function open(url: string, api: Parameters<typeof mockApi>[0]) {
  const calls = mockApi({
    [`GET ${BASE}`]: { status: 200, body: projectDetail() },
    [`GET ${BASE}/members`]: { status: 200, body: { items: [], invites: [], nextCursor: null } },
    ...api,
  });
  const rendered = renderScreen(null, {
    url,
    path: '/never',
    routes: [{ path: '/projects/:projectId', element: <Project />, children: [{ path: 'media/:objectId', element: <ProjectMedia /> }] }],
  });
  return { ...rendered, calls };
}

const tagOptions = () =>
  within(screen.getByLabelText('Tag'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('the project page', () => {
  it('offers a tag in the library’s tag filter as soon as a file was tagged, without a reload', async () => {
    let tagged = false;
    const item = (): MediaItem => mediaItem(PHOTO, { name: 'beach.jpg', tags: tagged ? ['summer'] : [] });
    const { calls } = open(`/projects/${PROJECT_ID}/media/${PHOTO}`, {
      [`GET ${BASE}/media`]: () => page([item()]),
      [`GET ${BASE}/media/tags`]: () => ({ status: 200, body: { items: tagged ? [{ tag: 'summer', count: 1 }] : [], nextCursor: null } }),
      [`GET /api/media/${PHOTO}`]: () => ({ status: 200, body: { ...mediaDetail(PHOTO), ...item() } }),
      [`PATCH /api/media/${PHOTO}`]: () => {
        tagged = true;
        return { status: 200, body: { ...mediaDetail(PHOTO), ...item() } };
      },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'beach.jpg' });
    await waitFor(() => expect(tagOptions()).toEqual(['All tags']));
    await user.type(within(dialog).getByLabelText('Tags'), 'summer{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(tagOptions()).toEqual(['All tags', 'summer (1)']));
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: `/api/media/${PHOTO}`, body: { name: 'beach.jpg', alt: '', tags: ['summer'] } }]);
  });

  it('filters the library by search, type and tag through the URL', async () => {
    open(`/projects/${PROJECT_ID}/`, {
      [`GET ${BASE}/media`]: page([mediaItem(PHOTO, { name: 'beach.jpg', tags: ['summer'] })]),
      [`GET ${BASE}/media/tags`]: { status: 200, body: { items: [{ tag: 'summer', count: 1 }], nextCursor: null } },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('beach.jpg')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Type'), 'Images');
    await waitFor(() => expect(tagOptions()).toContain('summer (1)'));
    await user.selectOptions(screen.getByLabelText('Tag'), 'summer (1)');
    await user.type(screen.getByLabelText('Search files by name, tag or alt text'), 'beach');
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === `${BASE}/media`)
          .at(-1)?.query,
      ).toEqual({ type: 'image', tag: 'summer', q: 'beach' }),
    );
  });

  it('shows an archived project read-only, and lets its owner restore it', async () => {
    let archived = true;
    const { calls } = open(`/projects/${PROJECT_ID}/`, {
      [`GET ${BASE}`]: () => ({ status: 200, body: projectDetail({ archived }) }),
      [`GET ${BASE}/media`]: page([mediaItem(PHOTO, { name: 'beach.jpg' })]),
      [`GET ${BASE}/media/tags`]: { status: 200, body: { items: [], nextCursor: null } },
      [`PATCH ${BASE}`]: () => {
        archived = false;
        return { status: 200, body: projectDetail({ archived }) };
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('beach.jpg')).toBeTruthy();
    expect(screen.getByText(/This project is archived, so it is read-only/)).toBeTruthy();
    // Nothing that would change it is offered: uploads, the brand kit, invitations.
    expect(screen.queryByLabelText('Choose files to upload')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add colour' })).toBeNull();
    expect((screen.getByLabelText('Colour 1 as hex') as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByLabelText('Invite by email')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Restore the project' }));
    await waitFor(() => expect(screen.queryByText(/This project is archived/)).toBeNull());
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: BASE, body: { archived: false } }]);
    expect(await screen.findByLabelText('Choose files to upload')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add colour' })).toBeTruthy();
  });

  it('tells an editor of an archived project who can restore it', async () => {
    open(`/projects/${PROJECT_ID}/`, {
      [`GET ${BASE}`]: { status: 200, body: projectDetail({ archived: true, role: 'editor' }) },
      [`GET ${BASE}/media`]: page([]),
      [`GET ${BASE}/media/tags`]: { status: 200, body: { items: [], nextCursor: null } },
    });
    expect(await screen.findByText(/Only its owner can restore it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore the project' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByLabelText('Choose files to upload')).toBeNull();
  });
});
