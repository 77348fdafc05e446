import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail, AdReview } from '#common/schemas/ads.ts';
import { adReviews, ads } from '#worker/db/schema.ts';
import { createCreative, db, json, setCredits, team } from '#worker/test/creatives.ts';
import { latestMail, type TestUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { pngSize } from '#worker/test/png.ts';

type Team = Awaited<ReturnType<typeof team>>;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

async function createAd(user: TestUser, projectId: string, body: Record<string, unknown>): Promise<AdDetail> {
  const response = await send(`/api/projects/${projectId}/ads`, { json: body, cookie: user.cookie });
  if (response.status !== 201) throw new Error(`ad create failed: ${response.status} ${await response.text()}`);
  return json<AdDetail>(response);
}

async function shareLink(user: TestUser, adId: string): Promise<{ previewUrl: string; previewId: string }> {
  const response = await send(`/api/ads/${adId}/preview-link`, { method: 'POST', cookie: user.cookie });
  expect(response.status).toBe(200);
  const { previewUrl } = await json<{ previewUrl: string }>(response);
  return { previewUrl, previewId: new URL(previewUrl).pathname.split('/').pop()! };
}

function postReview(previewId: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return send(`/preview/${previewId}/reviews`, {
    method: 'POST',
    body: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
  });
}

const rowOf = (adId: string) => db().select().from(ads).where(eq(ads.id, adId)).get();

let t: Team;
let ad: AdDetail;
let previewId: string;

beforeAll(async () => {
  t = await team();
  await setCredits(t.owner, 50);
  const creative = await createCreative(t.owner, t.project.id);
  ad = await createAd(t.owner, t.project.id, {
    creativeId: creative.id,
    name: 'Spring launch',
    primaryText: `Fresh beans, roasted this week. ${'Every cup is brewed to order and the first one is on us. '.repeat(3)}#coffee #spring`,
    headline: 'Spring blend is here',
    description: 'Free delivery this week',
    cta: 'shop_now',
    destinationUrl: 'https://northwind.example/spring',
    placements: ['instagram_feed', 'instagram_story', 'instagram_reels', 'facebook_feed'],
  });
  ({ previewId } = await shareLink(t.owner, ad.id));
});

describe('the preview link', () => {
  it('is at least 128 random bits, unguessable, and absolute', async () => {
    const second = await createAd(t.owner, t.project.id, { creationIds: ad.items.map((item) => item.creationId), name: 'Second' });
    const link = await shareLink(t.owner, second.id);
    expect(previewId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(link.previewId).not.toBe(previewId);
    expect(link.previewUrl.startsWith(`${ORIGIN}/preview/`)).toBe(true);
  });

  it('renders every chosen placement without a login, with no JavaScript but the pins’ one script (decision 0052)', async () => {
    const response = await send(`/preview/${previewId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const label of ['Instagram feed post', 'Instagram story', 'Instagram reel', 'Facebook feed post']) expect(html).toContain(`aria-label="${label}"`);
    // The page is complete without it; the script only places new pins, under the response's nonce.
    expect(html.match(/<script\b/gi)).toHaveLength(1);
    expect(html).toMatch(/<script nonce="[^"]+">\(\(\)=>\{const d=document;for\(const s of d.querySelectorAll\("\[data-pins\]"\)\)/);
    expect(response.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(html).toContain('Spring blend is here');
    expect(html).toContain('northwind.example');
    expect(html).toContain('Shop now');
    // The long caption folds behind "… more" (a <details>, no script) and is complete when opened.
    expect(html).toContain('… more');
    expect(html).toContain('#coffee #spring');
    expect(html).toContain('id="safe-zones"');
    expect(response.headers.get('x-robots-tag')).toContain('noindex');
  });

  it('unfurls as the creative: Open Graph and Twitter tags point at the ad picture, which is served', async () => {
    const html = await (await send(`/preview/${previewId}`)).text();
    const image = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
    expect(image).toBe(`${ORIGIN}/preview/${previewId}/image/0`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    expect(html).toMatch(/<meta property="og:image:width" content="1080">/);
    const picture = await send(new URL(image!).pathname);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(pngSize(new Uint8Array(await picture.arrayBuffer()))).toEqual({ width: 1080, height: 1080 });
    expect((await send(`/preview/${previewId}/image/7`)).status).toBe(404);
  });

  it('pages a carousel with CSS scroll snap and anchors, not script', async () => {
    const creative = await createCreative(t.owner, t.project.id, { template: 'bold-headline', format: 'square' });
    const single = await createAd(t.owner, t.project.id, { creativeId: creative.id });
    const carousel = await createAd(t.owner, t.project.id, {
      creationIds: [ad.items[0]!.creationId, single.items[0]!.creationId],
      placements: ['instagram_feed'],
    });
    expect(carousel.kind).toBe('carousel');
    const link = await shareLink(t.owner, carousel.id);
    const html = await (await send(`/preview/${link.previewId}`)).text();
    expect(html).toContain('snap-x');
    expect(html).toContain('href="#ig-feed-2"');
    expect(html).toContain('id="ig-feed-2"');
    expect(html.match(/<script\b/gi)).toHaveLength(1);
  });

  it('answers 404 for an unknown, malformed, revoked or regenerated link', async () => {
    const other = await createAd(t.owner, t.project.id, { creationIds: [ad.items[0]!.creationId] });
    const first = await shareLink(t.owner, other.id);
    const second = await shareLink(t.owner, other.id);
    expect((await send(`/preview/${first.previewId}`)).status).toBe(404);
    expect((await send(`/preview/${second.previewId}`)).status).toBe(200);
    expect((await send(`/api/ads/${other.id}/preview-link`, { method: 'DELETE', cookie: t.owner.cookie })).status).toBe(204);
    expect((await send(`/preview/${second.previewId}`)).status).toBe(404);
    expect((await send(`/preview/${second.previewId}/image/0`)).status).toBe(404);
    for (const bad of ['AAAAAAAAAAAAAAAAAAAAAA', 'short', '%F0%9F%98%80'.repeat(10), 'x'.repeat(300), '..%2F..%2Fetc']) {
      expect((await send(`/preview/${bad}`)).status).toBe(404);
    }
  });
});

describe('reviews on the preview', () => {
  it('a bot fetching the link (or a HEAD) changes nothing', async () => {
    const before = await rowOf(ad.id);
    const reviews = await db().select().from(adReviews).where(eq(adReviews.adId, ad.id)).all();
    for (const agent of ['Slackbot-LinkExpanding 1.0', 'facebookexternalhit/1.1', 'Microsoft Office/16.0 SafeLinks']) {
      expect((await send(`/preview/${previewId}?reviewed=approve`, { headers: { 'user-agent': agent } })).status).toBe(200);
      expect((await send(`/preview/${previewId}`, { method: 'HEAD', headers: { 'user-agent': agent } })).status).toBe(200);
    }
    expect(await rowOf(ad.id)).toEqual(before);
    expect(await db().select().from(adReviews).where(eq(adReviews.adId, ad.id)).all()).toEqual(reviews);
  });

  it('requesting changes needs a name and a comment; the form comes back with what was typed', async () => {
    const response = await postReview(previewId, { decision: 'request_changes', name: 'Carla Customer', email: 'carla@example.com', comment: '' });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Say what should change.');
    expect(html).toContain('value="Carla Customer"');
    const nameless = await postReview(previewId, { decision: 'approve', name: '  ' });
    expect(nameless.status).toBe(422);
    expect(await nameless.text()).toContain('Enter your name.');
  });

  it('a refused review comes back where the visitor is: at the form (#review), its error beside the field, the field focused, without JavaScript', async () => {
    // The form posts to an address with the anchor: the browser shows the refused page (a 422 at that address) scrolled to it.
    const page = await (await send(`/preview/${previewId}`)).text();
    expect(page).toMatch(new RegExp(`<form[^>]* action="/preview/${previewId}/reviews#review"`));
    const response = await postReview(previewId, { decision: 'request_changes', name: 'Carla Customer', comment: '' });
    expect(response.status).toBe(422);
    const html = await response.text();
    const anchor = html.indexOf('id="review"');
    expect(anchor).toBeGreaterThan(0);
    expect(html).toMatch(new RegExp(`<form[^>]* action="/preview/${previewId}/reviews#review"`));
    // The error is inside the anchored box, right after the comment field, which takes the focus (and says it is invalid).
    const error = html.indexOf('Say what should change.');
    expect(error).toBeGreaterThan(anchor);
    const textarea = /<textarea[^>]*name="comment"[^>]*>/.exec(html)![0];
    expect(textarea).toMatch(/autofocus=""/);
    expect(textarea).toMatch(/aria-invalid="true"/);
    expect(textarea).toMatch(/aria-describedby="comment-error"/);
    expect(html.indexOf(textarea)).toBeGreaterThan(anchor);
    expect(error - html.indexOf(textarea)).toBeLessThan(500);
    // Only the first refused field takes the focus.
    expect(html.match(/autofocus=""/g)).toHaveLength(1);
    const nameless = await (await postReview(previewId, { decision: 'request_changes', name: ' ', comment: '' })).text();
    // The review form's field (the pins' forms above it have their own).
    expect(/<input[^>]*name="name"[^>]*>/.exec(nameless.slice(nameless.indexOf('id="review"')))![0]).toMatch(/autofocus=""/);
    expect(nameless.match(/autofocus=""/g)).toHaveLength(1);
  });

  it('records a change request: the thread shows it (without the email), members get one email each', async () => {
    await send(`/api/ads/${ad.id}/submit`, { method: 'POST', cookie: t.owner.cookie });
    const response = await postReview(previewId, {
      decision: 'request_changes',
      name: 'Carla Customer',
      email: 'carla@example.com',
      comment: 'Make the logo bigger, please.',
      revision: String(ad.revision),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/preview/${previewId}?reviewed=request_changes#reviews`);
    expect((await rowOf(ad.id))?.status).toBe('changes_requested');
    const html = await (await send(`/preview/${previewId}?reviewed=request_changes`)).text();
    expect(html).toContain('Make the logo bigger, please.');
    expect(html).toContain('your change request was sent');
    expect(html).not.toContain('carla@example.com');
    // The workspace sees the same thread, with the email.
    const thread = await json<{ items: AdReview[] }>(await send(`/api/ads/${ad.id}/reviews`, { cookie: t.viewer.cookie }));
    expect(thread.items.at(-1)).toMatchObject({
      reviewerName: 'Carla Customer',
      reviewerEmail: 'carla@example.com',
      decision: 'request_changes',
      member: false,
    });
    for (const member of [t.owner, t.editor, t.viewer]) {
      const mail = await latestMail(member.email);
      expect(mail?.subject).toMatch(/Carla Customer/);
    }
  });

  it('a filled honeypot is answered like a success and stores nothing', async () => {
    const count = (await db().select().from(adReviews).where(eq(adReviews.adId, ad.id)).all()).length;
    const response = await postReview(previewId, { decision: 'comment', name: 'Bot', comment: 'buy now', website: 'https://spam.example' });
    expect(response.status).toBe(303);
    expect((await db().select().from(adReviews).where(eq(adReviews.adId, ad.id)).all()).length).toBe(count);
  });

  it('refuses a post from another site, and malformed or oversized bodies, without a 500', async () => {
    const cross = await postReview(previewId, { decision: 'approve', name: 'Eve' }, { origin: 'https://evil.example' });
    expect(cross.status).toBe(403);
    const garbage = await send(`/preview/${previewId}/reviews`, {
      method: 'POST',
      body: '%%%&&&=%E0%A4%A',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    });
    expect(garbage.status).toBeLessThan(500);
    const json415 = await send(`/preview/${previewId}/reviews`, { method: 'POST', json: { decision: 'approve', name: 'J' }, headers: { origin: ORIGIN } });
    expect([400, 415, 422]).toContain(json415.status);
    const huge = await postReview(previewId, { decision: 'comment', name: 'A', comment: 'x'.repeat(5000) });
    expect(huge.status).toBe(422);
    const surrogate = await postReview(previewId, { decision: 'comment', name: 'Lone \uD800 surrogate', comment: 'hi' });
    expect(surrogate.status).toBeLessThan(500);
    const unknownDecision = await postReview(previewId, { decision: 'publish', name: 'A' });
    expect(unknownDecision.status).toBe(422);
    const unknownPreview = await postReview('BBBBBBBBBBBBBBBBBBBBBB', { decision: 'approve', name: 'A' });
    expect(unknownPreview.status).toBe(404);
  });

  it('an approval of the current version approves the ad', async () => {
    const current = await rowOf(ad.id);
    const response = await postReview(previewId, { decision: 'approve', name: 'Carla Customer', revision: String(current!.revision) });
    expect(response.status).toBe(303);
    expect((await rowOf(ad.id))?.status).toBe('approved');
  });
});

describe('an archived project', () => {
  it('keeps its preview readable but closes its reviews (the ad does not move)', async () => {
    const other = await team();
    await setCredits(other.owner, 5);
    const creative = await createCreative(other.owner, other.project.id);
    const archivedAd = await createAd(other.owner, other.project.id, { creativeId: creative.id, name: 'Old campaign' });
    await send(`/api/ads/${archivedAd.id}/submit`, { method: 'POST', cookie: other.owner.cookie });
    const link = await shareLink(other.owner, archivedAd.id);
    expect((await send(`/api/projects/${other.project.id}`, { method: 'PATCH', json: { archived: true }, cookie: other.owner.cookie })).status).toBe(200);
    expect((await send(`/preview/${link.previewId}`)).status).toBe(200);
    const response = await postReview(link.previewId, { decision: 'approve', name: 'Carla Customer', revision: String(archivedAd.revision) });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('reviews are closed');
    expect((await rowOf(archivedAd.id))?.status).toBe('in_review');
  });
});

describe('the preview page served to people', () => {
  it('keeps preview pictures and pages out of search engines and caches pictures only briefly', async () => {
    const picture = await send(`/preview/${previewId}/image/0`);
    expect(picture.headers.get('cache-control')).toBe('public, max-age=300');
    expect(picture.headers.get('x-robots-tag')).toBe('noindex');
    const page = await send(`/preview/${previewId}`);
    expect(await page.text()).toContain('<meta name="robots" content="noindex">');
  });
});
