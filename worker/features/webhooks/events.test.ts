import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { WEBHOOK_EVENTS } from '#common/schemas/webhooks.ts';
import { getDb } from '#worker/db/client.ts';
import { ads, leads } from '#worker/db/schema.ts';
import { recordPostOutcome } from '#worker/features/ads/core/service.ts';
import { writeLead, type LeadRow } from '#worker/features/funnels/leads/service.ts';
import { resendLostDeliveries } from '#worker/features/webhooks/service.ts';
import { creation, newAd, review, rowOf, submit, type Team } from '#worker/test/ads.ts';
import { createCreative, creationRows, json, render, team } from '#worker/test/creatives.ts';
import { failingBatches, flakyD1 } from '#worker/test/flaky-d1.ts';
import { formBlock, heroBlock, pageDoc, seedFunnel } from '#worker/test/funnels-edge.ts';
import { nextAddress, send } from '#worker/test/http.ts';
import { createEndpoint, deliveriesOfProject, holdQueue, webhooksPath } from '#worker/test/webhooks.ts';

/**
 * Each webhook event comes from the service where it happens (issue 31 point 4): a render, an
 * ad's submission and review, the publish job's outcome, a visitor's lead. One outbox row per
 * endpoint that is on and takes the event, queued at once.
 */

let t: Team;
let queued: string[];
let endpointId: string;

beforeEach(async () => {
  t = await team();
  queued = holdQueue();
  endpointId = (await createEndpoint(t.owner, t.project.id, [...WEBHOOK_EVENTS])).id;
});

