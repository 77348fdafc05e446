import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdReview } from '#common/schemas/ads.ts';
import type { ApprovalChainDetail } from '#common/schemas/approval-chain.ts';
import { adReviews, emailOutbox } from '#worker/db/schema.ts';
import { db, json, team } from '#worker/test/creatives.ts';
import { createUser, createProject, type TestUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { adsWorld, creation, errorOf, getAd, newAd, patchAd, review, rowOf, submit, type Team } from '#worker/test/ads.ts';

/**
 * Approval chains through the API (decision 0050; the rules' property test is common/approval-chain.test.ts):
 * the settings route, each mode's reviews, publishing and scheduling, the preview form's
 * reviewer by address, the history and the emails, and 20 approvals at once.
 */
let t: Team;
let c1: string;

beforeAll(async () => {
  ({ t, c1 } = await adsWorld());
});

const chainPath = (projectId: string) => `/api/projects/${projectId}/approval-chain`;
const putChain = (user: TestUser, projectId: string, body: unknown) => send(chainPath(projectId), { method: 'PUT', json: body, cookie: user.cookie });
const publish = (user: TestUser, id: string, body: Record<string, unknown> = {}) => send(`/api/ads/${id}/publish`, { json: body, cookie: user.cookie });
const CLIENT = 'carla@client.example';

async function setChain(body: unknown) {
  const response = await putChain(t.owner, t.project.id, body);
  expect(response.status, await response.clone().text()).toBe(200);
}

async function submitted(name: string): Promise<AdDetail> {
  const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name });
  expect((await submit(t.editor, ad.id)).status).toBe(200);
  return ad;
}

async function shared(adId: string): Promise<string> {
  const response = await send(`/api/ads/${adId}/preview-link`, { method: 'POST', cookie: t.editor.cookie });
  return (await json<{ previewUrl: string }>(response)).previewUrl.split('/preview/')[1]!;
}

function postReview(previewId: string, fields: Record<string, string>) {
  return send(`/preview/${previewId}/reviews`, {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
  });
}

const mailsTo = async (email: string, kind: string) =>
  (
    await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)))
      .all()
  ).length;

const TWO_LEVELS = (t: Team) => ({
  mode: 'levels',
  levels: [
    { name: 'Internal', userIds: [t.editor.id], emails: [] },
    { name: 'Client', userIds: [], emails: [CLIENT] },
  ],
});

