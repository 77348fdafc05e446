import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import { adReviews, ads } from '#worker/db/schema.ts';
import { db, json } from '#worker/test/creatives.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { adsWorld, getAd, newAd, rowOf, submit, type Team } from '#worker/test/ads.ts';

/**
 * The preview link as the project's members meet it (issue 27): a signed-in member acts as
 * themselves and as their role allows (a viewer comments); anyone else is the customer the
 * link was made for, as before.
 */

let t: Team;
let c1: string;

beforeAll(async () => {
  ({ t, c1 } = await adsWorld());
});

/** A new ad in review with a preview link: its id, the link's id and its revision. */
async function sharedAd(): Promise<{ ad: AdDetail; previewId: string }> {
  const ad = await newAd(t.editor, t.project.id, { creationIds: [c1], name: 'Members test' });
  await submit(t.editor, ad.id);
  const shared = await send(`/api/ads/${ad.id}/preview-link`, { method: 'POST', cookie: t.editor.cookie });
  const { previewUrl } = await json<{ previewUrl: string }>(shared);
  return { ad, previewId: previewUrl.split('/').pop()! };
}

function postReview(previewId: string, fields: Record<string, string>, user?: TestUser) {
  return send(`/preview/${previewId}/reviews`, { form: fields, cookie: user?.cookie });
}

const reviewsOf = (adId: string) => db().select().from(adReviews).where(eq(adReviews.adId, adId)).all();

describe('a signed-in member on the preview page', () => {
  it('a viewer is offered only the comment form: no name field, no approve or request-changes button', async () => {
    const { previewId } = await sharedAd();
    const html = await (await send(`/preview/${previewId}`, { cookie: t.viewer.cookie })).text();
    expect(html).toContain('You review as');
    expect(html).toContain('viewer of this project');
    expect(html).not.toContain('name="name"');
    expect(html).toMatch(/<button type="submit" value="comment"/);
    expect(html).not.toContain('value="approve"');
    expect(html).not.toContain('value="request_changes"');
    // An editor who opens the link is offered every decision, under their own name.
    const editorHtml = await (await send(`/preview/${previewId}`, { cookie: t.editor.cookie })).text();
    expect(editorHtml).toContain('Ed Editor');
    expect(editorHtml).toContain('value="approve"');
    expect(editorHtml).not.toContain('name="name"');
  });

  it('a viewer’s comment is recorded as theirs; their approval or change request is refused (403) and moves nothing', async () => {
    const { ad, previewId } = await sharedAd();
    const commented = await postReview(previewId, { decision: 'comment', comment: 'The logo is small.', name: 'Not me', email: 'x@example.com' }, t.viewer);
    expect(commented.status).toBe(303);
    const [stored] = await reviewsOf(ad.id);
    expect(stored).toMatchObject({ userId: t.viewer.id, reviewerName: 'Test User', reviewerEmail: t.viewer.email, decision: 'comment' });

    for (const decision of ['approve', 'request_changes']) {
      const refused = await postReview(previewId, { decision, comment: 'Ship it.', revision: '1' }, t.viewer);
      expect(refused.status).toBe(403);
      const html = await refused.text();
      expect(html).toContain('Viewers of this project can comment on its ads');
      // The form comes back with what was typed, still without the buttons the viewer cannot use.
      expect(html).toContain('Ship it.');
      expect(html).not.toContain('value="approve"');
    }
    expect((await rowOf(ad.id))?.status).toBe('in_review');
    expect(await reviewsOf(ad.id)).toHaveLength(1);
  });

  it('an editor approves as themselves: their user id and name, not a visitor’s name', async () => {
    const { ad, previewId } = await sharedAd();
    const response = await postReview(previewId, { decision: 'approve', name: 'Carla Customer', revision: String(ad.revision) }, t.editor);
    expect(response.status).toBe(303);
    expect((await rowOf(ad.id))?.status).toBe('approved');
    const [stored] = await reviewsOf(ad.id);
    expect(stored).toMatchObject({ userId: t.editor.id, reviewerName: 'Ed Editor', reviewerEmail: t.editor.email, decision: 'approve' });
    const html = await (await send(`/preview/${previewId}`)).text();
    expect(html).toMatch(/Ed Editor<\/span><span[^>]*>team<\/span>/);
    // Approved: the customer can still send it back or comment, not approve it again.
    expect(html).not.toContain('value="approve"');
    expect(html).toContain('value="request_changes"');
    expect(html).toContain('value="comment"');
  });

  it('a scheduled or published ad takes comments only, and an editor there is not told they are a viewer', async () => {
    for (const status of ['scheduled', 'published'] as const) {
      const { ad, previewId } = await sharedAd();
      await db().update(ads).set({ status }).where(eq(ads.id, ad.id));
      const visitorPage = await (await send(`/preview/${previewId}`)).text();
      expect(visitorPage).toMatch(/<button type="submit" value="comment"/);
      expect(visitorPage).not.toContain('value="approve"');
      expect(visitorPage).not.toContain('value="request_changes"');
      const editorPage = await (await send(`/preview/${previewId}`, { cookie: t.editor.cookie })).text();
      expect(editorPage).toContain('You review as');
      expect(editorPage).not.toContain('Viewers comment;');
    }
  });

  it('a visitor, and someone signed in but not a member, review as the customer (a name is needed)', async () => {
    const { ad, previewId } = await sharedAd();
    const anonymousPage = await (await send(`/preview/${previewId}`)).text();
    expect(anonymousPage).toContain('name="name"');
    expect(anonymousPage).toContain('value="approve"');
    const outsiderPage = await (await send(`/preview/${previewId}`, { cookie: t.outsider.cookie })).text();
    expect(outsiderPage).toContain('name="name"');
    expect(outsiderPage).not.toContain('You review as');

    const nameless = await postReview(previewId, { decision: 'comment', comment: 'Hello' }, t.outsider);
    expect(nameless.status).toBe(422);
    expect(await nameless.text()).toContain('Enter your name.');
    const byOutsider = await postReview(previewId, { decision: 'comment', comment: 'Nice.', name: 'Carla Customer' }, t.outsider);
    expect(byOutsider.status).toBe(303);
    const approved = await postReview(previewId, { decision: 'approve', name: 'Carla Customer', revision: String(ad.revision) });
    expect(approved.status).toBe(303);
    expect((await rowOf(ad.id))?.status).toBe('approved');
    expect((await reviewsOf(ad.id)).map((r) => [r.userId, r.reviewerName, r.decision])).toEqual([
      [null, 'Carla Customer', 'comment'],
      [null, 'Carla Customer', 'approve'],
    ]);
  });

  it('an admin who is not a member is a visitor here, like anyone with the link', async () => {
    const admin = await createUser({ role: 'admin' });
    const { previewId } = await sharedAd();
    const html = await (await send(`/preview/${previewId}`, { cookie: admin.cookie })).text();
    expect(html).toContain('name="name"');
    expect(html).not.toContain('You review as');
  });
});

describe('the preview link in the workspace', () => {
  it('is given to those who may approve, not to viewers (whoever holds it can approve signed out)', async () => {
    const { ad } = await sharedAd();
    for (const member of [t.owner, t.editor]) expect((await json<AdDetail>(await getAd(member, ad.id))).previewUrl).toMatch(/\/preview\//);
    expect((await json<AdDetail>(await getAd(t.viewer, ad.id))).previewUrl).toBeNull();
  });
});
