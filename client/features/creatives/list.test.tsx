import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import type { CreationItem, CreativeSummary } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT, type ProjectSummary } from '#common/schemas/projects.ts';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { SEARCH_DELAY_MS } from '#client/lib/use-debounced-search.ts';
import { CreationsGallery } from '#client/features/creatives/creations-gallery.tsx';
import { CreativeList } from '#client/features/creatives/list-creatives.tsx';

const P1 = 'proj_aaaaaaaaaaaaaaaa';
const P2 = 'proj_bbbbbbbbbbbbbbbb';

function project(id: string, name: string, role: ProjectSummary['role']): ProjectSummary {
  return {
    id,
    name,
    description: '',
    website: null,
    role,
    archived: false,
    brandKit: { ...DEFAULT_BRAND_KIT, colors: ['#112233', '#ffcc00'] },
    logoUrl: null,
    counts: { media: 0, members: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function creative(id: string, name: string, role: CreativeSummary['role'] = 'editor'): CreativeSummary {
  return {
    id,
    projectId: P1,
    projectName: 'Bakery',
    role,
    name,
    status: 'draft',
    format: 'square',
    template: 'bold-headline',
    revision: { id: `rev_${id}`, number: 1 },
    document: buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' }),
    images: {},
    lastCreationId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  };
}

function creation(id: string, name: string, role: CreationItem['role'], creativeId: string | null): CreationItem {
  return {
    id,
    projectId: P1,
    projectName: 'Bakery',
    role,
    creativeId,
    revisionNumber: 2,
    name,
    format: 'portrait',
    width: 1080,
    height: 1350,
    size: 245_760,
    url: `/api/creations/${id}/file`,
    downloadUrl: `/api/creations/${id}/file?download=1`,
    thumbnailUrl: `/api/creations/${id}/thumbnail`,
    createdAt: '2026-03-03T10:00:00.000Z',
  };
}

/** Renders at `url` inside a router, so that filters live in the URL as in the app. */
function renderAt(url: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '*', element },
      { path: '/creatives/:id', element: <p>Editor</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The GET requests made so far, as path + parsed query. */
function gets() {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([input, init]) => ({ request: input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init) }))
    .filter(({ request }) => request.method === 'GET')
    .map(({ request }) => {
      const url = new URL(request.url);
      return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
    });
}

const page = <T,>(items: T[], nextCursor: string | null = null) => ({ status: 200, body: { items, nextCursor } });

describe('CreativeList', () => {
  it('asks for the list the URL filters describe, and a changed filter changes the request and the URL', async () => {
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale')]) });
    const user = userEvent.setup();
    const router = renderAt(
      '/creatives?format=story',
      <CreativeList
        projects={[project(P1, 'Bakery', 'owner'), project(P2, 'Florist', 'viewer')]}
        empty={{ title: 'No creatives yet', text: 'Start from a template.' }}
      />,
    );
    expect(await screen.findByRole('link', { name: 'Spring sale' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Spring sale' }).getAttribute('href')).toBe('/creatives/cr_aaaaaaaaaaaaaaaa');
    expect(gets()).toEqual([{ path: '/api/creatives', query: { format: 'story' } }]);
    expect(screen.getByLabelText('Format')).toHaveProperty('value', 'story');

    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await user.selectOptions(screen.getByLabelText('Project'), 'Florist');
    await waitFor(() => expect(gets().at(-1)).toEqual({ path: '/api/creatives', query: { format: 'story', status: 'approved', projectId: P2 } }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ format: 'story', status: 'approved', project: P2 });
  });

  it('lists one project’s creatives from its own route, and hides Delete on a viewer’s cards', async () => {
    mockApi({ [`GET /api/projects/${P1}/creatives`]: page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale', 'viewer')]) });
    renderAt(`/projects/${P1}/creatives`, <CreativeList projectId={P1} empty={{ title: 'No creatives yet', text: 'Start from a template.' }} />);
    expect(await screen.findByRole('link', { name: 'Spring sale' })).toBeTruthy();
    expect(gets()).toEqual([{ path: `/api/projects/${P1}/creatives`, query: {} }]);
    expect(screen.queryByLabelText('Project')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Spring sale' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Use in an ad: Spring sale' })).toBeNull();
  });

  it('offers "Use in an ad" on the cards an editor may use: the project’s marketing page with the creative', async () => {
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale', 'editor')]) });
    renderAt('/creatives', <CreativeList empty={{ title: 'No creatives yet', text: '' }} />);
    const link = await screen.findByRole('link', { name: 'Use in an ad: Spring sale' });
    expect(link.getAttribute('href')).toBe(`/projects/${P1}/marketing?creative=cr_aaaaaaaaaaaaaaaa`);
  });

  it('shows the empty state with its action, and "Nothing matches" with a way out when filtered', async () => {
    mockApi({ 'GET /api/creatives': page([]) });
    const onCreate = vi.fn();
    const user = userEvent.setup();
    const router = renderAt(
      '/creatives?status=rejected',
      <CreativeList
        projects={[]}
        empty={{
          title: 'No creatives yet',
          text: 'Start from a template.',
          action: (
            <button type="button" onClick={onCreate}>
              Create your first creative
            </button>
          ),
        }}
      />,
    );
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    const empty = screen.getByText('Nothing matches').parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No creatives yet')).toBeTruthy();
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: 'Create your first creative' }));
    expect(onCreate).toHaveBeenCalledOnce();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    mockApi({ 'GET /api/creatives': { status: 500, body: envelope('internal', 'Something went wrong on our side.') } });
    const user = userEvent.setup();
    renderAt('/creatives', <CreativeList empty={{ title: 'No creatives yet', text: '' }} />);
    expect((await screen.findByRole('alert')).textContent).toContain('The creatives could not be loaded');
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale')]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Spring sale' })).toBeTruthy();
  });
});

