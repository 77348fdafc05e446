import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '#common/schemas/api-keys.ts';
import { v1Ad, v1FunnelList, v1LeadPage } from '#common/schemas/api-v1-ads.ts';
import { getDb } from '#worker/db/client.ts';
import { ads, auditLog, leads } from '#worker/db/schema.ts';
import { apiCaller, apiGet, createKey } from '#worker/test/api-keys.ts';
import { creation, errorOf, newAd, review, rowOf, submit } from '#worker/test/ads.ts';
import { createFunnel, createFunnelPage, createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { insertLead } from '#worker/test/leads.ts';

/** Ads and leads through /api/v1 (issue 31 point 2, decision 0045): the workspace's rules, through its services. */

const db = () => getDb(env.DB);

let owner: TestUser;
let editor: TestUser;
let projectId: string;
let key: ApiKeyCreated;
let pictures: string[];

beforeEach(async () => {
  let member: TestUser | undefined;
  ({ owner, editor: member, projectId, key } = await apiCaller(['ads', 'leads'], { editor: true }));
  editor = member!;
  pictures = [await creation(projectId, owner), await creation(projectId, owner)];
});

const post = (path: string, secret: string, json: unknown = {}) => apiGet(path, secret, { json });
const parseAd = async (response: Response) => v1Ad.parse(await response.json());

describe('POST /api/v1/ads', () => {
  it('creates a draft as the workspace’s form does, and reads it back', async () => {
    const response = await post('/ads', key.secret, {
      creationIds: pictures,
      primaryText: 'Spring is here #coffee',
      headline: 'Spring blend',
      placements: ['instagram_feed', 'facebook_feed'],
    });
    expect(response.status).toBe(201);
    const ad = await parseAd(response);
    expect(ad).toMatchObject({ status: 'draft', kind: 'carousel', creationIds: pictures, primaryText: 'Spring is here #coffee', revision: 1, reviews: [] });
    expect(ad.placements).toEqual(['instagram_feed', 'facebook_feed']);
    // The same row as the workspace's: created as the owner, audited as ad.create.
    expect(await rowOf(ad.id)).toMatchObject({ projectId, createdBy: owner.id, status: 'draft' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ad.create'), eq(auditLog.targetId, ad.id)))
      .get();
    expect(audit).toMatchObject({ actorUserId: owner.id, projectId, details: { kind: 'carousel', items: 2 } });
    const read = await apiGet(`/ads/${ad.id}`, key.secret);
    expect(read.status).toBe(200);
    expect(await parseAd(read)).toEqual(ad);
  });

  it('with submit: true sends it for review, with the workspace’s history entry', async () => {
    const ad = await parseAd(await post('/ads', key.secret, { creationIds: [pictures[0]], submit: true }));
    expect(ad.status).toBe('in_review');
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ad.submit'), eq(auditLog.targetId, ad.id)))
      .get();
    expect(audit).toMatchObject({ actorUserId: owner.id, details: { from: 'draft' } });
  });

  it('with submit: true in a project that publishes without approval: 409 and no ad stored', async () => {
    const chain = await send(`/api/projects/${projectId}/approval-chain`, { method: 'PUT', json: { mode: 'none', levels: [] }, cookie: owner.cookie });
    expect(chain.status).toBe(200);
    const before = await db().select().from(ads).where(eq(ads.projectId, projectId)).all();
    const refused = await post('/ads', key.secret, { creationIds: [pictures[0]], submit: true });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toContain('without approval');
    expect(await db().select().from(ads).where(eq(ads.projectId, projectId)).all()).toEqual(before);
    // Without submit it is created, a draft to publish directly.
    const created = await post('/ads', key.secret, { creationIds: [pictures[0]] });
    expect(created.status).toBe(201);
    expect((await parseAd(created)).status).toBe('draft');
  });

  it('follows the workspace’s state machine: the same answers, the same refusal', async () => {
    const viaApi = await parseAd(await post('/ads', key.secret, { creationIds: [pictures[0]], submit: true }));
    const viaWorkspace = await newAd(editor, projectId, { creationIds: [pictures[0]] });
    expect((await submit(editor, viaWorkspace.id)).status).toBe(200);
    // Submitting again leaves an ad in review as it is, in both.
    const again = await post(`/ads/${viaApi.id}/submit`, key.secret);
    expect(again.status).toBe(200);
    expect((await parseAd(again)).status).toBe('in_review');
    expect((await submit(editor, viaWorkspace.id)).status).toBe(200);
    // Approved by a member: another submit is refused alike.
    for (const id of [viaApi.id, viaWorkspace.id]) expect((await review(editor, id, { decision: 'approve' })).status).toBe(201);
    const refusedApi = await post(`/ads/${viaApi.id}/submit`, key.secret);
    const refusedWorkspace = await submit(editor, viaWorkspace.id);
    expect(refusedApi.status).toBe(409);
    expect(refusedWorkspace.status).toBe(409);
    const [a, b] = [await errorOf(refusedApi), await errorOf(refusedWorkspace)];
    expect({ code: a.code, message: a.message }).toEqual({ code: b.code, message: b.message });
    // The review outcome is in the ad's state.
    const approved = await parseAd(await apiGet(`/ads/${viaApi.id}`, key.secret));
    expect(approved.status).toBe('approved');
    expect(approved.reviews).toEqual([expect.objectContaining({ decision: 'approve', reviewerName: 'Eddie Editor', member: true })]);
    expect(JSON.stringify(approved)).not.toContain('@');
  });

  it('refuses what the workspace refuses, with 422 naming the field', async () => {
    const noPictures = await post('/ads', key.secret, { primaryText: 'x' });
    expect(noPictures.status).toBe(422);
    expect((await errorOf(noPictures)).details).toHaveProperty('creationIds');
    const tooManyTags = await post('/ads', key.secret, { creationIds: [pictures[0]], primaryText: Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ') });
    expect(tooManyTags.status).toBe(422);
    expect(Object.keys((await errorOf(tooManyTags)).details ?? {})).toEqual(['primaryText']);
    const story = await post('/ads', key.secret, { creationIds: pictures, kind: 'story' });
    expect(story.status).toBe(422);
    const badPlacement = await post('/ads', key.secret, { creationIds: [pictures[0]], placements: ['tiktok'] });
    expect(badPlacement.status).toBe(422);
    expect((await post('/ads', key.secret, { creationIds: [pictures[0]], submit: 'yes' })).status).toBe(422);
    // A creative is not taken here: renders belong to the render scope.
    expect((await post('/ads', key.secret, { creativeId: 'AAAAAAAAAAAAAAAAAAAAAA' })).status).toBe(422);
  });

  it('never reaches another project: its creations are refused, its ads are 404, even of the same owner', async () => {
    const { id: ownedToo } = await createProject(owner, {}, 'Second shop');
    const other = await createUser();
    const { id: foreign } = await createProject(other);
    for (const projectOf of [ownedToo, foreign]) {
      const theirPicture = await creation(projectOf, projectOf === foreign ? other : owner);
      const refused = await post('/ads', key.secret, { creationIds: [theirPicture] });
      expect(refused.status).toBe(422);
      const theirAd = await newAd(projectOf === foreign ? other : owner, projectOf, { creationIds: [theirPicture] });
      expect((await apiGet(`/ads/${theirAd.id}`, key.secret)).status).toBe(404);
      expect((await post(`/ads/${theirAd.id}/submit`, key.secret)).status).toBe(404);
      expect((await rowOf(theirAd.id))!.status).toBe('draft');
    }
    expect((await apiGet('/ads/not-an-id', key.secret)).status).toBe(404);
    expect((await apiGet('/ads/AAAAAAAAAAAAAAAAAAAAAA', key.secret)).status).toBe(404);
  });

  it('answers 403 to a key without the ads scope, and 401 without a key', async () => {
    const leadsOnly = await createKey(owner, projectId, ['leads', 'read', 'render'], 'No ads');
    const ad = await newAd(owner, projectId, { creationIds: [pictures[0]] });
    expect((await post('/ads', leadsOnly.secret, { creationIds: [pictures[0]] })).status).toBe(403);
    expect((await apiGet(`/ads/${ad.id}`, leadsOnly.secret)).status).toBe(403);
    expect((await post(`/ads/${ad.id}/submit`, leadsOnly.secret)).status).toBe(403);
    expect((await apiGet(`/ads/${ad.id}`, undefined)).status).toBe(401);
    expect((await rowOf(ad.id))!.status).toBe('draft');
  });
});

describe('funnels and leads', () => {
  async function funnelWithLeads(count: number, start = Date.UTC(2026, 10, 1, 12)) {
    const funnel = await createFunnel(owner, projectId, { title: 'Spring offer' });
    const page = await createFunnelPage(owner, funnel.id, { slug: 'offer' });
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(await insertLead(funnel, page.id, { email: `lead${i}@example.com`, consent: true }, new Date(start + i * 60_000)));
    }
    return { funnel, page, ids };
  }

  it('lists the project’s funnels with id, name and title', async () => {
    const { funnel } = await funnelWithLeads(0);
    const response = await apiGet('/funnels', key.secret);
    expect(response.status).toBe(200);
    expect(v1FunnelList.parse(await response.json()).items).toEqual([expect.objectContaining({ id: funnel.id, name: funnel.name, title: 'Spring offer' })]);
  });

  it('pages through a funnel’s leads newest first, with the CSV’s fields, and keeps those since a time', async () => {
    const { funnel, ids } = await funnelWithLeads(5);
    const funnelId = funnel.id;
    const first = v1LeadPage.parse(await (await apiGet(`/funnels/${funnelId}/leads?limit=2`, key.secret)).json());
    expect(first.items.map((l) => l.id)).toEqual([ids[4], ids[3]]);
    expect(first.items[0]).toEqual({
      id: ids[4],
      page: 'offer',
      variant: 'a',
      data: { email: 'lead4@example.com', consent: true },
      utm: { source: '', medium: '', campaign: '', term: '', content: '' },
      referrer: null,
      createdAt: new Date(Date.UTC(2026, 10, 1, 12, 4)).toISOString(),
    });
    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = v1LeadPage.parse(await (await apiGet(`/funnels/${funnelId}/leads?limit=2&cursor=${encodeURIComponent(cursor)}`, key.secret)).json());
      rest.push(...page.items.map((l) => l.id));
      cursor = page.nextCursor;
    }
    expect(rest).toEqual([ids[2], ids[1], ids[0]]);
    // since: at or after the time, for a CRM's sync.
    const since = encodeURIComponent(new Date(Date.UTC(2026, 10, 1, 12, 3)).toISOString());
    const synced = v1LeadPage.parse(await (await apiGet(`/funnels/${funnelId}/leads?since=${since}`, key.secret)).json());
    expect(synced).toEqual({ items: [expect.objectContaining({ id: ids[4] }), expect.objectContaining({ id: ids[3] })], nextCursor: null });
    const withOffset = v1LeadPage.parse(await (await apiGet(`/funnels/${funnelId}/leads?since=2026-11-01T13:04:00%2B01:00`, key.secret)).json());
    expect(withOffset.items.map((l) => l.id)).toEqual([ids[4]]);
  });

  it('refuses a bad since, limit or cursor with 422', async () => {
    const { funnel } = await funnelWithLeads(0);
    for (const query of ['since=yesterday', 'since=2026-13-01T00:00:00Z', 'limit=0', 'limit=101', 'cursor=nope']) {
      expect((await apiGet(`/funnels/${funnel.id}/leads?${query}`, key.secret)).status, query).toBe(422);
    }
  });

  it('deletes a lead as the workspace does (GDPR), audited without its data', async () => {
    const { funnel, ids } = await funnelWithLeads(2);
    const response = await apiGet(`/funnels/${funnel.id}/leads/${ids[0]}`, key.secret, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await db().select().from(leads).where(eq(leads.id, ids[0]!)).get()).toBeUndefined();
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, ids[0]!)).get();
    expect(audit).toMatchObject({ action: 'lead.delete', actorUserId: owner.id, projectId, details: null });
    expect((await apiGet(`/funnels/${funnel.id}/leads/${ids[0]}`, key.secret, { method: 'DELETE' })).status).toBe(404);
    expect(await db().select().from(leads).where(eq(leads.id, ids[1]!)).get()).toBeDefined();
  });

  it('never reaches another project’s funnels or leads: 404, nothing deleted, nothing listed', async () => {
    await funnelWithLeads(1);
    const other = await createUser();
    const { id: foreign } = await createProject(other);
    const { id: ownedToo } = await createProject(owner, {}, 'Second shop');
    for (const [user, project] of [
      [other, foreign],
      [owner, ownedToo],
    ] as const) {
      const funnel = await createFunnel(user, project);
      const page = await createFunnelPage(user, funnel.id);
      const lead = await insertLead(funnel, page.id, { email: 'x@example.com' }, new Date());
      expect((await apiGet(`/funnels/${funnel.id}/leads`, key.secret)).status).toBe(404);
      expect((await apiGet(`/funnels/${funnel.id}/leads/${lead}`, key.secret, { method: 'DELETE' })).status).toBe(404);
      expect(await db().select().from(leads).where(eq(leads.id, lead)).get()).toBeDefined();
      const listed = v1FunnelList.parse(await (await apiGet('/funnels', key.secret)).json());
      expect(listed.items.map((f) => f.id)).not.toContain(funnel.id);
    }
    // A lead of this key's project, asked for under another funnel: 404.
    const mine = await funnelWithLeads(1);
    const second = await funnelWithLeads(0);
    expect((await apiGet(`/funnels/${second.funnel.id}/leads/${mine.ids[0]}`, key.secret, { method: 'DELETE' })).status).toBe(404);
    expect((await apiGet('/funnels/not-an-id/leads', key.secret)).status).toBe(404);
    expect((await apiGet(`/funnels/${mine.funnel.id}/leads/not-an-id`, key.secret, { method: 'DELETE' })).status).toBe(404);
  });

  it('answers 403 to a key without the leads scope', async () => {
    const { funnel, ids } = await funnelWithLeads(1);
    const adsOnly = await createKey(owner, projectId, ['ads', 'read'], 'No leads');
    expect((await apiGet('/funnels', adsOnly.secret)).status).toBe(403);
    expect((await apiGet(`/funnels/${funnel.id}/leads`, adsOnly.secret)).status).toBe(403);
    expect((await apiGet(`/funnels/${funnel.id}/leads/${ids[0]}`, adsOnly.secret, { method: 'DELETE' })).status).toBe(403);
    expect(await db().select().from(leads).where(eq(leads.id, ids[0]!)).get()).toBeDefined();
  });
});
