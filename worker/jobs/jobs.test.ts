import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import {
  creations,
  creativeRevisions,
  creatives,
  funnelPages,
  funnelPageVersions,
  funnels,
  leads,
  pageStats,
  playgroundDownloads,
  projects,
  rateLimits,
  sessions,
} from '#worker/db/schema.ts';
import worker from '#worker/index.ts';
import { purgeDeletedContent, purgeExpiredRecords } from '#worker/jobs/index.ts';
import { createFunnel, createFunnelPage, createProject, createUser, publishFunnelPage } from '#worker/test/factories.ts';
import { realFont } from '#worker/test/fonts.ts';
import { send } from '#worker/test/http.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('scheduled housekeeping', () => {
  it('purges expired sessions and finished rate-limit windows, keeping live ones', async () => {
    const db = getDb(env.DB);
    const expired = await createUser();
    const live = await createUser();
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.id));
    await db.insert(rateLimits).values({ key: 'test:old', count: 3, resetAt: new Date(Date.now() - 1000) });
    await db.insert(rateLimits).values({ key: 'test:new', count: 3, resetAt: new Date(Date.now() + 60_000) });

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: '* * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await db.select().from(sessions).where(eq(sessions.userId, expired.id)).all()).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, live.id)).all()).toHaveLength(1);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'test:old')).all()).toEqual([]);
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, 'test:new')).all()).toHaveLength(1);
  });

  it('forgets the playground downloads of past days, keeping today’s', async () => {
    const db = getDb(env.DB);
    const now = new Date('2026-03-10T12:00:00Z');
    await db.insert(playgroundDownloads).values([
      { visitorHash: 'jobs-test-yesterday', day: '2026-03-09', count: 3 },
      { visitorHash: 'jobs-test-today', day: '2026-03-10', count: 1 },
    ]);
    await purgeExpiredRecords(env, now);
    const left = await db.select({ visitor: playgroundDownloads.visitorHash }).from(playgroundDownloads).all();
    expect(left.map((r) => r.visitor)).toContain('jobs-test-today');
    expect(left.map((r) => r.visitor)).not.toContain('jobs-test-yesterday');
  });

  it('purges creatives (with their revisions) and renders (with their PNG in R2) deleted more than 30 days ago, and keeps newer ones', async () => {
    const db = getDb(env.DB);
    const owner = await createUser();
    const project = await createProject(owner);
    const create = async () =>
      (await (await send(`/api/projects/${project.id}/creatives`, { json: { template: 'bold-headline', format: 'square' }, cookie: owner.cookie })).json()) as {
        id: string;
        revision: { id: string; number: number };
      };
    const old = await create();
    const recent = await create();
    // A render's row and object, without drawing (the purge does not care how the PNG was made).
    const creation = { id: 'jobs-test-creation-old', key: `creations/${project.id}/jobs-test-creation-old.png` };
    await env.MEDIA.put(creation.key, new Uint8Array([1, 2, 3]));
    await db.insert(creations).values({
      id: creation.id,
      projectId: project.id,
      creativeId: old.id,
      revisionId: old.revision.id,
      revisionNumber: 1,
      createdBy: owner.id,
      name: 'old',
      format: 'square',
      width: 1080,
      height: 1080,
      size: 3,
      r2Key: creation.key,
    });
    expect((await send(`/api/creations/${creation.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    for (const id of [old.id, recent.id]) expect((await send(`/api/creatives/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    // The recent one was deleted "today"; the old one 31 days before the purge runs.
    const purgeAt = new Date(Date.now() + 31 * DAY);
    await db
      .update(creatives)
      .set({ deletedAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(creatives.id, recent.id));

    expect(await purgeDeletedContent(env, purgeAt)).toBe(1);
    expect(await db.select().from(creations).where(eq(creations.id, creation.id)).all()).toEqual([]);
    expect(await env.MEDIA.head(creation.key)).toBeNull();
    expect(await db.select().from(creatives).where(eq(creatives.id, old.id)).all()).toEqual([]);
    expect(await db.select().from(creativeRevisions).where(eq(creativeRevisions.creativeId, old.id)).all()).toEqual([]);
    expect(await db.select({ id: creatives.id }).from(creatives).where(eq(creatives.id, recent.id)).all()).toEqual([{ id: recent.id }]);
  });

  it('purges funnels and pages deleted 30 days ago with their versions, leads and statistics, keeping recent ones', async () => {
    const db = getDb(env.DB);
    const owner = await createUser();
    const project = await createProject(owner);
    const old = await createFunnel(owner, project.id);
    const oldPage = await createFunnelPage(owner, old.id, { slug: 'offer' });
    await publishFunnelPage(owner, oldPage.id);
    await db.insert(leads).values({
      id: `lead-${old.id}`,
      funnelId: old.id,
      pageId: oldPage.id,
      projectId: project.id,
      variant: 'a',
      data: { name: 'Ada' },
      email: 'ada@example.com',
      utm: { source: '', medium: '', campaign: '', term: '', content: '' },
    });
    await db.insert(pageStats).values({ pageId: oldPage.id, variant: 'a', day: '2026-01-01', views: 3, visitors: 2, leads: 1 });
    const kept = await createFunnel(owner, project.id);
    const recentPage = await createFunnelPage(owner, kept.id, { slug: 'recent' });
    const livePage = await createFunnelPage(owner, kept.id, { slug: 'live' });
    expect((await send(`/api/funnels/${old.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await send(`/api/pages/${recentPage.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const purgeAt = new Date(Date.now() + 31 * DAY);
    await db
      .update(funnelPages)
      .set({ deletedAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(funnelPages.id, recentPage.id));

    await purgeDeletedContent(env, purgeAt);
    expect(await db.select().from(funnels).where(eq(funnels.id, old.id)).all()).toEqual([]);
    expect(await db.select().from(funnelPages).where(eq(funnelPages.id, oldPage.id)).all()).toEqual([]);
    expect(await db.select().from(funnelPageVersions).where(eq(funnelPageVersions.pageId, oldPage.id)).all()).toEqual([]);
    expect(await db.select().from(leads).where(eq(leads.funnelId, old.id)).all()).toEqual([]);
    expect(await db.select().from(pageStats).where(eq(pageStats.pageId, oldPage.id)).all()).toEqual([]);
    const left = await db.select({ id: funnelPages.id }).from(funnelPages).where(eq(funnelPages.funnelId, kept.id)).all();
    expect(left.map((p) => p.id).sort()).toEqual([recentPage.id, livePage.id].sort());
  });
  it("removes the uploaded fonts of a deleted project (R2 files, then rows) before the project, and no other project's", async () => {
    const db = getDb(env.DB);
    const owner = await createUser();
    const gone = await createProject(owner, {}, 'Gone');
    const kept = await createProject(owner, {}, 'Kept');
    const uploadFont = async (projectId: string, variant: number) => {
      const response = await send(`/api/projects/${projectId}/fonts?filename=brand.ttf`, {
        method: 'POST',
        body: await realFont(variant),
        cookie: owner.cookie,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    await uploadFont(gone.id, 1);
    const deletedFont = await uploadFont(gone.id, 2);
    expect((await send(`/api/projects/${gone.id}/fonts/${deletedFont}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    await uploadFont(gone.id, 3);
    await uploadFont(kept.id, 1);
    await db.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, gone.id));
    expect((await env.MEDIA.list({ prefix: `brand-fonts/${gone.id}/` })).objects).toHaveLength(2);

    // Within the 30 days nothing goes; after them, a batch of 1 takes one font a run and the project only once none is left.
    await purgeDeletedContent(env, new Date(Date.now() + DAY));
    expect((await env.MEDIA.list({ prefix: `brand-fonts/${gone.id}/` })).objects).toHaveLength(2);
    const purgeAt = new Date(Date.now() + 31 * DAY);
    await purgeDeletedContent(env, purgeAt, 1);
    expect(await db.select().from(projects).where(eq(projects.id, gone.id)).all()).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) await purgeDeletedContent(env, purgeAt, 1);
    expect(await db.select().from(projects).where(eq(projects.id, gone.id)).all()).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `brand-fonts/${gone.id}/` })).objects).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `brand-fonts/${kept.id}/` })).objects).toHaveLength(1);
    expect(await db.select().from(projects).where(eq(projects.id, kept.id)).all()).toHaveLength(1);
  });
});