describe('speaking of versions', () => {
  it('calls a creative’s saved states versions, as the editor does, never revisions', async () => {
    mockApi({
      'GET /api/creations': page([creation('cn_aaaaaaaaaaaaaaaa', 'Spring sale · Portrait', 'editor', 'cr_aaaaaaaaaaaaaaaa')]),
      'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale', 'owner')]),
    });
    renderAt('/creations', <CreationsGallery projects={[project(P1, 'Bakery', 'editor')]} />);
    await screen.findByRole('img', { name: 'Spring sale · Portrait' });
    expect(document.body.textContent).toContain('· version 2');
    expect(document.body.textContent).not.toMatch(/revision/i);
  });

  it('says the version history goes with a deleted creative', async () => {
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale', 'owner')]) });
    renderAt('/creatives', <CreativeList empty={{ title: 'No creatives yet', text: '' }} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring sale' }));
    const dialog = document.querySelector('dialog')!;
    expect(dialog.textContent).toContain('The creative and its version history go');
    expect(document.body.textContent).not.toMatch(/revision/i);
  });
});

describe('CreationsGallery', () => {
  it('deletes a PNG after asking, for editors only; links to the file, its download and its creative', async () => {
    const calls = mockApi({
      'GET /api/creations': page([
        creation('cn_aaaaaaaaaaaaaaaa', 'Spring sale · Portrait', 'editor', 'cr_aaaaaaaaaaaaaaaa'),
        creation('cn_bbbbbbbbbbbbbbbb', 'Old flyer', 'viewer', null),
      ]),
      'DELETE /api/creations/cn_aaaaaaaaaaaaaaaa': { status: 204 },
    });
    const user = userEvent.setup();
    renderAt('/creations', <CreationsGallery projects={[project(P1, 'Bakery', 'editor')]} />);
    const image = await screen.findByRole('img', { name: 'Spring sale · Portrait' });
    expect(image.getAttribute('src')).toBe('/api/creations/cn_aaaaaaaaaaaaaaaa/file');
    expect([image.getAttribute('width'), image.getAttribute('height'), image.getAttribute('loading')]).toEqual(['1080', '1350', 'lazy']);
    const download = screen.getByRole('link', { name: 'Download Spring sale · Portrait' });
    expect(download.getAttribute('href')).toBe('/api/creations/cn_aaaaaaaaaaaaaaaa/file?download=1');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Open creative for Spring sale · Portrait' }).getAttribute('href')).toBe('/creatives/cr_aaaaaaaaaaaaaaaa');
    expect(screen.getAllByText(/Bakery · Portrait · 240 KB/)).toHaveLength(2);
    // The viewer's PNG: no delete; its creative is gone: no link.
    expect(screen.queryByRole('button', { name: 'Delete Old flyer' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open creative for Old flyer' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Spring sale · Portrait' }));
    const dialog = document.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(within(dialog).getByRole('heading').textContent).toBe('Delete “Spring sale · Portrait”?');
    // Cancel asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.open).toBe(false);
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Spring sale · Portrait' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete PNG' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Spring sale · Portrait' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/api/creations/cn_aaaaaaaaaaaaaaaa', body: undefined }]);
    expect(screen.getByRole('img', { name: 'Old flyer' })).toBeTruthy();
    expect(dialog.open).toBe(false);
  });

  it('filters by project and format through the URL', async () => {
    mockApi({ 'GET /api/creations': page([]) });
    const user = userEvent.setup();
    const router = renderAt('/creations', <CreationsGallery projects={[project(P1, 'Bakery', 'editor')]} />);
    expect(await screen.findByText('Nothing rendered yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to creatives' }).getAttribute('href')).toBe('/creatives');
    await user.selectOptions(screen.getByLabelText('Format'), 'landscape');
    await user.selectOptions(screen.getByLabelText('Project'), 'Bakery');
    await waitFor(() => expect(gets().at(-1)).toEqual({ path: '/api/creations', query: { format: 'landscape', projectId: P1 } }));
    expect(router.state.location.search).toBe(`?format=landscape&project=${P1}`);
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
  });
});

