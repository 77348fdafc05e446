import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import type { ApprovalChainDetail } from '#common/schemas/approval-chain.ts';
import { ads } from '#worker/db/schema.ts';
import { OUTSIDE_MAIL_LIMIT } from '#worker/features/ads/core/chain.ts';
import { settleStrandedAds } from '#worker/features/ads/core/service.ts';
import { db, json, team } from '#worker/test/creatives.ts';
import { mailsTo } from '#worker/test/emails.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { adsWorld, creation, errorOf, getAd, newAd, patchAd, review, rowOf, submit, type Team } from '#worker/test/ads.ts';
import { createEndpoint, deliveriesOfProject, holdQueue } from '#worker/test/webhooks.ts';

/**
 * Approval chains at their edges (decision 0050; the main paths are chain.test.ts): the daily limit
 * of emails to approvers outside the project, the preview link made for them, an edit of an
 * approved ad, a change of content and a canceled post without approval, a switch of the mode,
 * and the event of a level passed.
 */
let t: Team;
let c1: string;

beforeAll(async () => {
  ({ t, c1 } = await adsWorld());
});

const CLIENT = 'carla@client.example';
const chainPath = (projectId: string) => `/api/projects/${projectId}/approval-chain`;
const publish = (id: string, body: Record<string, unknown> = {}) => send(`/api/ads/${id}/publish`, { json: body, cookie: t.editor.cookie });
const unpublish = (id: string) => send(`/api/ads/${id}/publish`, { method: 'DELETE', cookie: t.editor.cookie });
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

async function setChain(team: Team, body: unknown) {
  const response = await send(chainPath(team.project.id), { method: 'PUT', json: body, cookie: team.owner.cookie });
  expect(response.status, await response.clone().text()).toBe(200);
}

const TWO_LEVELS = () => ({
  mode: 'levels',
  levels: [
    { name: 'Internal', userIds: [t.editor.id], emails: [] },
    { name: 'Client', userIds: [], emails: [CLIENT] },
  ],
});

async function submitted(name: string): Promise<AdDetail> {
  const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name });
  expect((await submit(t.editor, ad.id)).status).toBe(200);
  return ad;
}