describe('approval chains', () => {
  it('a project without a chain of its own approves as before (required); every member reads the chain, only the owner sets it', async () => {
    const read = await send(chainPath(t.project.id), { cookie: t.viewer.cookie });
    expect(read.status).toBe(200);
    expect(await json<ApprovalChainDetail>(read)).toEqual({ mode: 'required', levels: [], outsideMail: { limit: 100, sent: 0, held: 0, resetsAt: null } });
    expect((await putChain(t.editor, t.project.id, { mode: 'none', levels: [] })).status).toBe(403);
    expect((await putChain(t.viewer, t.project.id, { mode: 'none', levels: [] })).status).toBe(403);
    // Another project's chain: not found for whoever is not its member.
    const other = await createProject(await createUser(), {}, 'Elsewhere');
    expect((await send(chainPath(other.id), { cookie: t.owner.cookie })).status).toBe(404);
    expect((await putChain(t.owner, other.id, { mode: 'none', levels: [] })).status).toBe(404);
  });

  it('malformed chains are refused with the field that is wrong (422, never a 500)', async () => {
    const bad: [unknown, string][] = [
      [{ mode: 'sometimes', levels: [] }, 'mode'],
      [{ mode: 'levels', levels: [] }, 'levels'],
      [{ mode: 'levels', levels: [{ name: '', userIds: [t.editor.id], emails: [] }] }, 'levels.0.name'],
      [{ mode: 'levels', levels: [{ name: 'Client', userIds: [], emails: [] }] }, 'levels.0.userIds'],
      [{ mode: 'levels', levels: [{ name: 'Client', userIds: [], emails: ['not an address'] }] }, 'levels.0.emails.0'],
      [{ mode: 'levels', levels: [{ name: 'Client', userIds: [t.outsider.id], emails: [] }] }, 'levels.0.userIds'],
      [{ mode: 'levels', levels: Array.from({ length: 11 }, () => ({ name: 'L', userIds: [], emails: [CLIENT] })) }, 'levels'],
      [{ mode: 'levels', levels: [{ name: 'Client', userIds: [], emails: Array.from({ length: 21 }, (_, i) => `p${i}@x.example`) }] }, 'levels.0.emails'],
    ];
    for (const [body, field] of bad) {
      const response = await putChain(t.owner, t.project.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await errorOf(response)).details ?? {})).toContain(field);
    }
    const notJson = await send(chainPath(t.project.id), { method: 'PUT', body: '{', headers: { 'content-type': 'application/json' }, cookie: t.owner.cookie });
    expect(notJson.status).toBe(400);
    expect(await json(await send(chainPath(t.project.id), { cookie: t.owner.cookie }))).toMatchObject({ mode: 'required', levels: [] });
  });

  it('none: nothing to submit or approve, the ad is published (scheduled) straight from its draft', async () => {
    await setChain({ mode: 'none', levels: [] });
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'No approval' });
    const refused = await submit(t.editor, ad.id);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe('This project publishes without approval: publish or schedule the ad directly.');
    expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(409);
    expect((await review(t.owner, ad.id, { decision: 'comment', comment: 'Nice.' })).status).toBe(201);
    expect((await json<AdDetail>(await getAd(t.editor, ad.id))).approval).toEqual({ mode: 'none', waitingAt: null });
    // Publishing needs an Instagram account: past the chain's rule, the refusal is about the account, not the approval.
    const response = await publish(t.editor, ad.id, { at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await errorOf(response)).message).toBe('Connect an Instagram account to this project first.');
    expect((await rowOf(ad.id))?.status).toBe('draft');
  });

  it('optional: reviews move the status as before, but publishing does not wait for them', async () => {
    await setChain({ mode: 'optional', levels: [] });
    const ad = await submitted('Optional');
    expect((await review(t.owner, ad.id, { decision: 'request_changes', comment: 'Bigger logo.' })).status).toBe(201);
    expect((await rowOf(ad.id))?.status).toBe('changes_requested');
    const response = await publish(t.editor, ad.id);
    expect((await errorOf(response)).message).toBe('Connect an Instagram account to this project first.');
  });

  it('required: one approval by an editor or the owner (a viewer comments); publishing and scheduling wait for it (409)', async () => {
    await setChain({ mode: 'required', levels: [] });
    const ad = await submitted('Required');
    const early = await publish(t.editor, ad.id);
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe('Only an approved ad can be published.');
    const scheduled = await publish(t.editor, ad.id, { at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await errorOf(scheduled)).message).toBe('Only an approved ad can be scheduled.');
    expect((await review(t.viewer, ad.id, { decision: 'approve' })).status).toBe(403);
    expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await rowOf(ad.id))?.status).toBe('approved');
  });

  it('levels: the internal approver, then the client by the address on the preview form; others are refused or comment; each step in the history and mailed to the next level', async () => {
    await setChain(TWO_LEVELS(t));
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Two levels' });
    const previewId = await shared(ad.id);
    const editorMails = await mailsTo(t.editor.email, 'ad_approval');
    expect((await submit(t.editor, ad.id)).status).toBe(200);
    // The first level's approvers are told it waits for them.
    expect(await mailsTo(t.editor.email, 'ad_approval')).toBe(editorMails + 1);
    const waiting = await json<AdDetail>(await getAd(t.viewer, ad.id));
    expect(waiting.approval).toEqual({ mode: 'levels', waitingAt: { index: 0, count: 2, name: 'Internal', approvers: ['Ed Editor'] } });

    // The owner is not on the first level: 403 with the reason; a stranger's approval on the preview form is a comment.
    const owner = await review(t.owner, ad.id, { decision: 'approve' });
    expect(owner.status).toBe(403);
    expect((await errorOf(owner)).message).toBe(
      'This ad waits for approval at the level “Internal” (1 of 2), and you are not one of its approvers. Comment instead, or ask the project’s owner to add you to the level.',
    );
    expect((await postReview(previewId, { decision: 'approve', name: 'Stranger', email: 'who@else.example' })).status).toBe(303);
    expect((await rowOf(ad.id))?.approvalLevel).toBe(0);
    // Nor does typing the level's member's address on the public form approve for them: members approve signed in.
    expect((await postReview(previewId, { decision: 'approve', name: 'Not Ed', email: t.editor.email.toUpperCase() })).status).toBe(303);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });

    const clientMails = await mailsTo(CLIENT, 'ad_approval');
    const internal = await review(t.editor, ad.id, { decision: 'approve' });
    expect(await json<AdReview>(internal)).toMatchObject({ decision: 'approve', level: 'Internal' });
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 1 });
    // The client (not a member) gets the preview link.
    expect(await mailsTo(CLIENT, 'ad_approval')).toBe(clientMails + 1);
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, CLIENT), eq(emailOutbox.kind, 'ad_approval')))
      .get();
    expect(mail?.subject).toBe('“Two levels” waits for your approval (Client)');
    expect(mail?.textBody).toContain(`${ORIGIN}/preview/${previewId}`);
    expect((await errorOf(await publish(t.editor, ad.id))).message).toBe(
      'This ad waits for approval at the level “Client” (2 of 2): it can be published or scheduled once every level approved it.',
    );

    // The client approves through the link, with their address in another case.
    expect((await postReview(previewId, { decision: 'approve', name: 'Carla', email: 'Carla@Client.example' })).status).toBe(303);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'approved', approvalLevel: 0 });
    const history = (await json<{ items: AdReview[] }>(await send(`/api/ads/${ad.id}/reviews`, { cookie: t.viewer.cookie }))).items;
    expect(history.map((r) => [r.reviewerName, r.decision, r.level])).toEqual([
      ['Stranger', 'comment', null],
      ['Not Ed', 'comment', null],
      ['Ed Editor', 'approve', 'Internal'],
      ['Carla', 'approve', 'Client'],
    ]);
    // Past the chain: the refusal is about the missing Instagram account.
    expect((await errorOf(await publish(t.editor, ad.id))).message).toBe('Connect an Instagram account to this project first.');
  });

  it('levels: a change request at any level sends the ad back to the author and the chain starts again; a change of content restarts it too', async () => {
    await setChain(TWO_LEVELS(t));
    const ad = await submitted('Back to the author');
    const previewId = await shared(ad.id);
    expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await postReview(previewId, { decision: 'request_changes', name: 'Carla', email: CLIENT, comment: 'Other colours.' })).status).toBe(303);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'changes_requested', approvalLevel: 0 });
    const [asked] = await db()
      .select()
      .from(adReviews)
      .where(and(eq(adReviews.adId, ad.id), eq(adReviews.decision, 'request_changes')))
      .all();
    expect(asked?.levelName).toBe('Client');

    expect((await submit(t.editor, ad.id)).status).toBe(200);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
    expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await rowOf(ad.id))?.approvalLevel).toBe(1);
    expect((await patchAd(t.editor, ad.id, { primaryText: 'New colours.' })).status).toBe(200);
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
  });

  it('levels: a change of the chain starts its ads in review again at the first level', async () => {
    await setChain(TWO_LEVELS(t));
    const ad = await submitted('Chain changed');
    expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await rowOf(ad.id))?.approvalLevel).toBe(1);
    await setChain({ ...TWO_LEVELS(t), levels: [...TWO_LEVELS(t).levels, { name: 'Legal', userIds: [t.owner.id], emails: [] }] });
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 0 });
  });

  it('20 approvals at once by the level’s approver move the ad one level, once (one conditional write each)', async () => {
    await setChain({
      mode: 'levels',
      levels: [
        { name: 'Internal', userIds: [t.editor.id], emails: [] },
        { name: 'Boss', userIds: [t.owner.id], emails: [] },
        { name: 'Client', userIds: [], emails: [CLIENT] },
      ],
    });
    const ad = await submitted('At once');
    const responses = await Promise.all(Array.from({ length: 20 }, () => review(t.editor, ad.id, { decision: 'approve' })));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 1 });
    const counted = (await db().select().from(adReviews).where(eq(adReviews.adId, ad.id)).all()).filter((r) => r.levelName !== null);
    expect(counted.map((r) => r.levelName)).toEqual(['Internal']);
    // The owner's 20 at once for the next level: one more level, not past the client's.
    await Promise.all(Array.from({ length: 20 }, () => review(t.owner, ad.id, { decision: 'approve' })));
    expect(await rowOf(ad.id)).toMatchObject({ status: 'in_review', approvalLevel: 2 });
  });

  it('another project’s ad and chain stay another’s (404)', async () => {
    const stranger = await team();
    const theirs = await creation(stranger.project.id, stranger.owner);
    const ad = await newAd(stranger.editor, stranger.project.id, { creationIds: [theirs] });
    expect((await review(t.owner, ad.id, { decision: 'approve' })).status).toBe(404);
    expect((await send(chainPath(stranger.project.id), { cookie: t.owner.cookie })).status).toBe(404);
  });
});
