import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdSummary } from '#common/schemas/ads.ts';
import type { CreationItem } from '#common/schemas/creatives.ts';
import type { FunnelSummary } from '#common/schemas/funnels.ts';
import type { ProjectSummary } from '#common/schemas/projects.ts';
import { getDb } from '#worker/db/client.ts';
import { adReviews, ads, commissions, creations, pageStats, payments, projects, referrals, users } from '#worker/db/schema.ts';
import { dashboard, dashboardRead, type Dashboard } from '#worker/features/dashboard/service.ts';
import { run } from '#worker/lib/reads.ts';
import { lastDays } from '#worker/lib/days.ts';
import { createFunnel, createFunnelPage, createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

const DAY = 86_400_000;
const db = () => getDb(env.DB);
const rid = (prefix: string) => `${prefix}-${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;

async function get<T>(path: string, user: TestUser): Promise<T> {
  const response = await send(path, { cookie: user.cookie });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

async function creative(user: TestUser, projectId: string) {
  const response = await send(`/api/projects/${projectId}/creatives`, { json: { template: 'bold-headline', format: 'square' }, cookie: user.cookie });
  return (await response.json()) as { id: string; name: string; revision: { id: string } };
}

/** A creation as a render leaves it (the row; the list does not read the file). */
async function creation(user: TestUser, projectId: string, createdAt: Date) {
  const made = await creative(user, projectId);
  const id = rid('creation');
  await db()
    .insert(creations)
    .values({
      id,
      projectId,
      creativeId: made.id,
      revisionId: made.revision.id,
      revisionNumber: 1,
      createdBy: user.id,
      name: made.name,
      format: 'square',
      width: 1080,
      height: 1080,
      size: 4,
      r2Key: `creations/${projectId}/${id}.png`,
      createdAt,
    });
  return id;
}

async function ad(user: TestUser, projectId: string, status: (typeof ads.$inferSelect)['status'], reviews = 0) {
  const id = rid('ad');
  await db()
    .insert(ads)
    .values({ id, projectId, createdBy: user.id, name: `Ad ${status}`, kind: 'single', placements: ['instagram_feed'], status });
  for (let i = 0; i < reviews; i += 1) {
    await db()
      .insert(adReviews)
      .values({ id: rid('review'), adId: id, reviewerName: 'Carla', decision: i === 0 ? 'request_changes' : 'comment', comment: 'Looks good', revision: 1 });
  }
  return id;
}

async function commission(affiliate: TestUser, status: (typeof commissions.$inferSelect)['status'], amountCents: number, availableAt: Date) {
  const referred = await createUser();
  const referralId = rid('referral');
  await db().insert(referrals).values({ id: referralId, affiliateUserId: affiliate.id, referredUserId: referred.id });
  const paymentId = rid('payment');
  await db()
    .insert(payments)
    .values({
      id: paymentId,
      userId: referred.id,
      kind: 'pack',
      item: 'pack-100',
      amountCents: amountCents * 3,
      provider: 'sandbox',
      status: 'paid',
      paidAt: new Date(),
    });
  await db()
    .insert(commissions)
    .values({ id: rid('commission'), affiliateUserId: affiliate.id, referralId, paymentId, amountCents, status, availableAt });
}

/**
 * Counts the round trips a D1 binding makes: every batch, and every statement run on its
 * own (first, all, run, raw). Statements are the binding's own (a batch accepts only those).
 */
function countingD1(real: D1Database) {
  const trips: string[] = [];
  const watch = (statement: D1PreparedStatement): D1PreparedStatement => {
    const bind = statement.bind.bind(statement);
    Object.assign(statement, { bind: (...values: unknown[]) => watch(bind(...values)) });
    for (const method of ['first', 'all', 'run', 'raw'] as const) {
      const original = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
      Object.assign(statement, {
        [method]: (...args: unknown[]) => {
          trips.push(method);
          return original(...args);
        },
      });
    }
    return statement;
  };
  const d1 = {
    prepare: (query: string) => watch(real.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => {
      trips.push(`batch(${statements.length})`);
      return real.batch(statements);
    },
    exec: (query: string) => {
      trips.push('exec');
      return real.exec(query);
    },
  } as unknown as D1Database;
  return { d1, trips };
}

describe('GET /api/dashboard', () => {
  let owner: TestUser;
  let outsider: TestUser;
  let projectIds: string[];

  beforeAll(async () => {
    owner = await createUser({ name: 'Dana Dashboard' });
    outsider = await createUser();
    await db().update(users).set({ plan: 'agency' }).where(eq(users.id, owner.id));
    const a = await createProject(owner, {}, 'Acme Surf');
    const b = await createProject(owner, {}, 'Bistro Verde');
    // A project of someone else where the owner is a viewer: its figures count too.
    const c = await createProject(outsider, { viewer: owner }, 'Clinic North');
    // Someone else's project the owner is not in: none of it counts.
    const hidden = await createProject(outsider, {}, 'Hidden Co');
    projectIds = [a.id, b.id, c.id];

    const now = Date.now();
    for (let i = 0; i < 6; i += 1) await creation(owner, i % 2 ? a.id : b.id, new Date(now - i * 60_000));
    await creation(outsider, hidden.id, new Date(now));

    await ad(owner, a.id, 'in_review', 2);
    await ad(owner, a.id, 'in_review');
    await ad(owner, a.id, 'scheduled');
    await ad(owner, b.id, 'failed', 1);
    await ad(owner, b.id, 'draft', 3);
    await ad(outsider, c.id, 'in_review', 1);
    await ad(outsider, hidden.id, 'in_review', 4);
    const deleted = await ad(owner, b.id, 'in_review', 1);
    await db().update(ads).set({ deletedAt: new Date() }).where(eq(ads.id, deleted));

    // Two funnels with a week of numbers (and older days that are not in it).
    const days = lastDays(new Date(), 7);
    const funnelA = await createFunnel(owner, a.id);
    const pageA = await createFunnelPage(owner, funnelA.id, { slug: 'offer' });
    const funnelC = await createFunnel(outsider, c.id);
    const pageC = await createFunnelPage(outsider, funnelC.id, { slug: 'start' });
    const hiddenFunnel = await createFunnel(outsider, hidden.id);
    const hiddenPage = await createFunnelPage(outsider, hiddenFunnel.id, { slug: 'secret' });
    const old = new Date(now - 10 * DAY).toISOString().slice(0, 10);
    await db()
      .insert(pageStats)
      .values([
        { pageId: pageA.id, variant: 'a', day: days[6]!, views: 40, visitors: 30, leads: 4 },
        { pageId: pageA.id, variant: 'b', day: days[6]!, views: 10, visitors: 9, leads: 1 },
        { pageId: pageA.id, variant: 'a', day: days[2]!, views: 25, visitors: 20, leads: 2 },
        { pageId: pageA.id, variant: 'a', day: old, views: 999, visitors: 999, leads: 99 },
        { pageId: pageC.id, variant: 'a', day: days[5]!, views: 7, visitors: 7, leads: 3 },
        { pageId: hiddenPage.id, variant: 'a', day: days[6]!, views: 500, visitors: 500, leads: 50 },
      ]);

    await commission(owner, 'pending', 900, new Date(now - DAY)); // hold over: released on read
    await commission(owner, 'pending', 1200, new Date(now + 20 * DAY));
    await commission(owner, 'paid_out', 3000, new Date(now - 40 * DAY));
    await commission(outsider, 'available', 7777, new Date(now - DAY));
  });

  it('shows the same figures as the detail screens, for the same data', async () => {
    const board = await get<Dashboard>('/api/dashboard', owner);

    // Credits: /account/credits.
    expect(board.credits).toEqual(await get('/api/credits', owner));

    // Projects: /projects' first page (the active ones), newest first; the plan counts the two the owner owns, not the one they are a viewer of.
    const projectList = await get<{ items: ProjectSummary[]; nextCursor: string | null }>('/api/projects?limit=5', owner);
    expect(board.projects.recent).toEqual(projectList.items);
    expect(board.projects.recent).toHaveLength(3);
    expect(board.projects.more).toBe(false);
    expect(board.projects.ownedActive).toBe(2);

    // Creations: /creations' first page.
    const creationList = await get<{ items: CreationItem[]; nextCursor: string | null }>('/api/creations?limit=4', owner);
    expect(board.creations.recent).toEqual(creationList.items);
    expect(board.creations.recent).toHaveLength(4);
    expect(board.creations.more).toBe(true);

    // Ads: each project's ads list (its marketing tab), by status, and the reviews it shows.
    const perProject = new Map<string, { inReview: number; scheduled: number; published: number; failed: number; reviews: number }>();
    for (const projectId of projectIds) {
      const list = await get<{ items: AdSummary[] }>(`/api/projects/${projectId}/ads?limit=100`, owner);
      const count = (status: string) => list.items.filter((item) => item.status === status).length;
      const figures = {
        inReview: count('in_review'),
        scheduled: count('scheduled'),
        published: count('published'),
        failed: count('failed'),
        reviews: list.items.reduce((sum, item) => sum + item.reviewCount, 0),
      };
      // The filtered list the screen asks for gives the same count.
      expect((await get<{ items: AdSummary[] }>(`/api/projects/${projectId}/ads?status=in_review&limit=100`, owner)).items).toHaveLength(figures.inReview);
      if (figures.inReview + figures.scheduled + figures.failed + figures.reviews > 0) perProject.set(projectId, figures);
    }
    expect(Object.fromEntries(board.ads.projects.map(({ projectId, projectName: _, ...figures }) => [projectId, figures]))).toEqual(
      Object.fromEntries(perProject),
    );
    expect(board.ads.totals).toEqual({ inReview: 3, scheduled: 1, published: 0, failed: 1, reviews: 7 });

    // Funnels: /funnels' cards, summed.
    const funnelList = await get<{ items: FunnelSummary[] }>('/api/funnels', owner);
    expect(board.funnels.count).toBe(funnelList.items.length);
    expect(board.funnels.views7d).toBe(funnelList.items.reduce((sum, f) => sum + f.views7d, 0));
    expect(board.funnels.leads7d).toBe(funnelList.items.reduce((sum, f) => sum + f.leads7d, 0));
    expect(board.funnels.daily7d.map((d) => d.views)).toEqual(
      funnelList.items[0]!.daily7d.map((_, i) => funnelList.items.reduce((sum, f) => sum + f.daily7d[i]!.views, 0)),
    );
    expect([board.funnels.views7d, board.funnels.leads7d]).toEqual([82, 10]);
    expect(board.funnels.top[0]).toMatchObject({ views7d: 75, leads7d: 7 });

    // Affiliate earnings: /account/affiliate.
    const affiliate = await get<{ cents: Dashboard['affiliate'] }>('/api/affiliate', owner);
    expect(board.affiliate).toEqual(affiliate.cents);
    expect(board.affiliate).toEqual({ pending: 1200, available: 900, paidOut: 3000, reversed: 0 });
  });

  it('reads everything in one round trip to D1', async () => {
    const { d1, trips } = countingD1(env.DB);
    const board = await dashboard(getDb(d1), { id: owner.id, plan: 'agency', role: 'user' }, ORIGIN);
    expect(trips).toEqual([`batch(${trips[0]?.slice(6, -1)})`]);
    expect(trips).toHaveLength(1);
    expect(board.projects.recent).toHaveLength(3);
  });

  it('answers what its read built on each request answers: for each user, plan and instant, with the SQL built once', async () => {
    const accounts = [
      { id: owner.id, plan: 'agency', role: 'user' },
      { id: outsider.id, plan: 'agency', role: 'user' },
      { id: owner.id, plan: 'free', role: 'user' },
      { id: outsider.id, plan: 'free', role: 'admin' },
    ] as const;
    for (const account of accounts) {
      for (const now of [new Date(), new Date(Date.now() - 3 * DAY), new Date(Date.now() - 40 * DAY)]) {
        const expected = await run(db(), dashboardRead(db(), account, ORIGIN, now));
        const answer = await dashboard(db(), account, ORIGIN, now);
        // Byte for byte what the client reads (its rows read as JSON values by readOnce, by drizzle's own batch here).
        expect(JSON.stringify(answer), `${account.plan} ${account.role} ${now.toISOString()}`).toBe(JSON.stringify(expected));
        expect(answer).toStrictEqual(expected);
      }
    }
    const later = await dashboard(db(), accounts[0], ORIGIN);
    expect([later.funnels.views7d, later.affiliate.available, later.projects.recent.length]).toEqual([82, 900, 3]);
  });

  it('counts a commission whose hold ended as available without writing: the release stays with the affiliate screen and the job', async () => {
    const affiliate = await createUser();
    await commission(affiliate, 'pending', 500, new Date(Date.now() - DAY));
    await commission(affiliate, 'pending', 700, new Date(Date.now() + DAY));
    const board = await get<Dashboard>('/api/dashboard', affiliate);
    expect(board.affiliate).toEqual({ pending: 700, available: 500, paidOut: 0, reversed: 0 });
    const stored = await db().select({ status: commissions.status }).from(commissions).where(eq(commissions.affiliateUserId, affiliate.id));
    expect(stored.map((row) => row.status)).toEqual(['pending', 'pending']);
    // The affiliate screen releases it, and then both agree.
    const screen = await get<{ cents: Dashboard['affiliate'] }>('/api/affiliate', affiliate);
    expect(screen.cents).toEqual(board.affiliate);
    expect((await get<Dashboard>('/api/dashboard', affiliate)).affiliate).toEqual(board.affiliate);
  });

  it('is empty, not broken, for a new account', async () => {
    const fresh = await createUser();
    const board = await get<Dashboard>('/api/dashboard', fresh);
    expect(board.projects).toEqual({ ownedActive: 0, more: false, recent: [] });
    expect(board.creations).toEqual({ recent: [], more: false });
    expect(board.ads).toEqual({ projects: [], totals: { inReview: 0, scheduled: 0, published: 0, failed: 0, reviews: 0 } });
    expect(board.funnels).toMatchObject({ count: 0, views7d: 0, leads7d: 0, top: [] });
    expect(board.funnels.daily7d.map((d) => [d.views, d.leads])).toEqual(Array.from({ length: 7 }, () => [0, 0]));
    expect(board.affiliate).toEqual({ pending: 0, available: 0, paidOut: 0, reversed: 0 });
    expect(board.credits.total).toBe(25);
  });

  it('counts a post that was just published on the Instagram card, not only the scheduled ones', async () => {
    const user = await createUser();
    const project = await createProject(user, {}, 'Fresh Post');
    const posted = await ad(user, project.id, 'scheduled');
    expect((await get<Dashboard>('/api/dashboard', user)).ads.totals).toMatchObject({ scheduled: 1, published: 0 });
    // The publish job moves the ad on: the card must not fall back to 0 (issue 27).
    await db().update(ads).set({ status: 'published' }).where(eq(ads.id, posted));
    const board = await get<Dashboard>('/api/dashboard', user);
    expect(board.ads.totals).toMatchObject({ scheduled: 0, published: 1 });
    // Nothing waits for anyone there, so the project stays off the "Ads and posts" list.
    expect(board.ads.projects).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await send('/api/dashboard')).status).toBe(401);
  });

  it('counts owned active projects for the plan, as creating one checks them: a member of others’ projects owns none', async () => {
    const member = await createUser();
    const others = await createUser();
    await db().update(users).set({ plan: 'agency' }).where(eq(users.id, others.id));
    for (const name of ['One', 'Two', 'Three', 'Four']) await createProject(others, { editor: member }, name);
    const board = await get<Dashboard>('/api/dashboard', member);
    expect(board.projects.ownedActive).toBe(0);
    expect(board.projects.recent).toHaveLength(4);
    // The Free plan's three are all still free: three creations succeed, the fourth is refused.
    for (const name of ['A', 'B', 'C']) expect((await send('/api/projects', { json: { name }, cookie: member.cookie })).status).toBe(201);
    expect((await get<Dashboard>('/api/dashboard', member)).projects.ownedActive).toBe(3);
    expect((await send('/api/projects', { json: { name: 'D' }, cookie: member.cookie })).status).toBe(402);
  });

  it('leaves archived projects out of the projects count, as the projects screen does', async () => {
    const user = await createUser();
    const kept = await createProject(user, {}, 'Kept');
    const archived = await createProject(user, {}, 'Archived');
    await db().update(projects).set({ archivedAt: new Date() }).where(eq(projects.id, archived.id));
    const board = await get<Dashboard>('/api/dashboard', user);
    expect(board.projects.recent.map((p) => p.id)).toEqual([kept.id]);
    expect(board.projects.ownedActive).toBe(1);
  });
});
