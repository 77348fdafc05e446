import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { creditSummary, projectDetail, renderScreen, user } from '#client/test/fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import Dashboard from '#client/app/routes/dashboard.tsx';

const week = (views: number[], leads: number[]) => views.map((v, i) => ({ day: `2026-11-${17 + i}`, views: v, leads: leads[i] ?? 0 }));

function board(overrides: Record<string, unknown> = {}) {
  return {
    credits: { ...creditSummary(), total: 118, monthly: 18, purchased: 100, nextResetAt: '2026-12-20T00:00:00.000Z' },
    projects: { ownedActive: 0, more: false, recent: [] },
    creations: { recent: [], more: false },
    ads: { projects: [], totals: { inReview: 0, scheduled: 0, published: 0, failed: 0, reviews: 0 } },
    funnels: { count: 0, views7d: 0, leads7d: 0, daily7d: week([0, 0, 0, 0, 0, 0, 0], []), top: [] },
    affiliate: { pending: 0, available: 0, paidOut: 0, reversed: 0 },
    bestPosts: [],
    // Every first step done: the checklist is gone (client/app/first-steps.test.tsx tests it).
    firstSteps: { brandKit: true, creative: true, approvedAd: true, livePage: true, presentation: null },
    ...overrides,
  };
}

const busy = board({
  projects: { ownedActive: 1, more: true, recent: [projectDetail(), projectDetail({ id: 'proj_bbbbbbbbbbbbbbbb', name: 'Bistro Verde', role: 'editor' })] },
  creations: {
    more: true,
    recent: [
      {
        id: 'cr1',
        name: 'Spring square',
        url: '/api/creations/cr1/file',
        downloadUrl: '/api/creations/cr1/file?download=1',
        width: 1080,
        height: 1080,
      },
    ],
  },
  ads: {
    projects: [{ projectId: 'proj_aaaaaaaaaaaaaaaa', projectName: 'Acme Surf', inReview: 2, scheduled: 1, published: 0, failed: 1, reviews: 3 }],
    totals: { inReview: 2, scheduled: 1, published: 0, failed: 1, reviews: 3 },
  },
  funnels: {
    count: 1,
    views7d: 82,
    leads7d: 10,
    daily7d: week([0, 0, 25, 0, 0, 7, 50], [0, 0, 2, 0, 0, 3, 5]),
    top: [{ id: 'fun1', title: 'Spring offer', projectName: 'Acme Surf', views7d: 75, leads7d: 7, daily7d: week([0, 0, 25, 0, 0, 0, 50], []) }],
  },
  affiliate: { pending: 1200, available: 900, paidOut: 3000, reversed: 0 },
});

