import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdPins } from '#common/schemas/ad-pins.ts';
import type { AdDetail } from '#common/schemas/ads.ts';
import { adPins, projects } from '#worker/db/schema.ts';
import { createCreative, db, json, setCredits, team } from '#worker/test/creatives.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * Pins through the preview link (decision 0052): the same capability rules as its review form —
 * POSTs from the page's forms, a visitor names themselves, a member writes as themselves, bots'
 * GETs and a filled honeypot change nothing, another ad's pins are 404, an archived project takes
 * none — and the page shows them with its one script under the response's nonce.
 */
type Team = Awaited<ReturnType<typeof team>>;

const CAPTION = 'Fresh beans, roasted this week. Spring blend is here.';

async function createAd(user: TestUser, projectId: string, body: Record<string, unknown>): Promise<AdDetail> {
  const response = await send(`/api/projects/${projectId}/ads`, { json: body, cookie: user.cookie });
  if (response.status !== 201) throw new Error(`ad create failed: ${response.status} ${await response.text()}`);
  return json<AdDetail>(response);
}

async function shareLink(user: TestUser, adId: string): Promise<string> {
  const response = await send(`/api/ads/${adId}/preview-link`, { method: 'POST', cookie: user.cookie });
  return new URL((await json<{ previewUrl: string }>(response)).previewUrl).pathname.split('/').pop()!;
}

const post = (path: string, form: Record<string, string>, options: { cookie?: string; ip?: string } = {}) =>
  send(path, { form, cookie: options.cookie, headers: { origin: ORIGIN, 'cf-connecting-ip': options.ip ?? '198.51.100.9' } });
const pinsOf = async (user: TestUser, adId: string) => json<AdPins>(await send(`/api/ads/${adId}/pins`, { cookie: user.cookie }));

let t: Team;
let ad: AdDetail;
let previewId: string;

beforeAll(async () => {
  t = await team();
  await setCredits(t.owner, 50);
  const creative = await createCreative(t.owner, t.project.id);
  ad = await createAd(t.owner, t.project.id, { creativeId: creative.id, name: 'Spring launch', primaryText: CAPTION, placements: ['instagram_feed'] });
  previewId = await shareLink(t.owner, ad.id);
});