/* ---------- search by name and filters, kept in the URL (issue 27 point 2) ---------- */

afterEach(() => {
  vi.useRealTimers();
});

describe('searching the creatives by name', () => {
  it('puts what is typed into the URL once typing pauses, asks the API for it, and says when nothing is named like it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale'), creative('cr_bbbbbbbbbbbbbbbb', '50% off')]) });
    const router = renderAt('/creatives?format=square', <CreativeList empty={{ title: 'No creatives yet', text: 'Start from a template.' }} />);
    expect(await screen.findByRole('link', { name: 'Spring sale' })).toBeTruthy();
    const field = screen.getByRole('searchbox', { name: 'Search creatives' });
    expect(field.getAttribute('maxlength')).toBe('80');

    mockApi({ 'GET /api/creatives': page([]) });
    fireEvent.change(field, { target: { value: '50%' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 50));
    expect(router.state.location.search).toBe('?format=square');
    fireEvent.change(field, { target: { value: '50% of ' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS));
    await waitFor(() => expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ format: 'square', q: '50% of' }));
    await waitFor(() => expect(gets().at(-1)).toEqual({ path: '/api/creatives', query: { q: '50% of', format: 'square' } }));
    // One request for the pause, none for each keystroke.
    expect(gets()).toHaveLength(2);
    expect(await screen.findByText('Nothing matches')).toBeTruthy();
    expect(document.body.textContent).toContain('No creatives named like “50% of” match these filters.');
    // What was typed stays as typed (its trailing space too) while the URL follows.
    expect((field as HTMLInputElement).value).toBe('50% of ');

    // Clear filters empties the field and the URL, and the whole list comes back.
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale')]) });
    const empty = screen.getByText('Nothing matches').parentElement!;
    fireEvent.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Spring sale' })).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect((screen.getByRole('searchbox', { name: 'Search creatives' }) as HTMLInputElement).value).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS * 2));
    expect(router.state.location.search).toBe('');
  });

  it('starts from the URL’s search and filters (a reload, Back), and ignores a search the API would refuse', async () => {
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Spring sale')]) });
    renderAt('/creatives?q=%20spring%20&status=draft', <CreativeList empty={{ title: 'No creatives yet', text: '' }} />);
    expect(await screen.findByRole('link', { name: 'Spring sale' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search creatives' }) as HTMLInputElement).value).toBe('spring');
    expect(gets()).toEqual([{ path: '/api/creatives', query: { q: 'spring', status: 'draft' } }]);
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'draft');
  });

  it('goes back to the previous search with the router’s history', async () => {
    mockApi({ 'GET /api/creatives': page([]) });
    const router = renderAt('/creatives?q=spring', <CreativeList empty={{ title: 'No creatives yet', text: '' }} />);
    await screen.findByText('Nothing matches');
    await act(() => router.navigate('/creatives?q=autumn'));
    await waitFor(() => expect((screen.getByRole('searchbox', { name: 'Search creatives' }) as HTMLInputElement).value).toBe('autumn'));
    await waitFor(() => expect(gets().at(-1)).toEqual({ path: '/api/creatives', query: { q: 'autumn' } }));
  });
});

describe('searching and filtering the creations', () => {
  it('filters by name, status and format through the URL', async () => {
    mockApi({ 'GET /api/creations': page([creation('cn_aaaaaaaaaaaaaaaa', 'Spring sale — story', 'editor', null)]) });
    const user = userEvent.setup();
    const router = renderAt('/creations?q=spring', <CreationsGallery projects={[]} />);
    expect(await screen.findByRole('img', { name: 'Spring sale — story' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search creations' }) as HTMLInputElement).value).toBe('spring');
    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    await user.selectOptions(screen.getByLabelText('Format'), 'story');
    await waitFor(() => expect(gets().at(-1)).toEqual({ path: '/api/creations', query: { q: 'spring', status: 'approved', format: 'story' } }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ q: 'spring', status: 'approved', format: 'story' });
  });
});
