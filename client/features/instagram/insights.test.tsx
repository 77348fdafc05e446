import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PostInsight } from '#common/schemas/insights.ts';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, renderScreen } from '#client/test/fixtures.tsx';
import { AD_ID, BASE, tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { PostFigures } from '#client/features/instagram/post-figures.tsx';
import { InsightsTable } from '#client/features/instagram/insights-table.tsx';

const MINUTE = 60_000;

function insight(overrides: Partial<PostInsight> = {}): PostInsight {
  return {
    postId: 'post_aaaaaaaaaaaaaaaa',
    adId: AD_ID,
    projectId: PROJECT_ID,
    kind: 'single',
    caption: 'Summer waves 🌊',
    permalink: 'https://www.instagram.com/p/abc/',
    publishedAt: new Date(Date.now() - 5 * 60 * MINUTE).toISOString(),
    fetchedAt: new Date(Date.now() - 12 * MINUTE).toISOString(),
    state: 'ok',
    reach: 12840,
    likes: 931,
    comments: 57,
    saves: 120,
    shares: 33,
    views: 20411,
    engagement: 1141,
    ...overrides,
  };
}

const figures = () => screen.findByRole('region', { name: 'Post insights' });

describe('the figures beside a published ad', () => {
  it('shows each figure the post has, in the reader’s number format, with when they were read', async () => {
    mockApi({ [`GET /api/ads/${AD_ID}/insights`]: { status: 200, body: { insight: insight(), reconnect: false } } });
    renderScreen(<PostFigures adId={AD_ID} />);
    const region = await figures();
    await within(region).findByText('12,840');
    const terms = within(region)
      .getAllByRole('term')
      .map((el) => el.textContent);
    expect(terms).toEqual(['Reach', 'Views', 'Likes', 'Comments', 'Saves', 'Shares']);
    expect(
      within(region)
        .getAllByRole('definition')
        .map((el) => el.textContent),
    ).toEqual(['12,840', '20,411', '931', '57', '120', '33']);
    expect(within(region).getByText('Updated 12 minutes ago')).toBeTruthy();
    expect(tooWideForPhone(region)).toEqual([]);
  });

  it('says a reading stamped ahead of the browser’s clock was read now', async () => {
    mockApi({
      [`GET /api/ads/${AD_ID}/insights`]: {
        status: 200,
        body: { insight: insight({ fetchedAt: new Date(Date.now() + 6 * MINUTE).toISOString() }), reconnect: false },
      },
    });
    renderScreen(<PostFigures adId={AD_ID} />);
    const region = await figures();
    await within(region).findByText('Updated now');
  });

  it('leaves out what a story does not have', async () => {
    mockApi({
      [`GET /api/ads/${AD_ID}/insights`]: {
        status: 200,
        body: { insight: insight({ kind: 'story', likes: null, comments: null, saves: null }), reconnect: false },
      },
    });
    renderScreen(<PostFigures adId={AD_ID} />);
    const region = await figures();
    await within(region).findByText('12,840');
    expect(
      within(region)
        .getAllByRole('term')
        .map((el) => el.textContent),
    ).toEqual(['Reach', 'Views', 'Shares']);
  });

  it('says when the first figures come, before the first reading', async () => {
    mockApi({ [`GET /api/ads/${AD_ID}/insights`]: { status: 200, body: { insight: null, reconnect: false } } });
    renderScreen(<PostFigures adId={AD_ID} />);
    expect(await within(await figures()).findByText(/No figures yet/)).toBeTruthy();
  });

  it('asks for a reconnect when the account no longer lets us read, keeping the last figures', async () => {
    mockApi({ [`GET /api/ads/${AD_ID}/insights`]: { status: 200, body: { insight: insight({ state: 'reconnect' }), reconnect: true } } });
    renderScreen(<PostFigures adId={AD_ID} />);
    const region = await figures();
    expect(await within(region).findByText('Reconnect Instagram to see the figures')).toBeTruthy();
    expect(within(region).getByText('12,840')).toBeTruthy();
  });

  it('says a post deleted on Instagram is not read any more', async () => {
    mockApi({ [`GET /api/ads/${AD_ID}/insights`]: { status: 200, body: { insight: insight({ state: 'gone' }), reconnect: false } } });
    renderScreen(<PostFigures adId={AD_ID} />);
    expect(await within(await figures()).findByText(/deleted on Instagram/)).toBeTruthy();
  });

  it('offers to try again when the figures could not be loaded', async () => {
    let fail = true;
    mockApi({
      [`GET /api/ads/${AD_ID}/insights`]: () =>
        fail ? { status: 500, body: envelope('internal', 'Something went wrong.') } : { status: 200, body: { insight: insight(), reconnect: false } },
    });
    renderScreen(<PostFigures adId={AD_ID} />);
    const region = await figures();
    await within(region).findByText('The figures could not be loaded');
    fail = false;
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('12,840')).toBeTruthy();
  });
});

describe('the project’s insights table', () => {
  it('lists the posts, changes the order on the server and the CSV with it, and opens a post’s ad', async () => {
    const calls = mockApi({
      [`GET ${BASE}/insights`]: {
        status: 200,
        body: {
          items: [
            insight(),
            insight({ postId: 'post_b', adId: 'ad_bbbbbbbbbbbbbbbb', caption: '', reach: null, engagement: null, state: 'pending', fetchedAt: null }),
          ],
        },
      },
    });
    renderScreen(<InsightsTable projectId={PROJECT_ID} />);
    const region = await screen.findByRole('region', { name: 'Post insights' });
    const rows = await within(region).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain('Summer waves 🌊');
    expect(rows[1]!.textContent).toContain('12,840');
    expect(rows[2]!.textContent).toContain('No caption');
    expect(rows[2]!.textContent).toContain('figures coming');
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe(`/projects/${PROJECT_ID}/marketing?ad=${AD_ID}`);
    const csv = within(region).getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe(`${BASE}/insights.csv?sort=published`);
    expect(csv.hasAttribute('download')).toBe(true);

    await userEvent.setup().selectOptions(within(region).getByRole('combobox', { name: 'Order' }), 'engagement');
    await waitFor(() => expect(calls.filter((c) => c.path === `${BASE}/insights`)).toHaveLength(2));
    expect(csv.getAttribute('href')).toBe(`${BASE}/insights.csv?sort=engagement`);
    expect(tooWideForPhone(region)).toEqual([]);
  });

  it('says what will appear before anything is published', async () => {
    mockApi({ [`GET ${BASE}/insights`]: { status: 200, body: { items: [] } } });
    renderScreen(<InsightsTable projectId={PROJECT_ID} />);
    expect(await screen.findByText('No published posts yet')).toBeTruthy();
    // Nothing to order or download yet.
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByLabelText('Order')).toBeNull();
  });
});