describe('pins through the preview link', () => {
  it('pins a visitor’s comment on a spot and on a phrase, then shows them as dots and marks, under the page’s one script', async () => {
    const spot = await post(`/preview/${previewId}/pins`, {
      item: '0',
      x: '0.4',
      y: '0.25',
      start: '',
      end: '',
      revision: '1',
      name: 'Carla Client',
      body: 'Brighter here',
      website: '',
    });
    expect(spot.status).toBe(303);
    expect(spot.headers.get('location')).toBe(`/preview/${previewId}#pin-1`);
    const start = CAPTION.indexOf('roasted');
    const phrase = await post(`/preview/${previewId}/pins`, { start: String(start), end: String(start + 7), name: 'Carla Client', body: 'Say when' });
    expect(phrase.headers.get('location')).toBe(`/preview/${previewId}#pin-2`);
    const { items } = await pinsOf(t.owner, ad.id);
    expect(items).toMatchObject([
      { number: 1, item: 0, x: 0.4, y: 0.25, authorName: 'Carla Client', member: false },
      { number: 2, quote: 'roasted', member: false },
    ]);
    const page = await send(`/preview/${previewId}`);
    const html = await page.text();
    expect(html).toContain('href="#pin-1"');
    // The dot is drawn at its spot by SVG attributes (the page's CSP allows no inline style).
    expect(html.slice(html.indexOf('id="pins"'), html.indexOf('id="reviews"'))).not.toMatch(/<[^>]+ style="/);
    expect(html).toMatch(/<circle cx="[\d.]+" cy="[\d.]+"/);
    expect(html).toContain('<mark data-n="2"');
    expect(html).toContain('Brighter here');
    // One script, the pins', allowed by the response's nonce: no other script may run.
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)];
    expect(scripts).toHaveLength(1);
    const nonce = /nonce="([^"]+)"/.exec(scripts[0]![1]!)![1]!;
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain(`'nonce-${nonce}'`);
    expect(csp).not.toContain('unsafe-inline');
  });

  it('remembers the visitor’s name on this device after a pin, and the address after a review: every form of the page starts with them', async () => {
    const pinned = await post(`/preview/${previewId}/pins`, { item: '0', x: '0.5', y: '0.5', name: 'Rita Reviewer', body: 'Logo bigger?' });
    expect(pinned.status).toBe(303);
    const cookie = pinned.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^adloom_preview_reviewer=.*Path=\/preview.*HttpOnly/i);
    const jar = cookie.split(';')[0]!;
    const named = await (await send(`/preview/${previewId}`, { cookie: jar })).text();
    // The pin forms (the new pin's, each reply's) and the review form: the name, once given.
    expect(named.match(/name="name"[^>]*value="Rita Reviewer"/g)?.length).toBeGreaterThanOrEqual(3);
    const reviewed = await post(
      `/preview/${previewId}/reviews`,
      { decision: 'comment', name: 'Rita Reviewer', email: 'rita@client.example', comment: 'Looks good' },
      { cookie: jar },
    );
    expect(reviewed.status).toBe(303);
    const both = reviewed.headers.get('set-cookie')!.split(';')[0]!;
    const page = await (await send(`/preview/${previewId}`, { cookie: both })).text();
    expect(page).toMatch(/name="email"[^>]*value="rita@client.example"/);
    // Another device (no cookie) is asked again; a cookie that is not ours is forgotten.
    expect(await (await send(`/preview/${previewId}`)).text()).not.toContain('value="Rita Reviewer"');
    expect((await send(`/preview/${previewId}`, { cookie: 'adloom_preview_reviewer=%7Bnot-json' })).status).toBe(200);
  });

  it('lets the visitor reply, resolve and reopen through plain forms, and a member reply as themselves', async () => {
    const { items } = await pinsOf(t.owner, ad.id);
    const first = items[0]!;
    expect((await post(`/preview/${previewId}/pins/${first.id}/replies`, { name: 'Carla Client', body: 'Or warmer?' })).status).toBe(303);
    expect((await post(`/preview/${previewId}/pins/${first.id}/replies`, { body: 'Warmer it is' }, { cookie: t.editor.cookie })).status).toBe(303);
    expect((await post(`/preview/${previewId}/pins/${first.id}/resolve`, {})).status).toBe(303);
    let shown = (await pinsOf(t.owner, ad.id)).items[0]!;
    expect(shown.replies).toMatchObject([
      { authorName: 'Carla Client', member: false, body: 'Or warmer?' },
      { authorName: 'Ed Editor', member: true, body: 'Warmer it is' },
    ]);
    expect(shown.resolvedBy).toBe('the link’s reviewer');
    const html = await (await send(`/preview/${previewId}`)).text();
    expect(html).toContain(`action="/preview/${previewId}/pins/${first.id}/reopen"`);
    expect((await post(`/preview/${previewId}/pins/${first.id}/reopen`, {})).status).toBe(303);
    shown = (await pinsOf(t.owner, ad.id)).items[0]!;
    expect(shown.resolvedAt).toBeNull();
  });

  it('asks a visitor for a name and a comment, and refuses a missing or impossible spot, with the page again (422)', async () => {
    const before = (await pinsOf(t.owner, ad.id)).items.length;
    const cases: Record<string, string>[] = [
      { item: '0', x: '0.5', y: '0.5', body: 'No name' },
      { item: '0', x: '0.5', y: '0.5', name: 'Carla', body: '' },
      { name: 'Carla', body: 'Nowhere' },
      { item: '0', x: '1.5', y: '0.5', name: 'Carla', body: 'Outside' },
      { item: '3', x: '0.5', y: '0.5', name: 'Carla', body: 'No such picture' },
      { item: 'zero', x: '0.5', y: '0.5', name: 'Carla', body: 'Garbled' },
      { start: '2', end: '999', name: 'Carla', body: 'Past the end' },
    ];
    for (const form of cases) {
      const response = await post(`/preview/${previewId}/pins`, form);
      expect(response.status, JSON.stringify(form)).toBe(422);
      expect(await response.text()).toContain('role="alert"');
    }
    expect((await pinsOf(t.owner, ad.id)).items.length).toBe(before);
  });

  it('changes nothing for a bot: GETs of every pin address, a filled honeypot', async () => {
    const rows = async () => (await db().select().from(adPins).where(eq(adPins.adId, ad.id)).all()).length;
    const before = await rows();
    const { items } = await pinsOf(t.owner, ad.id);
    for (const path of ['pins', `pins/${items[0]!.id}/resolve`, `pins/${items[0]!.id}/reopen`, `pins/${items[0]!.id}/replies`]) {
      const response = await send(`/preview/${previewId}/${path}?item=0&x=0.5&y=0.5&body=hi&name=bot`);
      expect(response.status).toBe(404);
    }
    const trapped = await post(`/preview/${previewId}/pins`, { item: '0', x: '0.5', y: '0.5', name: 'Bot', body: 'Buy now', website: 'https://spam.example' });
    expect(trapped.status).toBe(303);
    expect(await rows()).toBe(before);
    expect((await pinsOf(t.owner, ad.id)).items[0]!.resolvedAt).toBeNull();
  });

  it('answers 404 for another ad’s pin through this link, an unknown link, and refuses a cross-site post', async () => {
    const other = await createAd(t.owner, t.project.id, { creationIds: ad.items.map((item) => item.creationId), name: 'Other' });
    const otherLink = await shareLink(t.owner, other.id);
    await post(`/preview/${otherLink}/pins`, { item: '0', x: '0.5', y: '0.5', name: 'Carla', body: 'On the other' });
    const theirs = (await pinsOf(t.owner, other.id)).items[0]!;
    expect((await post(`/preview/${previewId}/pins/${theirs.id}/resolve`, {})).status).toBe(404);
    expect((await post(`/preview/${previewId}/pins/${theirs.id}/replies`, { name: 'Carla', body: 'Hi' })).status).toBe(404);
    expect((await post(`/preview/AAAAAAAAAAAAAAAAAAAAAAAA/pins`, { item: '0', x: '0.5', y: '0.5', name: 'Carla', body: 'Hi' })).status).toBe(404);
    expect((await post(`/preview/short/pins`, { item: '0', x: '0.5', y: '0.5', name: 'Carla', body: 'Hi' })).status).toBe(404);
    const crossSite = await send(`/preview/${previewId}/pins/${theirs.id}/resolve`, { form: {}, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await pinsOf(t.owner, other.id)).items[0]!.resolvedAt).toBeNull();
  });

  it('takes no pin while the project is archived (the page again, 422, as the review form), and limits each network per hour (429)', async () => {
    const before = (await pinsOf(t.owner, ad.id)).items.length;
    await db().update(projects).set({ archivedAt: new Date() }).where(eq(projects.id, t.project.id));
    const archived = await post(`/preview/${previewId}/pins`, { item: '0', x: '0.5', y: '0.5', name: 'Carla', body: 'Archived?' });
    expect(archived.status).toBe(422);
    expect(await archived.text()).toContain('reviews are closed');
    await db().update(projects).set({ archivedAt: null }).where(eq(projects.id, t.project.id));
    const { items } = await pinsOf(t.owner, ad.id);
    expect(items.length).toBe(before);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await post(`/preview/${previewId}/pins/${items[0]!.id}/resolve`, {}, { ip: '192.0.2.77' })).status);
    expect(statuses.slice(0, 120).every((s) => s === 303)).toBe(true);
    expect(statuses[120]).toBe(429);
  });
});
