import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import Creations from '#client/app/routes/creations.tsx';
import CreativeEditorRoute from '#client/app/routes/creative-editor.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { gets, page, PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';
import { AD_ID, adDetail, adPost, adSummary, BASE, CREATION_A, CREATION_B, creationItem, openMarketing, tooWideForPhone } from '#client/test/ads-fixtures.tsx';

describe('the marketing page’s ads', () => {
  it('shows skeletons while loading, then the empty state with a New ad action', async () => {
    openMarketing('', { [`GET /api/creations`]: page([creationItem(CREATION_A, 'Spring square')]) });
    expect(screen.getByRole('status', { name: 'Loading ads' })).toBeTruthy();
    expect(await screen.findByText('No ads yet')).toBeTruthy();
    const user = userEvent.setup();
    const buttons = screen.getAllByRole('button', { name: 'New ad' });
    await user.click(buttons.at(-1)!);
    expect(await screen.findByRole('dialog', { name: 'New ad' })).toBeTruthy();
  });

  it('says when the ads could not be loaded, and retries', async () => {
    let fail = true;
    openMarketing('', {
      [`GET ${BASE}/ads`]: () =>
        fail
          ? { status: 500, body: envelope('internal', 'Something went wrong on our side.') }
          : { status: 200, body: { items: [adSummary()], nextCursor: null } },
    });
    expect(await screen.findByText('The ads could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Spring sale')).toBeTruthy();
  });

  it('filters by status with chips in the URL and loads more pages', async () => {
    const second = adSummary({ id: 'ad_bbbbbbbbbbbbbbbb', name: 'Summer camp', status: 'in_review' });
    const { router } = openMarketing('', {
      [`GET ${BASE}/ads`]: () => {
        const last = gets().at(-1)!.query;
        if (last.status === 'in_review') return page([second]);
        return last.cursor ? page([second]) : page([adSummary()], 'cursor_1');
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Spring sale')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Summer camp')).toBeTruthy();
    expect(
      gets()
        .filter((g) => g.path === `${BASE}/ads`)
        .map((g) => g.query),
    ).toEqual([{}, { cursor: 'cursor_1' }]);

    const chips = screen.getByRole('group', { name: 'Filter by status' });
    await user.click(within(chips).getByRole('button', { name: 'In review' }));
    await waitFor(() => expect(screen.queryByText('Spring sale')).toBeNull());
    expect(within(chips).getByRole('button', { name: 'In review' }).getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?status=in_review');
    expect(gets().at(-1)?.query).toEqual({ status: 'in_review' });
  });

  it('shows each ad’s status and its post: scheduled time or the permalink', async () => {
    openMarketing('', {
      [`GET ${BASE}/ads`]: page([
        adSummary({ status: 'scheduled', post: adPost() }),
        adSummary({
          id: 'ad_bbbbbbbbbbbbbbbb',
          name: 'Winter',
          status: 'published',
          post: adPost({ status: 'published', permalink: 'https://www.instagram.com/p/abc/', publishedAt: '2026-03-02T10:00:00.000Z' }),
        }),
      ]),
    });
    expect(await screen.findByText('Scheduled', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText(/Scheduled for/)).toBeTruthy();
    const link = screen.getByRole('link', { name: /Published/ });
    expect(link.getAttribute('href')).toBe('https://www.instagram.com/p/abc/');
  });

  it('hides New ad from viewers', async () => {
    openMarketing('', {}, { role: 'viewer' });
    expect(await screen.findByText('No ads yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New ad' })).toBeNull();
  });

  it('opens the new-ad dialog prefilled from ?creations= and creates a carousel', async () => {
    const { calls, router } = openMarketing(`?creations=${CREATION_A},${CREATION_B}`, {
      [`GET /api/creations`]: page([creationItem(CREATION_A, 'Spring square'), creationItem(CREATION_B, 'Spring story')]),
      [`POST ${BASE}/ads`]: { status: 201, body: adDetail({ kind: 'carousel' }) },
      [`GET /api/ads/${AD_ID}`]: { status: 200, body: adDetail({ kind: 'carousel' }) },
      [`GET /api/ads/${AD_ID}/reviews`]: { status: 200, body: { items: [] } },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New ad' });
    await waitFor(() => expect((within(dialog).getByLabelText(/Spring story/) as HTMLInputElement).checked).toBe(true));
    expect((within(dialog).getByLabelText('Carousel') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Story') as HTMLInputElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), 'Spring carousel');
    await user.click(within(dialog).getByRole('button', { name: 'Create ad' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?ad=${AD_ID}`));
    expect(writes(calls)).toEqual([
      { method: 'POST', path: `${BASE}/ads`, body: { name: 'Spring carousel', kind: 'carousel', creationIds: [CREATION_A, CREATION_B] } },
    ]);
    expect(await screen.findByText('“Spring sale” was created.')).toBeTruthy();
  });

  it('asks for a picture, and makes one picture a single image or a story', async () => {
    const { calls } = openMarketing('', {
      [`GET /api/creations`]: page([creationItem(CREATION_A, 'Spring square')]),
      [`POST ${BASE}/ads`]: { status: 201, body: adDetail({ kind: 'story' }) },
    });
    const user = userEvent.setup();
    await screen.findByText('No ads yet');
    await user.click(screen.getAllByRole('button', { name: 'New ad' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New ad' });
    await user.click(within(dialog).getByRole('button', { name: 'Create ad' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Pick a picture.');
    await user.click(await within(dialog).findByLabelText(/Spring square/));
    await user.click(within(dialog).getByLabelText('Story'));
    await user.click(within(dialog).getByRole('button', { name: 'Create ad' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/ads`, body: { kind: 'story', creationIds: [CREATION_A] } }]));
  });

  it('creates from a creative (?creative=), saying it may cost a credit', async () => {
    const { calls } = openMarketing('?creative=crv_aaaaaaaaaaaaaaaa', {
      [`GET /api/creations`]: page([]),
      [`POST ${BASE}/ads`]: { status: 402, body: envelope('insufficient_credits', 'You have no credits left for this render.') },
    });
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'New ad' });
    expect(within(dialog).getByText(/rendered now for 1 credit/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create ad · up to 1 credit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('You have no credits left for this render.');
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/ads`, body: { kind: 'single', creativeId: 'crv_aaaaaaaaaaaaaaaa' } }]);
  });

  it('makes an ad from a creative picked in the dialog, and asks for one first', async () => {
    const { calls } = openMarketing('', {
      [`GET /api/creations`]: page([]),
      [`GET /api/creatives`]: page([{ id: 'crv_bbbbbbbbbbbbbbbb', name: 'Spring poster' }]),
      [`POST ${BASE}/ads`]: { status: 201, body: adDetail() },
    });
    const user = userEvent.setup();
    await screen.findByText('No ads yet');
    await user.click(screen.getAllByRole('button', { name: 'New ad' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'New ad' });
    await user.click(within(dialog).getByLabelText('A creative'));
    await user.click(within(dialog).getByRole('button', { name: 'Create ad · up to 1 credit' }));
    expect(within(dialog).getByText('Pick a creative.')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Spring poster' })).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Creative'), 'Spring poster');
    await user.click(within(dialog).getByRole('button', { name: 'Create ad · up to 1 credit' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: `${BASE}/ads`, body: { kind: 'single', creativeId: 'crv_bbbbbbbbbbbbbbbb' } }]));
  });

  it('fits a 390 px phone: no fixed widths or columns wider than the screen', async () => {
    window.innerWidth = 390;
    const { container } = openMarketing(`?ad=${AD_ID}`, {
      [`GET ${BASE}/ads`]: page([adSummary({ name: 'A very long ad name that goes on and on and on for the whole screen width' })]),
      [`GET /api/ads/${AD_ID}`]: { status: 200, body: adDetail({ previewUrl: 'https://adloom.example/preview/abcdefghijklmnopqrstuvwxyz' }) },
      [`GET /api/ads/${AD_ID}/reviews`]: { status: 200, body: { items: [] } },
    });
    await screen.findByRole('dialog', { name: 'Spring sale' });
    await screen.findByLabelText('Primary text');
    expect(tooWideForPhone(container.ownerDocument.body)).toEqual([]);
  });

  it('links each creation an editor may use to a new ad on its project’s marketing page', async () => {
    mockApi({
      'GET /api/projects': page([]),
      'GET /api/creations': page([creationItem(CREATION_A, 'Spring square'), { ...creationItem(CREATION_B, 'Read only'), role: 'viewer' as const }]),
    });
    renderScreen(<Creations />, { url: '/creations', path: '/creations' });
    const link = await screen.findByRole('link', { name: 'Use in an ad: Spring square' });
    expect(link.getAttribute('href')).toBe(`/projects/${PROJECT_ID}/marketing?creations=${CREATION_A}`);
    expect(screen.queryByRole('link', { name: 'Use in an ad: Read only' })).toBeNull();
  });

  it('offers Use in an ad in the creative editor to editors, opening the new-ad dialog for that creative', async () => {
    const creative = (role: 'editor' | 'viewer') => ({
      id: 'crv_aaaaaaaaaaaaaaaa',
      projectId: PROJECT_ID,
      projectName: 'Acme Surf',
      role,
      name: 'Spring launch',
      status: 'draft',
      format: 'square',
      template: 'bold-headline',
      revision: { id: 'rev_aaaaaaaaaaaaaaaa', number: 1 },
      document: buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'square' }),
      images: {},
      lastCreationId: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
      brandKit: DEFAULT_BRAND_KIT,
      projectArchived: false,
      currentCreationId: null,
    });
    let role: 'editor' | 'viewer' = 'editor';
    mockApi({ 'GET /api/creatives/crv_aaaaaaaaaaaaaaaa': () => ({ status: 200, body: creative(role) }) });
    const first = renderScreen(<CreativeEditorRoute />, { url: '/creatives/crv_aaaaaaaaaaaaaaaa', path: '/creatives/:objectId' });
    const link = await screen.findByRole('link', { name: 'Use in an ad' });
    expect(link.getAttribute('href')).toBe(`/projects/${PROJECT_ID}/marketing?creative=crv_aaaaaaaaaaaaaaaa`);
    first.unmount();
    role = 'viewer';
    renderScreen(<CreativeEditorRoute />, { url: '/creatives/crv_aaaaaaaaaaaaaaaa', path: '/creatives/:objectId' });
    await screen.findByText(/You can view this creative/);
    expect(screen.queryByRole('link', { name: 'Use in an ad' })).toBeNull();
  });
});
