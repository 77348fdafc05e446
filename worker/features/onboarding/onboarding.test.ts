import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreativeSummary } from '#common/schemas/creatives.ts';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { getDb } from '#worker/db/client.ts';
import { ads } from '#worker/db/schema.ts';
import type { Dashboard } from '#worker/features/dashboard/service.ts';
import { SAMPLE_PROJECT } from '#worker/features/onboarding/service.ts';
import { createFunnel, createFunnelPage, createProject, createUser, publishFunnelPage, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';

const db = () => getDb(env.DB);

async function firstSteps(user: TestUser): Promise<Dashboard['firstSteps']> {
  const response = await send('/api/dashboard', { cookie: user.cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as Dashboard).firstSteps;
}

async function newCreative(user: TestUser, projectId: string) {
  const response = await send(`/api/projects/${projectId}/creatives`, { json: { template: 'bold-headline', format: 'square' }, cookie: user.cookie });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

async function newAd(user: TestUser, projectId: string, status: (typeof ads.$inferSelect)['status']) {
  const id = `ad-${crypto.randomUUID()}`;
  await db()
    .insert(ads)
    .values({ id, projectId, createdBy: user.id, name: `Ad ${status}`, kind: 'single', placements: ['instagram_feed'], status });
  return id;
}

describe('the dashboard’s first steps', () => {
  it('are all to do for a new account; the presentation step only for plans with presentations', async () => {
    const fresh = await createUser();
    expect(await firstSteps(fresh)).toEqual({ brandKit: false, creative: false, approvedAd: false, livePage: false, presentation: null });
    const agency = await createAgencyUser();
    expect(await firstSteps(agency)).toEqual({ brandKit: false, creative: false, approvedAd: false, livePage: false, presentation: false });
  });

  it('each turns done when its thing exists, and not before', async () => {
    const user = await createAgencyUser();
    const project = await createProject(user);

    // A project alone, its default brand kit (no logo, no colours), is not a brand kit yet.
    expect((await firstSteps(user)).brandKit).toBe(false);
    const kit = { logoMediaId: null, colors: ['#112233'], headingFont: 'inter', bodyFont: 'inter', tone: '' };
    expect((await send(`/api/projects/${project.id}`, { method: 'PATCH', json: { brandKit: kit }, cookie: user.cookie })).status).toBe(200);
    expect((await firstSteps(user)).brandKit).toBe(true);

    await newCreative(user, project.id);
    expect((await firstSteps(user)).creative).toBe(true);

    // Out for review, or sent back, is not approved; approved, scheduled or published is.
    await newAd(user, project.id, 'in_review');
    await newAd(user, project.id, 'changes_requested');
    expect((await firstSteps(user)).approvedAd).toBe(false);
    const approved = await newAd(user, project.id, 'published');
    expect((await firstSteps(user)).approvedAd).toBe(true);
    await db().update(ads).set({ deletedAt: new Date() }).where(eq(ads.id, approved));
    expect((await firstSteps(user)).approvedAd).toBe(false);

    // A draft page is not live; a published one is.
    const funnel = await createFunnel(user, project.id);
    const page = await createFunnelPage(user, funnel.id);
    expect((await firstSteps(user)).livePage).toBe(false);
    await publishFunnelPage(user, page.id);
    expect((await firstSteps(user)).livePage).toBe(true);

    expect((await firstSteps(user)).presentation).toBe(false);
    await createPresentation(user, { publish: false });
    expect((await firstSteps(user)).presentation).toBe(true);
  });

  it('count only the user’s own projects: another account’s work does not tick them', async () => {
    const busy = await createAgencyUser();
    const project = await createProject(busy);
    await send(`/api/projects/${project.id}`, {
      method: 'PATCH',
      json: { brandKit: { logoMediaId: null, colors: ['#112233'], headingFont: 'inter', bodyFont: 'inter', tone: '' } },
      cookie: busy.cookie,
    });
    await newCreative(busy, project.id);
    await newAd(busy, project.id, 'approved');
    await createPresentation(busy, { publish: true });
    const stranger = await createAgencyUser();
    expect(await firstSteps(stranger)).toEqual({ brandKit: false, creative: false, approvedAd: false, livePage: false, presentation: false });

    // A member of the project sees its steps done (the project is theirs too), not its author's presentations.
    const member = await createUser();
    const shared = await createProject(busy, { viewer: member }, 'Shared');
    await newCreative(busy, shared.id);
    expect(await firstSteps(member)).toMatchObject({ creative: true, brandKit: false });
  });
});

describe('POST /api/onboarding/sample-project', () => {
  it('makes a project with a brand kit, two creatives in it and a funnel with a draft page', async () => {
    const user = await createUser();
    const response = await send('/api/onboarding/sample-project', { method: 'POST', cookie: user.cookie });
    expect(response.status).toBe(201);
    const project = (await response.json()) as ProjectDetail;
    expect(project).toMatchObject({ name: SAMPLE_PROJECT.name, role: 'owner', brandKit: SAMPLE_PROJECT.brandKit });

    const creatives = (await (await send(`/api/creatives?projectId=${project.id}`, { cookie: user.cookie })).json()) as { items: CreativeSummary[] };
    // In the customer's words (named from their headlines), not the templates' placeholders.
    expect(creatives.items.map((c) => [c.format, c.name]).sort()).toEqual([
      ['square', 'Spring blend, roasted this week'],
      ['story', 'Slow mornings, good coffee'],
    ]);
    const funnels = (await (await send(`/api/funnels?projectId=${project.id}`, { cookie: user.cookie })).json()) as { items: { id: string; title: string }[] };
    expect(funnels.items.map((f) => f.title)).toEqual([SAMPLE_PROJECT.funnel.title]);
    const pages = (await (await send(`/api/pages?funnelId=${funnels.items[0]!.id}`, { cookie: user.cookie })).json()) as {
      items: { slug: string; status: string }[];
    };
    expect(pages.items).toMatchObject([{ slug: 'offer', status: 'draft' }]);

    expect(await firstSteps(user)).toMatchObject({ brandKit: true, creative: true, approvedAd: false, livePage: false });
  });

  it('obeys the plan’s project limit, also under 20 concurrent requests', async () => {
    const user = await createUser();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, async () => (await send('/api/onboarding/sample-project', { method: 'POST', cookie: user.cookie })).status),
    );
    // The Free plan holds 3 active projects: three samples, then 402 with the plan's message.
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    const list = (await (await send('/api/projects', { cookie: user.cookie })).json()) as { items: unknown[] };
    expect(list.items).toHaveLength(3);
  });

  it('answers 401 signed out', async () => {
    expect((await send('/api/onboarding/sample-project', { method: 'POST' })).status).toBe(401);
  });
});