/** An ad approved at both levels of TWO_LEVELS: the editor in the workspace, the client through the link made for them. */
async function approvedThroughLevels(name: string): Promise<AdDetail> {
  const ad = await submitted(name);
  expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(201);
  const previewId = (await rowOf(ad.id))!.previewId!;
  const client = await send(`/preview/${previewId}/reviews`, {
    body: new URLSearchParams({ decision: 'approve', name: 'Carla', email: CLIENT }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
  });
  expect(client.status).toBe(303);
  expect((await rowOf(ad.id))?.status).toBe('approved');
  return ad;
}

describe('approval chains at their edges', { timeout: 60_000 }, () => {
  it('20 submits at once to a level of 20 outside addresses mail exactly the day’s limit; every ad still moves; the card reads what was held', async () => {
    const own = await team();
    const picture = await creation(own.project.id, own.owner);
    const emails = Array.from({ length: 20 }, (_, i) => `client${i}@limit.example`);
    await setChain(own, { mode: 'levels', levels: [{ name: 'Client', userIds: [], emails }] });
    const made: AdDetail[] = [];
    for (let i = 0; i < 20; i += 1) made.push(await newAd(own.editor, own.project.id, { creationIds: [picture], name: `Ad ${i}` }));
    const responses = await Promise.all(made.map((ad) => submit(own.editor, ad.id)));
    expect(responses.map((r) => r.status)).toEqual(made.map(() => 200));
    for (const ad of made) expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
    const sent = (await Promise.all(emails.map((email) => mailsTo(email, 'ad_approval')))).flat();
    expect(sent).toHaveLength(OUTSIDE_MAIL_LIMIT.limit);
    const detail = await json<ApprovalChainDetail>(await send(chainPath(own.project.id), { cookie: own.owner.cookie }));
    expect(detail.outsideMail).toMatchObject({ limit: 100, sent: 100, held: 20 * 20 - 100 });
    expect(Date.parse(detail.outsideMail!.resetsAt!)).toBeGreaterThan(Date.now());
    // Members are never held back: the limit is the one on strangers' addresses.
    await setChain(own, { mode: 'levels', levels: [{ name: 'Internal', userIds: [own.editor.id], emails: [] }] });
    const before = (await mailsTo(own.editor.email, 'ad_approval')).length;
    const more = await newAd(own.editor, own.project.id, { creationIds: [picture], name: 'Member level' });
    expect((await submit(own.owner, more.id)).status).toBe(200);
    expect(await mailsTo(own.editor.email, 'ad_approval')).toHaveLength(before + 1);
  });

  it('people named by address get the preview link even when none was shared: it is made for them, and the ad shows it', async () => {
    await setChain(t, { mode: 'levels', levels: [{ name: 'Client', userIds: [], emails: [CLIENT] }] });
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Never shared' });
    expect(ad.previewUrl).toBeNull();
    const before = (await mailsTo(CLIENT, 'ad_approval')).length;
    expect((await submit(t.editor, ad.id)).status).toBe(200);
    const mails = await mailsTo(CLIENT, 'ad_approval');
    expect(mails).toHaveLength(before + 1);
    const { previewUrl } = await json<AdDetail>(await getAd(t.editor, ad.id));
    expect(previewUrl).toMatch(new RegExp(`^${ORIGIN}/preview/[A-Za-z0-9_-]{32}$`));
    expect(mails.at(-1)!.textBody).toContain(previewUrl);
    // The link works: the client reviews through it.
    const reviewed = await send(`${new URL(previewUrl!).pathname}/reviews`, {
      body: new URLSearchParams({ decision: 'approve', name: 'Carla', email: CLIENT }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(reviewed.status).toBe(303);
    expect((await rowOf(ad.id))?.status).toBe('approved');
  });

  it('an approved ad edited back into review tells the first level’s approvers again; so does an edit of one past the first level', async () => {
    await setChain(t, TWO_LEVELS());
    const ad = await approvedThroughLevels('Edited after approval');
    const before = (await mailsTo(t.editor.email, 'ad_approval')).length;
    expect((await patchAd(t.owner, ad.id, { primaryText: 'New words.' })).status).toBe(200);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
    expect(await mailsTo(t.editor.email, 'ad_approval')).toHaveLength(before + 1);
    // At the client's level: the internal approval was of other words.
    expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await patchAd(t.owner, ad.id, { primaryText: 'Newer words.' })).status).toBe(200);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
    expect(await mailsTo(t.editor.email, 'ad_approval')).toHaveLength(before + 2);
    // A rename is not a change of content: nobody is told, nothing moves.
    expect((await patchAd(t.owner, ad.id, { name: 'Renamed' })).status).toBe(200);
    expect(await mailsTo(t.editor.email, 'ad_approval')).toHaveLength(before + 2);
  });

  it('none: an edited ad is a draft again, publishable at once (not in a review nobody can move)', async () => {
    await setChain(t, { mode: 'required', levels: [] });
    const ad = await submitted('Approved, then no approval');
    expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(201);
    await setChain(t, { mode: 'none', levels: [] });
    expect((await patchAd(t.editor, ad.id, { primaryText: 'Changed without approval.' })).status).toBe(200);
    expect((await rowOf(ad.id))?.status).toBe('draft');
    expect((await errorOf(await publish(ad.id))).message).toBe('Connect an Instagram account to this project first.');
  });

  it('switching to levels: an ad approved under the old rules keeps its approval and stays publishable; one in review waits at the first level', async () => {
    await setChain(t, { mode: 'required', levels: [] });
    const approved = await submitted('Approved before levels');
    expect((await review(t.owner, approved.id, { decision: 'approve' })).status).toBe(201);
    const waiting = await submitted('In review before levels');
    await setChain(t, TWO_LEVELS());
    expect(await rowOf(approved.id)).toMatchObject({ status: 'approved', approvalLevel: 0 });
    expect((await json<AdDetail>(await getAd(t.viewer, approved.id))).approval).toEqual({ mode: 'levels', waitingAt: null });
    expect((await errorOf(await publish(approved.id))).message).toBe('Connect an Instagram account to this project first.');
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
    expect((await errorOf(await publish(waiting.id))).message).toBe(
      'This ad waits for approval at the level “Internal” (1 of 2): it can be published or scheduled once every level approved it.',
    );
    // The first level is told that the ad in review now waits for it, once: saving the same chain again tells no one.
    const told = async () => (await mailsTo(t.editor.email, 'ad_approval')).filter((mail) => mail.subject.includes('In review before levels'));
    expect(await told()).toHaveLength(1);
    await setChain(t, TWO_LEVELS());
    expect(await told()).toHaveLength(1);
    // Past the first level, a save that restarts the ad there tells the first level again.
    expect((await review(t.editor, waiting.id, { decision: 'approve' })).status).toBe(201);
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'in_review', approvalLevel: 1 });
    await setChain(t, TWO_LEVELS());
    expect(await rowOf(waiting.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
    expect(await told()).toHaveLength(2);
  });

  it('a level passed is a webhook event in the move’s batch, with the level and the next one; a kept approval sends none', async () => {
    const queued = holdQueue();
    await createEndpoint(t.owner, t.project.id, ['ad.review_level_passed', 'ad.approved']);
    await setChain(t, TWO_LEVELS());
    const ad = await submitted('Level passed');
    expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(403);
    const rows = (await deliveriesOfProject(t.project.id)).filter((row) => JSON.parse(row.payload).data.adId === ad.id);
    expect(rows.map((row) => row.type)).toEqual(['ad.review_level_passed']);
    expect(queued).toContain(rows[0]!.id);
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({
      type: 'ad.review_level_passed',
      data: { projectId: t.project.id, adId: ad.id, name: 'Level passed', revision: 1, level: 'Internal', nextLevel: 'Client' },
    });
  });

  it('a canceled post puts the ad back where its chain says: a draft without approval, where it was when optional, approved when required', async () => {
    expect((await send(`/api/projects/${t.project.id}/instagram/sandbox`, { method: 'POST', cookie: t.owner.cookie })).status).toBe(200);
    const scheduleAndCancel = async (id: string) => {
      expect((await publish(id, { at: inADay() })).status).toBe(201);
      expect(await rowOf(id)).toMatchObject({ status: 'scheduled' });
      expect((await unpublish(id)).status).toBe(204);
      return (await db().select({ status: ads.status }).from(ads).where(eq(ads.id, id)).get())?.status;
    };
    await setChain(t, { mode: 'none', levels: [] });
    const draft = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'No approval, canceled' });
    expect(await scheduleAndCancel(draft.id)).toBe('draft');

    await setChain(t, { mode: 'optional', levels: [] });
    const waiting = await submitted('Optional, canceled');
    expect(await scheduleAndCancel(waiting.id)).toBe('in_review');

    await setChain(t, { mode: 'required', levels: [] });
    const approved = await submitted('Required, canceled');
    expect((await review(t.owner, approved.id, { decision: 'approve' })).status).toBe(201);
    expect(await scheduleAndCancel(approved.id)).toBe('approved');
  });

  it('the repair pass puts an ad marked scheduled without a post back where its chain says, as a cancel would', async () => {
    await setChain(t, { mode: 'none', levels: [] });
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Stranded without approval' });
    const longAgo = new Date(Date.now() - 60 * 60_000);
    await db().update(ads).set({ status: 'scheduled', scheduledFrom: 'draft', updatedAt: longAgo }).where(eq(ads.id, ad.id));
    expect(await settleStrandedAds(db(), new Date())).toBeGreaterThanOrEqual(1);
    expect((await rowOf(ad.id))?.status).toBe('draft');
  });
});
