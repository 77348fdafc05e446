import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdReview } from '#common/schemas/ads.ts';
import { adReviews, emailOutbox } from '#worker/db/schema.ts';
import { recordReview } from '#worker/features/ads/core/service.ts';
import { createMailer } from '#worker/lib/mailer.ts';
import { newId } from '#worker/lib/ids.ts';
import { db, json, team } from '#worker/test/creatives.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { adsWorld, creation, errorOf, getAd, newAd, patchAd, review, rowOf, submit, type Team } from '#worker/test/ads.ts';

let t: Team;
let c1: string;

beforeAll(async () => {
  ({ t, c1 } = await adsWorld());
});

describe('reviews', () => {
  const mailsTo = async (email: string) =>
    (
      await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'ad_review')))
        .all()
    ).length;

  it('a member’s review: request changes needs a comment; each other member gets one email per review', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Mail test' });
    await submit(t.editor, ad.id);
    const before = { owner: await mailsTo(t.owner.email), editor: await mailsTo(t.editor.email), viewer: await mailsTo(t.viewer.email) };

    const empty = await review(t.owner, ad.id, { decision: 'request_changes', comment: '   ' });
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).details?.comment).toEqual(['Say what should change.']);
    expect((await review(t.owner, ad.id, { decision: 'comment' })).status).toBe(422);
    expect((await review(t.owner, ad.id, { decision: 'publish' })).status).toBe(422);
    expect((await review(t.owner, ad.id, { decision: 'comment', comment: 'x'.repeat(2001) })).status).toBe(422);
    expect(await mailsTo(t.editor.email)).toBe(before.editor);

    const response = await review(t.owner, ad.id, { decision: 'request_changes', comment: 'Make the logo bigger.' });
    expect(response.status).toBe(201);
    expect(await json<AdReview>(response)).toMatchObject({
      reviewerName: 'Olivia Owner',
      reviewerEmail: t.owner.email,
      member: true,
      decision: 'request_changes',
      comment: 'Make the logo bigger.',
      revision: 1,
    });
    expect((await rowOf(ad.id))?.status).toBe('changes_requested');
    expect(await mailsTo(t.owner.email)).toBe(before.owner);
    expect(await mailsTo(t.editor.email)).toBe(before.editor + 1);
    expect(await mailsTo(t.viewer.email)).toBe(before.viewer + 1);
    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, t.editor.email), eq(emailOutbox.kind, 'ad_review')))
      .all();
    expect(mail.at(-1)?.subject).toBe('Olivia Owner requested changes to “Mail test”');
    expect(mail.at(-1)?.textBody).toContain('Make the logo bigger.');
    expect(mail.at(-1)?.textBody).toContain(`${ORIGIN}/projects/${t.project.id}/marketing`);

    // A visitor of the preview link: every member is told, once.
    await recordReview(db(), createMailer(db(), env), (await rowOf(ad.id))!, {
      decision: 'comment',
      comment: 'Looks good otherwise.',
      reviewerName: 'Carla Customer',
      reviewerEmail: 'carla@example.com',
      userId: null,
      role: null,
      revision: 1,
      origin: ORIGIN,
    });
    expect(await mailsTo(t.owner.email)).toBe(before.owner + 1);
    expect(await mailsTo(t.editor.email)).toBe(before.editor + 2);
    expect(await mailsTo(t.viewer.email)).toBe(before.viewer + 2);

    const thread = await json<{ items: AdReview[] }>(await send(`/api/ads/${ad.id}/reviews`, { cookie: t.viewer.cookie }));
    expect(thread.items.map((r) => [r.reviewerName, r.decision, r.member])).toEqual([
      ['Olivia Owner', 'request_changes', true],
      ['Carla Customer', 'comment', false],
    ]);
    expect((await json<AdDetail>(await getAd(t.viewer, ad.id))).reviewCount).toBe(2);
  });

  it('an ad takes at most 500 reviews (a conditional insert); the last place goes once', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    const now = Date.now();
    const values = Array.from({ length: 499 }, (_, i) => `('${newId()}', '${ad.id}', NULL, 'Flood', NULL, 'comment', 'x', 1, ${now - 10_000 + i})`);
    await env.DB.prepare(
      `INSERT INTO ad_reviews (id, ad_id, user_id, reviewer_name, reviewer_email, decision, comment, revision, created_at) VALUES ${values.join(',')}`,
    ).run();
    const outcomes = await Promise.all([
      review(t.owner, ad.id, { decision: 'comment', comment: 'One' }),
      review(t.editor, ad.id, { decision: 'comment', comment: 'Two' }),
    ]);
    expect(outcomes.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await db().select().from(adReviews).where(eq(adReviews.adId, ad.id)).all()).length).toBe(500);
    const thread = await json<{ items: AdReview[] }>(await send(`/api/ads/${ad.id}/reviews`, { cookie: t.viewer.cookie }));
    expect(thread.items).toHaveLength(500);
    expect(thread.items.at(-1)?.comment).toMatch(/^(One|Two)$/);
  });

  it('an approval of an older revision does not approve the newer one', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    await submit(t.editor, ad.id);
    const old = (await rowOf(ad.id))!;
    await patchAd(t.editor, ad.id, { headline: 'Changed after the link was sent' });
    const stored = await recordReview(db(), createMailer(db(), env), old, {
      decision: 'approve',
      comment: '',
      reviewerName: 'Carla',
      reviewerEmail: null,
      userId: null,
      role: null,
      revision: 1,
      origin: ORIGIN,
    });
    expect(stored).toMatchObject({ decision: 'approve', revision: 1 });
    expect((await rowOf(ad.id))?.status).toBe('in_review');
    // Reviews of a draft are kept, but do not approve it.
    const draft = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    expect((await review(t.owner, draft.id, { decision: 'approve' })).status).toBe(201);
    expect((await rowOf(draft.id))?.status).toBe('draft');
    expect((await send(`/api/ads/${ad.id}/reviews`, { cookie: t.outsider.cookie })).status).toBe(404);
  });

  it('a viewer comments (as themselves) but cannot approve or request changes (403, the ad does not move)', async () => {
    const ad = await newAd(t.editor, t.project.id, { creationIds: [c1] });
    await submit(t.editor, ad.id);
    const commented = await review(t.viewer, ad.id, { decision: 'comment', comment: 'Could the headline be shorter?' });
    expect(commented.status).toBe(201);
    expect(await json<AdReview>(commented)).toMatchObject({ reviewerEmail: t.viewer.email, member: true, decision: 'comment' });
    for (const body of [{ decision: 'approve' }, { decision: 'request_changes', comment: 'Make it blue.' }]) {
      const refused = await review(t.viewer, ad.id, body);
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).message).toMatch(
        /^Viewers of this project can comment on its ads; approving them or requesting changes is up to its editors and owner/,
      );
    }
    expect((await rowOf(ad.id))?.status).toBe('in_review');
    // An editor's approval still moves it; outsiders and signed-out callers reach nothing.
    expect((await review(t.editor, ad.id, { decision: 'approve' })).status).toBe(201);
    expect((await rowOf(ad.id))?.status).toBe('approved');
    expect((await review(t.outsider, ad.id, { decision: 'comment', comment: 'Hi' })).status).toBe(404);
    expect((await review(undefined, ad.id, { decision: 'comment', comment: 'Hi' })).status).toBe(401);
  });

  it('an archived project takes no reviews, not even a viewer’s comment (409)', async () => {
    const other = await team();
    const picture = await creation(other.project.id, other.owner);
    const ad = await newAd(other.owner, other.project.id, { creationIds: [picture] });
    expect((await send(`/api/projects/${other.project.id}`, { method: 'PATCH', json: { archived: true }, cookie: other.owner.cookie })).status).toBe(200);
    expect((await review(other.viewer, ad.id, { decision: 'comment', comment: 'Late note' })).status).toBe(409);
    expect((await review(other.owner, ad.id, { decision: 'comment', comment: 'Late note' })).status).toBe(409);
    expect((await review(other.viewer, ad.id, { decision: 'approve' })).status).toBe(403);
  });
});