describe('Dashboard', () => {
  it('shows skeletons first, then every figure linking to the screen it comes from', async () => {
    mockApi({ 'GET /api/dashboard': { status: 200, body: busy } });
    renderScreen(<Dashboard />, { signedIn: user({ plan: { id: 'free', name: 'Free' } }) });
    expect(screen.getByRole('status', { name: 'Loading your dashboard' })).toBeTruthy();

    const credits = await screen.findByRole('link', { name: /^Credits/ });
    expect(credits.getAttribute('href')).toBe('/account/credits');
    expect(credits.textContent).toContain('118');
    expect(credits.textContent).toContain('18 monthly · 100 purchased · resets 20 Dec');

    const waiting = screen.getByRole('link', { name: /Ads waiting for approval/ });
    expect(waiting.textContent).toContain('2');
    expect(waiting.textContent).toContain('3 reviews on your ads');
    expect(credits.textContent).not.toContain('Running low');
    expect(waiting.getAttribute('href')).toBe('/projects/proj_aaaaaaaaaaaaaaaa/marketing');
    expect(screen.getByRole('link', { name: /Instagram posts/ }).textContent).toContain('1 failed');

    const visits = screen.getByRole('link', { name: /Funnel visits/ });
    expect(visits.getAttribute('href')).toBe('/funnels');
    expect(visits.textContent).toContain('82');
    expect(within(visits).getByRole('img').getAttribute('aria-label')).toContain('50 visits, 5 leads');

    const earnings = screen.getByRole('link', { name: /Affiliate earnings/ });
    expect(earnings.textContent).toContain('21 €');
    expect(earnings.textContent).toContain('9 € available · 12 € pending');
    expect(earnings.getAttribute('href')).toBe('/account/affiliate');

    expect(screen.getByText('You own 1 of 3 active projects on the Free plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All projects' }).getAttribute('href')).toBe('/projects');
    expect(screen.getByRole('link', { name: /Bistro Verde/ }).getAttribute('href')).toBe('/projects/proj_bbbbbbbbbbbbbbbb/');
    expect(screen.getByRole('link', { name: 'Download Spring square' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Acme Surf 2 waiting · 1 scheduled · 1 failed · 3 reviews/ }).getAttribute('href')).toBe(
      '/projects/proj_aaaaaaaaaaaaaaaa/marketing',
    );
    expect(screen.getByRole('link', { name: /Spring offer/ }).getAttribute('href')).toBe('/funnels/fun1');
  });

  it('counts a post just published on the Instagram card, and words every count of one in the singular', async () => {
    const one = board({
      projects: { ownedActive: 1, more: false, recent: [projectDetail({ counts: { ...projectDetail().counts, media: 1 } })] },
      ads: {
        projects: [{ projectId: 'proj_aaaaaaaaaaaaaaaa', projectName: 'Acme Surf', inReview: 1, scheduled: 0, published: 1, failed: 0, reviews: 1 }],
        totals: { inReview: 1, scheduled: 0, published: 1, failed: 0, reviews: 1 },
      },
      funnels: {
        count: 1,
        views7d: 1,
        leads7d: 1,
        daily7d: week([0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 1]),
        top: [{ id: 'fun1', title: 'Spring offer', projectName: 'Acme Surf', views7d: 1, leads7d: 1, daily7d: week([0, 0, 0, 0, 0, 0, 1], []) }],
      },
    });
    mockApi({ 'GET /api/dashboard': { status: 200, body: one } });
    renderScreen(<Dashboard />, { signedIn: user({ plan: { id: 'free', name: 'Free' } }) });
    const posts = await screen.findByRole('link', { name: /Instagram posts/ });
    expect(within(posts).getByText('1')).toBeTruthy();
    expect(posts.textContent).toContain('0 scheduled · 1 published · none failed');
    const visits = screen.getByRole('link', { name: /Funnel visits/ });
    expect(visits.textContent).toContain('1 lead');
    expect(within(visits).getByRole('img').getAttribute('aria-label')).toContain('1 visit, 1 lead');
    expect(screen.getByRole('link', { name: /Ads waiting for approval/ }).textContent).toContain('1 review on your ads');
    expect(screen.getByText('1 funnel · the busiest ones')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b1 (leads|visits|reviews|files|funnels)\b/);
  });

  it('says when the credits run low', async () => {
    mockApi({ 'GET /api/dashboard': { status: 200, body: board({ credits: { ...creditSummary(), total: 2, monthly: 2, purchased: 0, low: true } }) } });
    renderScreen(<Dashboard />);
    expect((await screen.findByRole('link', { name: /^Credits/ })).textContent).toContain('Running low: buy a pack or upgrade');
  });

  it('has an empty state with the next step for each section of a new account, and no made-up numbers', async () => {
    mockApi({ 'GET /api/dashboard': { status: 200, body: board() } });
    renderScreen(<Dashboard />, { signedIn: user({ plan: { id: 'agency', name: 'Agency' } }) });
    expect(await screen.findByText('No projects yet')).toBeTruthy();
    expect(screen.getByText('Unlimited active projects on the Agency plan')).toBeTruthy();
    expect(screen.getByText('Nothing rendered yet')).toBeTruthy();
    expect(screen.getByText('No ads out for approval')).toBeTruthy();
    expect(screen.getByText('No funnels yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a project' }).getAttribute('href')).toBe('/projects');
    expect(screen.getByRole('link', { name: 'Create a funnel' }).getAttribute('href')).toBe('/funnels');
    // With nothing waiting, the ads figure leads to the projects.
    expect(screen.getByRole('link', { name: /Ads waiting for approval/ }).getAttribute('href')).toBe('/projects');
  });

  it('shows an error with a retry that works from the keyboard', async () => {
    let calls = 0;
    mockApi({
      'GET /api/dashboard': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: envelope('internal', 'Something went wrong on our side.') } : { status: 200, body: busy };
      },
    });
    renderScreen(<Dashboard />);
    expect(await screen.findByText('Your dashboard could not be loaded')).toBeTruthy();
    screen.getByRole('button', { name: 'Try again' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: /^Credits/ })).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('the dashboard’s best posts', () => {
  const post = (id: string, caption: string, reach: number, engagement: number) => ({
    postId: id,
    adId: `ad_${id}`,
    projectId: 'proj_aaaaaaaaaaaaaaaa',
    projectName: 'Acme Surf',
    kind: 'single',
    caption,
    permalink: null,
    publishedAt: '2026-11-20T10:00:00.000Z',
    fetchedAt: '2026-11-21T10:00:00.000Z',
    state: 'ok',
    reach,
    likes: engagement,
    comments: 0,
    saves: 0,
    shares: 0,
    views: reach * 2,
    engagement,
  });

  it('lists them in the server’s order, each opening its ad on the marketing page', async () => {
    mockApi({ 'GET /api/dashboard': { status: 200, body: board({ bestPosts: [post('p1', 'Summer waves', 4210, 380), post('p2', '', 1200, 95)] }) } });
    renderScreen(<Dashboard />);
    const card = (await screen.findByRole('heading', { name: 'Best posts of the last 30 days' })).closest('section')!;
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Summer wavesAcme Surf · 4,210 reached · 380 engagements',
      'No captionAcme Surf · 1,200 reached · 95 engagements',
    ]);
    expect(links[0]!.getAttribute('href')).toBe('/projects/proj_aaaaaaaaaaaaaaaa/marketing?ad=ad_p1');
  });

  it('says how figures come before there are any', async () => {
    mockApi({ 'GET /api/dashboard': { status: 200, body: board() } });
    renderScreen(<Dashboard />);
    const card = (await screen.findByRole('heading', { name: 'Best posts of the last 30 days' })).closest('section')!;
    expect(within(card).getByText('No figures yet')).toBeTruthy();
    expect(within(card).getByText(/Publish an ad to Instagram/)).toBeTruthy();
  });
});