/** The events delivered to the project so far: type and body, oldest first; every one queued. */
async function events() {
  const rows = (await deliveriesOfProject(t.project.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  expect(rows.map((row) => row.id).sort()).toEqual([...queued].sort());
  return rows.map((row) => ({ type: row.type, body: JSON.parse(row.payload) as { type: string; timestamp: string; data: Record<string, unknown> } }));
}

describe('events from their services', { timeout: 60_000 }, () => {
  it('creation.rendered: a render through the API (not again for a free re-render)', async () => {
    const creative = await createCreative(t.owner, t.project.id);
    const response = await render(t.owner, creative.id);
    expect(response.status).toBe(201);
    const made = await json<CreationItem>(response);
    expect((await render(t.owner, creative.id)).status).toBe(200);
    const [event, ...rest] = await events();
    expect(rest).toEqual([]);
    expect(event!.body).toMatchObject({
      type: 'creation.rendered',
      data: { projectId: t.project.id, creationId: made.id, creativeId: creative.id, format: made.format, width: made.width, height: made.height },
    });
    expect(new Date(event!.body.timestamp).toISOString()).toBe(event!.body.timestamp);
  });

  it('ad.submitted, ad.changes_requested, ad.approved: the ad’s review through the API', async () => {
    const picture = await creation(t.project.id, t.owner);
    const ad = await newAd(t.editor, t.project.id, { creationIds: [picture], primaryText: 'Spring is here' });
    expect((await submit(t.editor, ad.id)).status).toBe(200);
    expect((await review(t.owner, ad.id, { decision: 'request_changes', comment: 'Warmer colours, please.' })).status).toBe(201);
    expect((await review(t.owner, ad.id, { decision: 'comment', comment: 'Or not.' })).status).toBe(201);
    expect((await submit(t.editor, ad.id)).status).toBe(200);
    expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(201);
    const got = await events();
    expect(got.map((e) => e.type)).toEqual(['ad.submitted', 'ad.changes_requested', 'ad.submitted', 'ad.approved']);
    expect(got[1]!.body.data).toMatchObject({ projectId: t.project.id, adId: ad.id, name: ad.name });
    // A reviewer's comment text is not sent along.
    expect(JSON.stringify(got)).not.toContain('Warmer colours');
  });

  it('post.published and post.failed: the publish job’s outcome, once per move', async () => {
    const db = getDb(env.DB);
    const first = await newAd(t.editor, t.project.id, { creationIds: [await creation(t.project.id, t.owner)], primaryText: 'One' });
    const second = await newAd(t.editor, t.project.id, { creationIds: [await creation(t.project.id, t.owner)], primaryText: 'Two' });
    await db.update(ads).set({ status: 'scheduled' }).where(eq(ads.projectId, t.project.id));
    await recordPostOutcome(db, first.id, 'published');
    await recordPostOutcome(db, first.id, 'published');
    await recordPostOutcome(db, second.id, 'failed');
    const got = await events();
    expect(got.map((e) => [e.type, e.body.data.adId])).toEqual([
      ['post.published', first.id],
      ['post.failed', second.id],
    ]);
  });

  it('lead.created: a visitor’s form on a funnel page, with the lead’s email and fields', async () => {
    const funnel = await seedFunnel(t.project.id, { pages: [{ slug: 'offer', title: 'Offer', a: pageDoc([heroBlock('Spring blend'), formBlock()]) }] });
    const response = await send(`/p/${funnel.name}/offer`, {
      method: 'POST',
      body: new URLSearchParams({ formId: 'signup', name: 'Ada Lovelace', email: 'Ada@Example.com', plan: 'Weekly', consent: 'on' }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
        'cf-connecting-ip': nextAddress(),
      },
    });
    expect(response.status).toBe(303);
    const [event] = await events();
    expect(event).toMatchObject({
      type: 'lead.created',
      body: { data: { projectId: t.project.id, funnelId: funnel.id, pageId: funnel.pages[0]!.id, email: 'ada@example.com', fields: { name: 'Ada Lovelace' } } },
    });
  });

  it('goes only to endpoints that are on and take the event', async () => {
    const picky = await createEndpoint(t.owner, t.project.id, ['ad.approved'], 'https://crm.example.org/hook');
    await send(webhooksPath(t.project.id, `/${endpointId}`), { method: 'PATCH', json: { enabled: false }, cookie: t.owner.cookie });
    const ad = await newAd(t.editor, t.project.id, { creationIds: [await creation(t.project.id, t.owner)], primaryText: 'Three' });
    await submit(t.editor, ad.id);
    await review(t.owner, ad.id, { decision: 'approve' });
    const rows = await deliveriesOfProject(t.project.id);
    expect(rows.map((row) => [row.endpointId, row.type])).toEqual([[picky.id, 'ad.approved']]);
  });
});

describe('an event is written with its cause (decision 0042)', { timeout: 60_000 }, () => {
  /** A batch that writes an event: the database runs it, then it fails and is rolled back. */
  const failingWithEvent = () => failingBatches(env.DB, /^\s*INSERT INTO webhook_deliveries/i);

  async function leadOf(): Promise<LeadRow> {
    const funnel = await seedFunnel(t.project.id, { pages: [{ slug: 'offer', title: 'Offer', a: pageDoc([heroBlock('Spring blend'), formBlock()]) }] });
    const utm = { source: '', medium: '', campaign: '', term: '', content: '' };
    const data = { name: 'Ada Lovelace', email: 'ada@example.com' };
    return {
      id: `lead-${funnel.id}`,
      funnelId: funnel.id,
      pageId: funnel.pages[0]!.id,
      projectId: t.project.id,
      variant: 'a',
      data,
      email: data.email,
      utm,
      referrer: null,
      createdAt: Date.now(),
    };
  }

  it('lead.created: a failed batch writes neither; a database failing right after the batch loses neither; a lead written again emits nothing', async () => {
    const second = await createEndpoint(t.owner, t.project.id, ['lead.created'], 'https://crm.example.org/hook');
    const lead = await leadOf();
    const leadRows = () => getDb(env.DB).select().from(leads).where(eq(leads.id, lead.id)).all();

    const failing = failingWithEvent();
    await expect(writeLead(getDb(failing.d1), lead)).rejects.toThrow();
    expect(failing.failed).toBe(1);
    expect(await leadRows()).toEqual([]);
    expect(await deliveriesOfProject(t.project.id)).toEqual([]);

    // Every write after the first fails: the event was in the lead's batch, so it is there.
    const flaky = flakyD1(env.DB, 100, undefined, { passing: 1 });
    expect(await writeLead(getDb(flaky.d1), lead)).toBe(true);
    expect(flaky.failed).toBe(0);
    expect(await leadRows()).toHaveLength(1);
    const rows = await deliveriesOfProject(t.project.id);
    expect(rows.map((row) => row.endpointId).sort()).toEqual([endpointId, second.id].sort());
    expect(new Set(rows.map((row) => row.eventId)).size).toBe(1);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ type: 'lead.created', data: { leadId: lead.id, email: 'ada@example.com' } });

    // Delivered again from the queue: no second lead, no second event.
    expect(await writeLead(getDb(env.DB), lead)).toBe(false);
    expect(await deliveriesOfProject(t.project.id)).toHaveLength(2);
    expect((await events()).map((e) => e.type)).toEqual(['lead.created', 'lead.created']);
  });

  it('creation.rendered, ad.submitted, ad.approved: a failed batch writes neither the cause nor its event', async () => {
    const creative = await createCreative(t.owner, t.project.id);
    const failing = failingWithEvent();
    expect((await render(t.owner, creative.id, { env: { DB: failing.d1 } })).status).toBe(500);
    expect(failing.failed).toBe(1);
    expect(await creationRows(creative.id)).toEqual([]);

    const picture = await creation(t.project.id, t.owner);
    const ad = await newAd(t.editor, t.project.id, { creationIds: [picture], primaryText: 'Spring is here' });
    const before = (await events()).length;
    const submitting = failingWithEvent();
    const refused = await send(`/api/ads/${ad.id}/submit`, { method: 'POST', cookie: t.editor.cookie, env: { DB: submitting.d1 } });
    expect(refused.status).toBe(500);
    expect(submitting.failed).toBe(1);
    expect((await rowOf(ad.id))?.status).toBe('draft');
    expect(await events()).toHaveLength(before);

    expect((await submit(t.editor, ad.id)).status).toBe(200);
    const approving = failingWithEvent();
    const refusedReview = await send(`/api/ads/${ad.id}/reviews`, { json: { decision: 'approve' }, cookie: t.owner.cookie, env: { DB: approving.d1 } });
    expect(refusedReview.status).toBe(500);
    expect(approving.failed).toBe(1);
    expect((await rowOf(ad.id))?.status).toBe('in_review');

    expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await events()).slice(before).map((e) => e.type)).toEqual(['ad.submitted', 'ad.approved']);
  });

  it('post.published: a failed batch leaves the ad scheduled and no event; the next outcome writes both', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [await creation(t.project.id, t.owner)], primaryText: 'One' });
    await getDb(env.DB).update(ads).set({ status: 'scheduled' }).where(eq(ads.id, ad.id));
    const failing = failingWithEvent();
    await expect(recordPostOutcome(getDb(failing.d1), ad.id, 'published')).rejects.toThrow();
    expect((await rowOf(ad.id))?.status).toBe('scheduled');
    expect(await events()).toEqual([]);
    await recordPostOutcome(getDb(env.DB), ad.id, 'published');
    expect((await rowOf(ad.id))?.status).toBe('published');
    expect((await events()).map((e) => e.type)).toEqual(['post.published']);
  });

  it('a queue that refuses the send: the deliveries are written with the cause, and the cron sends them', async () => {
    vi.mocked(env.WEBHOOKS.sendBatch).mockRejectedValueOnce(new Error('Queue send failed: internal error'));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await writeLead(getDb(env.DB), await leadOf())).toBe(true);
    expect(errors).toHaveBeenCalledOnce();
    const [row] = await deliveriesOfProject(t.project.id);
    expect(row).toMatchObject({ type: 'lead.created', status: 'pending' });
    expect(queued).toEqual([]);
    // The cron (earlier tests' deliveries of this file are pending too: they go along).
    expect(await resendLostDeliveries(getDb(env.DB), new Date(Date.now() + 10 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(queued).toContain(row!.id);
  });
});
