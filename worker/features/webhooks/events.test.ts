import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CreationItem } from '#common/schemas/creatives.ts';
import { WEBHOOK_EVENTS } from '#common/schemas/webhooks.ts';
import { getDb } from '#worker/db/client.ts';
import { ads } from '#worker/db/schema.ts';
import { recordPostOutcome } from '#worker/features/ads/core/service.ts';
import { creation, newAd, review, submit, type Team } from '#worker/test/ads.ts';
import { createCreative, json, render, team } from '#worker/test/creatives.ts';
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
