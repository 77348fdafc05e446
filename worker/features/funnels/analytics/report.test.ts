import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBlock } from '#common/schemas/blocks-defaults.ts';
import type { AnalyticsReport } from '#common/schemas/funnels.ts';
import { getDb } from '#worker/db/client.ts';
import { pageSources, pageStats } from '#worker/db/schema.ts';
import { lastDays } from '#worker/lib/days.ts';
import { createFunnel, createFunnelPage, createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
const json = async <T>(response: Response) => (await response.json()) as T;

let owner: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  [owner, viewer, outsider] = [await createUser(), await createUser(), await createUser()];
  projectId = (await createProject(owner, { viewer })).id;
});

async function funnelWithPage(slug = 'offer') {
  const funnel = await createFunnel(owner, projectId);
  const page = await createFunnelPage(owner, funnel.id, { slug });
  return { funnel, page };
}

describe('analytics', () => {
  it('reports per page and variant: daily series, totals, conversion, sources and the A/B test', async () => {
    const { funnel, page } = await funnelWithPage('offer');
    const story = await createFunnelPage(owner, funnel.id, { slug: 'story' });
    const base = await json<{ draft: unknown; revision: number }>(await send(`/api/pages/${page.id}`, { cookie: owner.cookie }));
    await send(`/api/pages/${page.id}`, {
      method: 'PATCH',
      json: { baseRevision: base.revision, documentB: { blocks: [newBlock('hero', 'h')], seo: { title: '', description: '', image: null } } },
      cookie: owner.cookie,
    });
    const days = lastDays(new Date(), 7);
    const [d0, d6] = [days[0]!, days[6]!];
    const old = lastDays(new Date(), 40)[0]!;
    await db()
      .insert(pageStats)
      .values([
        { pageId: page.id, variant: 'a', day: d0, views: 600, visitors: 500, leads: 50 },
        { pageId: page.id, variant: 'a', day: d6, views: 600, visitors: 500, leads: 50 },
        { pageId: page.id, variant: 'b', day: d6, views: 1100, visitors: 1000, leads: 150 },
        { pageId: page.id, variant: 'a', day: old, views: 9999, visitors: 9999, leads: 9999 },
        { pageId: story.id, variant: 'a', day: d6, views: 40, visitors: 30, leads: 0 },
      ]);
    await db()
      .insert(pageSources)
      .values([
        { pageId: page.id, variant: 'a', day: d0, kind: 'referrer', value: 'l.instagram.com', count: 30 },
        { pageId: page.id, variant: 'a', day: d6, kind: 'referrer', value: 'l.instagram.com', count: 20 },
        { pageId: page.id, variant: 'a', day: d6, kind: 'referrer', value: 'google.com', count: 60 },
        { pageId: page.id, variant: 'a', day: d6, kind: 'utm_source', value: 'instagram', count: 80 },
        ...['a1', 'a2', 'a3', 'a4', 'a5', 'a6'].map((value, i) => ({
          pageId: page.id,
          variant: 'b' as const,
          day: d6,
          kind: 'referrer' as const,
          value,
          count: i + 1,
        })),
      ]);
    const response = await send(`/api/funnels/${funnel.id}/analytics?days=7`, { cookie: viewer.cookie });
    expect(response.status).toBe(200);
    const report = await json<AnalyticsReport>(response);
    expect(report).toMatchObject({ days: 7, from: d0, to: d6 });
    expect(report.totals).toEqual({ views: 2340, visitors: 2030, leads: 250, conversion: 250 / 2030 });
    expect(report.series).toHaveLength(7);
    expect(report.series[0]).toEqual({ day: d0, views: 600, visitors: 500, leads: 50 });
    const offer = report.pages.find((p) => p.pageId === page.id)!;
    expect(offer.variants.map((v) => v.variant)).toEqual(['a', 'b']);
    const [a, b] = offer.variants;
    expect(a!.totals).toEqual({ views: 1200, visitors: 1000, leads: 100, conversion: 0.1 });
    expect(b!.totals.conversion).toBe(0.15);
    expect(a!.referrers).toEqual([
      { value: 'google.com', count: 60 },
      { value: 'l.instagram.com', count: 50 },
    ]);
    expect(a!.utmSources).toEqual([{ value: 'instagram', count: 80 }]);
    expect(b!.referrers.map((r) => r.value)).toEqual(['a6', 'a5', 'a4', 'a3', 'a2']);
    expect(offer.ab).toMatchObject({ rateA: 0.1, rateB: 0.15, significant: true, winner: 'b' });
    const storyReport = report.pages.find((p) => p.pageId === story.id)!;
    expect(storyReport.ab).toBeNull();
    expect(storyReport.variants.map((v) => v.variant)).toEqual(['a']);
    expect(storyReport.totals.conversion).toBe(0);

    const month = await json<AnalyticsReport>(await send(`/api/funnels/${funnel.id}/analytics?days=30`, { cookie: owner.cookie }));
    expect(month.series).toHaveLength(30);
    expect(month.totals.views).toBe(2340);
    for (const days of ['1', '365', 'x', '7.0'])
      expect((await send(`/api/funnels/${funnel.id}/analytics?days=${days}`, { cookie: owner.cookie })).status).toBe(422);
    expect((await send(`/api/funnels/${funnel.id}/analytics`, { cookie: outsider.cookie })).status).toBe(404);
  });
});
