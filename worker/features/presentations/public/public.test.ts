import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Presentation } from '#common/schemas/presentations.ts';
import { BEACON_SCRIPT } from '#client/presentations/beacon-script.ts';
import { getDb } from '#worker/db/client.ts';
import {
  adItems,
  ads,
  auditLog,
  creations,
  presentationSectionStats,
  presentationStats,
  presentations,
  projectMembers,
  rateLimits,
} from '#worker/db/schema.ts';
import { utcDay } from '#worker/features/funnels/analytics/service.ts';
import { viewToken } from '#worker/features/presentations/public/tokens.ts';
import { purgeDeletedContent } from '#worker/jobs/index.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const BOTS = [
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'WhatsApp/2.23.20.0',
  'Twitterbot/1.0',
  'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
];
const SECRET_TEXT = 'a private note only the customer should read';

let author: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  author = await createAgencyUser('Ada Author');
  stranger = await createUser();
  admin = await createUser({ role: 'admin' });
});

const visit = (path: string, options: { ua?: string; cookie?: string; ip?: string; headers?: Record<string, string> } = {}) =>
  send(path, {
    cookie: options.cookie,
    headers: { 'user-agent': options.ua ?? BROWSER, 'cf-connecting-ip': options.ip ?? '203.0.113.50', ...options.headers },
  });

async function statsOf(id: string) {
  return getDb(env.DB)
    .select()
    .from(presentationStats)
    .where(and(eq(presentationStats.presentationId, id), eq(presentationStats.day, utcDay(Date.now()))))
    .get();
}

/** Unlock attempts counted so far (rate_limits rows of the unlock form). */
async function unlockAttempts(): Promise<number> {
  const rows = await getDb(env.DB).select().from(rateLimits).all();
  return rows.filter((row) => row.key.startsWith('presentation-unlock:')).reduce((sum, row) => sum + row.count, 0);
}

function tokenOf(html: string): string {
  return /data-view="([^"]+)"/.exec(html)![1]!;
}

describe('the public page', () => {
  it('is complete HTML with no script but the beacon (allowed by its hash), the theme and the affiliate code on the call to action', async () => {
    const p = await createPresentation(author, { customerName: 'Bright Dental' });
    const response = await visit(`/presents/${p.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Spring campaign for Bright Dental');
    expect(html).toContain(SECRET_TEXT);
    expect(html).toContain('<main id="main"');
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([BEACON_SCRIPT]);
    expect(html).not.toMatch(/\son[a-z]+=|style="/i);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toMatch(/href="https:\/\/cal\.example\.com\/meet\?ref=ref[A-Za-z0-9x]+"/);
    expect(html).toContain(`<meta property="og:image" content="https://adloom.test/presents/${p.slug}/og.png">`);
  });

  it('unknown, malformed and unpublished slugs are a 404 page; the author and admins see a draft, marked as one', async () => {
    expect((await visit('/presents/no-such-presentation-here')).status).toBe(404);
    expect((await visit('/presents/..%2Fetc')).status).toBe(404);
    const draft = await createPresentation(author, { publish: false });
    const anonymous = await visit(`/presents/${draft.slug}`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain(SECRET_TEXT);
    expect((await visit(`/presents/${draft.slug}`, { cookie: stranger.cookie })).status).toBe(404);
    const own = await visit(`/presents/${draft.slug}`, { cookie: author.cookie });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('This is a draft');
    expect((await visit(`/presents/${draft.slug}`, { cookie: admin.cookie })).status).toBe(200);
  });

  it('after its expiry, visitors get the expired page (410) and nothing else', async () => {
    const p = await createPresentation(author, { expiresAt: '2020-01-01T00:00:00Z' });
    const response = await visit(`/presents/${p.slug}`);
    expect(response.status).toBe(410);
    const html = await response.text();
    expect(html).toContain('This presentation has expired');
    expect(html).not.toContain(SECRET_TEXT);
    expect(await statsOf(p.id)).toBeUndefined();
    // Nor its pictures.
    expect((await visit(`/presents/${p.slug}/creation/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
  });
});

describe('password', () => {
  let p: Presentation;
  beforeAll(async () => {
    p = await createPresentation(author, { password: 'open sesame 2026', customerName: 'Locked Legal' });
  });

  it('shows a form and nothing of the presentation', async () => {
    const response = await visit(`/presents/${p.slug}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`action="/presents/${p.slug}/unlock"`);
    expect(html).not.toContain(SECRET_TEXT);
    expect(html).not.toContain('Locked Legal');
    expect(html).not.toContain('<script');
    expect(await statsOf(p.id)).toBeUndefined();
  });

  it('a wrong password: the form again (422); the right one: a signed HttpOnly cookie for this presentation, then the page', async () => {
    const ip = '203.0.113.61';
    const wrong = await send(`/presents/${p.slug}/unlock`, {
      form: { password: 'nope nope nope' },
      headers: { 'user-agent': BROWSER, 'cf-connecting-ip': ip },
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('That password is not right');
    const right = await send(`/presents/${p.slug}/unlock`, {
      form: { password: 'open sesame 2026' },
      headers: { 'user-agent': BROWSER, 'cf-connecting-ip': ip },
    });
    expect(right.status).toBe(303);
    expect(right.headers.get('location')).toBe(`/presents/${p.slug}`);
    const setCookie = right.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Secure/);
    expect(setCookie).toContain(`Path=/presents/${p.slug}`);
    const cookie = setCookie.split(';')[0]!;
    const opened = await visit(`/presents/${p.slug}`, { cookie });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain(SECRET_TEXT);

    // Tampered: another expiry, another signature, another presentation's cookie name.
    const [name, value] = cookie.split('=') as [string, string];
    const [expires, signature] = value.split('.') as [string, string];
    for (const forged of [
      `${name}=${Number(expires) + 1}.${signature}`,
      `${name}=${expires}.${signature.slice(0, -2)}AA`,
      `${name}=${expires}`,
      `${name}=garbage`,
      `pres_AAAAAAAAAAAAAAAAAAAAAA=${value}`,
    ]) {
      const response = await visit(`/presents/${p.slug}`, { cookie: forged });
      expect(await response.text(), forged).not.toContain(SECRET_TEXT);
    }
    // The cookie does not open another protected presentation.
    const q = await createPresentation(author, { password: 'open sesame 2026' });
    expect(await (await visit(`/presents/${q.slug}`, { cookie: cookie.replace(p.id, q.id) })).text()).not.toContain(SECRET_TEXT);
  });

  it('a new password locks out earlier cookies', async () => {
    const q = await createPresentation(author, { password: 'first password 1' });
    const right = await send(`/presents/${q.slug}/unlock`, { form: { password: 'first password 1' }, headers: { 'user-agent': BROWSER } });
    const cookie = right.headers.get('set-cookie')!.split(';')[0]!;
    expect(await (await visit(`/presents/${q.slug}`, { cookie })).text()).toContain(SECRET_TEXT);
    const changed = await send(`/api/presentations/${q.id}`, {
      method: 'PATCH',
      json: { baseRevision: q.revision, password: 'second password 2' },
      cookie: author.cookie,
    });
    expect(changed.status).toBe(200);
    expect(await (await visit(`/presents/${q.slug}`, { cookie })).text()).not.toContain(SECRET_TEXT);
  });

  it('attempts are limited per network (10 in 15 minutes): after them even the right password gets 429 and no cookie; an IPv6 /64 is one network', async () => {
    const ip = '203.0.113.62';
    const attempt = (password: string, address: string) =>
      send(`/presents/${p.slug}/unlock`, { form: { password }, headers: { 'user-agent': BROWSER, 'cf-connecting-ip': address } });
    for (let i = 0; i < 10; i += 1) expect((await attempt(`guess ${i}`, ip)).status).toBe(422);
    const right = await attempt('open sesame 2026', ip);
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toBeTruthy();
    expect(right.headers.get('set-cookie')).toBeNull();
    for (let i = 0; i < 10; i += 1) await attempt(`guess ${i}`, `2001:db8:77:1::${i + 1}`);
    expect((await attempt('open sesame 2026', '2001:db8:77:1::ff')).status).toBe(429);
    // Elsewhere the right password works (and clears that network's count).
    expect((await attempt('open sesame 2026', '203.0.113.64')).status).toBe(303);
  });

  it('bad form bodies are refused without a 500', async () => {
    const json = await send(`/presents/${p.slug}/unlock`, { json: { password: 'x' } });
    expect(json.status).toBeLessThan(500);
    expect(json.status).toBeGreaterThanOrEqual(400);
    const huge = await send(`/presents/${p.slug}/unlock`, { form: { password: 'x'.repeat(5000) }, headers: { 'cf-connecting-ip': '203.0.113.63' } });
    expect(huge.status).toBe(422);
  });
});

describe('link-preview bots', () => {
  it('get a neutral card: no intro, sections or prices; nothing counted; no unlock attempt used; the password form never', async () => {
    const attemptsBefore = await unlockAttempts();
    const open = await createPresentation(author, { customerName: 'Open Optics' });
    const locked = await createPresentation(author, { customerName: 'Hidden Hotels', password: 'open sesame 2027' });
    for (const ua of BOTS) {
      const a = await visit(`/presents/${open.slug}`, { ua });
      expect(a.status).toBe(200);
      const html = await a.text();
      expect(html).not.toContain(SECRET_TEXT);
      expect(html).not.toContain('€4,900');
      expect(html).not.toContain('<script');
      expect(html).toContain('A presentation for Open Optics');
      expect(html).toContain(`/presents/${open.slug}/og.png`);
      const b = await visit(`/presents/${locked.slug}`, { ua });
      const lockedHtml = await b.text();
      expect(lockedHtml).not.toContain('Hidden Hotels');
      expect(lockedHtml).not.toContain('unlock');
      expect(lockedHtml).toContain('A private presentation');
      expect(b.headers.get('set-cookie')).toBeNull();
    }
    expect(await statsOf(open.id)).toBeUndefined();
    expect(await statsOf(locked.id)).toBeUndefined();
    expect(await unlockAttempts()).toBe(attemptsBefore);
  });
});

describe('views', () => {
  it('counts people, not bots, prefetches, the author or admins; one visitor per day and address', async () => {
    const p = await createPresentation(author);
    await visit(`/presents/${p.slug}`, { ip: '203.0.113.70' });
    await visit(`/presents/${p.slug}`, { ip: '203.0.113.70' });
    await visit(`/presents/${p.slug}`, { ip: '203.0.113.71' });
    await visit(`/presents/${p.slug}`, { ua: BOTS[0] });
    await visit(`/presents/${p.slug}`, { headers: { 'sec-purpose': 'prefetch' } });
    await visit(`/presents/${p.slug}`, { cookie: author.cookie });
    await visit(`/presents/${p.slug}`, { cookie: admin.cookie });
    await send(`/presents/${p.slug}`, { method: 'HEAD', headers: { 'user-agent': BROWSER } });
    const stats = await statsOf(p.id);
    expect(stats).toMatchObject({ views: 3, visitors: 2, seconds: 0 });
    const api = (await (await send(`/api/presentations/${p.id}/stats`, { cookie: author.cookie })).json()) as { totals: { views: number; visitors: number } };
    expect(api.totals).toMatchObject({ views: 3, visitors: 2 });
  });
});

describe('the beacon', () => {
  let p: Presentation;
  let other: Presentation;
  beforeAll(async () => {
    p = await createPresentation(author);
    other = await createPresentation(author);
  });

  const beacon = (slug: string, form: Record<string, string>, ua = BROWSER) => send(`/presents/${slug}/beacon`, { form, headers: { 'user-agent': ua } });

  it('adds the seconds a view grew by and each section once, capped by the time since the page was served', async () => {
    const token = await viewToken(env.SESSION_SECRET, p.id, Date.now() - 60_000);
    expect((await beacon(p.slug, { t: token, s: '20', r: 'hero,intro' })).status).toBe(204);
    expect((await statsOf(p.id))?.seconds).toBe(20);
    // The same report again: nothing new. A longer one: only the growth.
    await beacon(p.slug, { t: token, s: '20', r: 'hero,intro' });
    await beacon(p.slug, { t: token, s: '30', r: 'hero,intro,offer' });
    // A lower total (another tab's report arriving late) takes nothing away.
    await beacon(p.slug, { t: token, s: '5', r: '' });
    expect((await statsOf(p.id))?.seconds).toBe(30);
    // Huge numbers: at most the time since the page was served (60 s + slack).
    await beacon(p.slug, { t: token, s: '999999999', r: 'cta' });
    const seconds = (await statsOf(p.id))!.seconds;
    expect(seconds).toBeGreaterThanOrEqual(60);
    expect(seconds).toBeLessThanOrEqual(70);
    const reached = await getDb(env.DB).select().from(presentationSectionStats).where(eq(presentationSectionStats.presentationId, p.id)).all();
    expect(Object.fromEntries(reached.map((r) => [r.sectionId, r.reached]))).toEqual({ hero: 1, intro: 1, offer: 1, cta: 1 });
  });

  it('ignores tokens of another presentation, forged or malformed ones, unknown sections and bots; refuses malformed bodies with 4xx', async () => {
    const token = await viewToken(env.SESSION_SECRET, other.id, Date.now() - 60_000);
    expect((await beacon(p.slug, { t: token, s: '30', r: 'hero' })).status).toBe(204);
    const ownToken = await viewToken(env.SESSION_SECRET, other.id, Date.now() - 60_000);
    await beacon(other.slug, { t: `${ownToken.slice(0, -3)}xyz`, s: '30', r: 'hero' });
    await beacon(other.slug, { t: 'garbage', s: '30', r: 'hero' });
    await beacon(other.slug, { t: ownToken, s: '30', r: 'hero' }, BOTS[0]);
    expect(await statsOf(other.id)).toBeUndefined();
    await beacon(other.slug, { t: ownToken, s: '10', r: 'not-a-section,../x,hero' });
    const reached = await getDb(env.DB).select().from(presentationSectionStats).where(eq(presentationSectionStats.presentationId, other.id)).all();
    expect(reached.map((r) => r.sectionId)).toEqual(['hero']);
    for (const form of [
      { t: ownToken, s: '-5', r: '' },
      { t: ownToken, s: '1e9', r: '' },
      { t: ownToken, s: 'abc' },
      { s: '3' },
      { t: 'x'.repeat(400), s: '3' },
    ]) {
      const response = await beacon(other.slug, form as Record<string, string>);
      expect(response.status, JSON.stringify(form)).toBe(422);
    }
    const json = await send(`/presents/${other.slug}/beacon`, { body: '{"t":', headers: { 'content-type': 'application/json' } });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    // A token from the page itself works end to end.
    const html = await (await visit(`/presents/${other.slug}`)).text();
    const before = (await statsOf(other.id))!.seconds;
    expect((await beacon(other.slug, { t: tokenOf(html), s: '2', r: 'intro' })).status).toBe(204);
    expect((await statsOf(other.id))!.seconds).toBe(before + 2);
  });
});

describe('the Open Graph picture', () => {
  it('is a 1200×628 PNG with the customer’s name, drawn once and kept in R2', async () => {
    const p = await createPresentation(author, { customerName: 'Card Customer' });
    const first = await send(`/presents/${p.slug}/og.png`, { headers: { 'user-agent': BOTS[0]! } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 628]);
    const listed = await env.MEDIA.list({ prefix: `presentations/og/${p.id}/` });
    expect(listed.objects).toHaveLength(1);
    const second = await send(`/presents/${p.slug}/og.png`);
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    const draft = await createPresentation(author, { publish: false });
    expect((await send(`/presents/${draft.slug}/og.png`)).status).toBe(404);
    // A new name: a new card, the old one removed.
    const document = { ...p.document, customerName: 'Renamed Customer' };
    expect((await send(`/api/presentations/${p.id}`, { method: 'PATCH', json: { baseRevision: p.revision, document }, cookie: author.cookie })).status).toBe(
      200,
    );
    const renamed = await send(`/presents/${p.slug}/og.png`);
    expect(new Uint8Array(await renamed.arrayBuffer())).not.toEqual(bytes);
    expect((await env.MEDIA.list({ prefix: `presentations/og/${p.id}/` })).objects).toHaveLength(1);
    // Deleted, then purged 30 days later: the card (with the customer's name) goes with the row.
    expect((await send(`/api/presentations/${p.id}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(204);
    await purgeDeletedContent(env, new Date(Date.now() + 31 * 86_400_000));
    expect((await env.MEDIA.list({ prefix: `presentations/og/${p.id}/` })).objects).toHaveLength(0);
    expect(await getDb(env.DB).select().from(presentations).where(eq(presentations.id, p.id)).get()).toBeUndefined();
  });
});

describe('the components gallery', () => {
  it('shows every section type in the presentation’s theme to its author and admins; 404 for others, login for the signed out', async () => {
    const p = await createPresentation(author);
    const own = await send(`/presents/${p.slug}/components`, { cookie: author.cookie });
    expect(own.status).toBe(200);
    const html = await own.text();
    for (const label of ['Hero', 'Personal intro', 'Creatives', 'Ad previews', 'Funnel pages', 'Pricing offer', 'Testimonials', 'Call to action'])
      expect(html).toContain(label);
    expect(html).not.toContain('<script');
    expect((await send(`/presents/${p.slug}/components`, { cookie: admin.cookie })).status).toBe(200);
    expect((await send(`/presents/${p.slug}/components`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await send(`/presents/${p.slug}/components`)).status).toBe(302);
    expect((await send('/presents/no-such-thing-x/components', { cookie: author.cookie })).status).toBe(404);
  });
});

describe('what a presentation shows of its project', () => {
  /** A project of `owner` (with `member` as an editor): a creation with its file, a second one nobody picked, and an ad in review with a preview link. */
  async function projectWithWork(owner: TestUser, member?: TestUser) {
    const project = await createProject(owner, member ? { editor: member } : {}, 'Client Roasters');
    const db = getDb(env.DB);
    const ids = { shown: `creation-${crypto.randomUUID().slice(0, 12)}-shown`, other: `creation-${crypto.randomUUID().slice(0, 12)}-other` };
    for (const id of [ids.shown, ids.other]) {
      const key = `creations/${project.id}/${id}.png`;
      await env.MEDIA.put(key, png(4, 4), { httpMetadata: { contentType: 'image/png' } });
      await db.insert(creations).values({
        id,
        projectId: project.id,
        revisionId: `rev-${id}`,
        revisionNumber: 1,
        name: id,
        format: 'square',
        width: 4,
        height: 4,
        size: 4,
        r2Key: key,
      });
    }
    const adId = `ad-${crypto.randomUUID().slice(0, 12)}-client`;
    const previewId = `preview${crypto.randomUUID().replaceAll('-', '')}`;
    await db
      .insert(ads)
      .values({ id: adId, projectId: project.id, name: 'Client ad', kind: 'single', status: 'in_review', placements: ['instagram_feed'], previewId });
    await db.insert(adItems).values({ adId, position: 0, creationId: ids.shown });
    return { project, ids, adId, previewId };
  }

  /** A published presentation prefilled from the project (its creations and ads). */
  async function fromProject(user: TestUser, projectId: string): Promise<Presentation> {
    const created = await send('/api/presentations', {
      json: { slug: `client-${crypto.randomUUID().slice(0, 8)}`, customerName: 'Client Roasters', fromProjectId: projectId },
      cookie: user.cookie,
    });
    expect(created.status).toBe(201);
    const p = (await created.json()) as Presentation;
    const published = await send(`/api/presentations/${p.id}/publish`, { method: 'POST', cookie: user.cookie });
    expect(published.status).toBe(200);
    return (await published.json()) as Presentation;
  }

  it('shows its creatives and ads, never the ad’s approval link, and serves only the creations it shows', async () => {
    const work = await projectWithWork(author);
    const prefilled = await fromProject(author, work.project.id);
    // The prefill picked both creations: keep only the first in the creatives section.
    const document = structuredClone(prefilled.document);
    for (const section of document.sections) if (section.type === 'creatives') section.props.items = [{ creationId: work.ids.shown, caption: '' }];
    const saved = await send(`/api/presentations/${prefilled.id}`, {
      method: 'PATCH',
      json: { baseRevision: prefilled.revision, document },
      cookie: author.cookie,
    });
    expect(saved.status).toBe(200);
    const p = (await saved.json()) as Presentation;
    const html = await (await visit(`/presents/${p.slug}`)).text();
    expect(html).toContain(`/presents/${p.slug}/creation/${work.ids.shown}`);
    expect(html).not.toContain('/preview/');
    expect(html).not.toContain(work.previewId);
    expect(JSON.stringify(p)).not.toContain(work.previewId);
    expect((await visit(`/presents/${p.slug}/creation/${work.ids.shown}`)).status).toBe(200);
    expect((await visit(`/presents/${p.slug}/creation/${work.ids.other}`)).status).toBe(404);
  });

  it('a viewer cannot show a project’s work; an author who is no longer an editor shows nothing of it', async () => {
    const owner = await createAgencyUser('Project Owner');
    const editor = await createAgencyUser('Former Editor');
    const work = await projectWithWork(owner, editor);
    const viewer = await createAgencyUser('Just A Viewer');
    await getDb(env.DB)
      .insert(projectMembers)
      .values({ projectId: work.project.id, userId: viewer.id, role: 'viewer', createdAt: new Date(), updatedAt: new Date() });
    const refused = await send('/api/presentations', {
      json: { slug: `viewer-${crypto.randomUUID().slice(0, 8)}`, customerName: 'X', fromProjectId: work.project.id },
      cookie: viewer.cookie,
    });
    expect(refused.status).toBe(422);

    const p = await fromProject(editor, work.project.id);
    expect(await (await visit(`/presents/${p.slug}`)).text()).toContain(work.ids.shown);
    await getDb(env.DB)
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, work.project.id), eq(projectMembers.userId, editor.id)));
    expect(await (await visit(`/presents/${p.slug}`)).text()).not.toContain(work.ids.shown);
    expect((await visit(`/presents/${p.slug}/creation/${work.ids.shown}`)).status).toBe(404);
    const sources = (await (await send(`/api/presentations/${p.id}/sources`, { cookie: editor.cookie })).json()) as { project: unknown; creations: unknown[] };
    expect(sources).toMatchObject({ project: null, creations: [] });
    const detail = (await (await send(`/api/presentations/${p.id}`, { cookie: editor.cookie })).json()) as Presentation;
    expect(detail.resolved.creations).toEqual({});
  });

  it('a deleted project’s work is gone from the page at once', async () => {
    const work = await projectWithWork(author);
    const p = await fromProject(author, work.project.id);
    expect((await send(`/api/projects/${work.project.id}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(204);
    expect(await (await visit(`/presents/${p.slug}`)).text()).not.toContain(work.ids.shown);
    expect((await visit(`/presents/${p.slug}/creation/${work.ids.shown}`)).status).toBe(404);
  });

  it('an admin’s link to a project they are not in is audited (with before and after), and so is reading its sources', async () => {
    const work = await projectWithWork(author);
    const headers = { 'cf-connecting-ip': '192.0.2.88' };
    const created = await send('/api/presentations', {
      json: { slug: `admin-${crypto.randomUUID().slice(0, 8)}`, customerName: 'Client', fromProjectId: work.project.id },
      cookie: admin.cookie,
      headers,
    });
    expect(created.status).toBe(201);
    const p = (await created.json()) as Presentation;
    expect((await send(`/api/presentations/${p.id}/sources`, { cookie: admin.cookie, headers })).status).toBe(200);
    const own = await createPresentation(admin, { publish: false });
    const linked = await send(`/api/presentations/${own.id}`, {
      method: 'PATCH',
      json: { baseRevision: own.revision, projectId: work.project.id },
      cookie: admin.cookie,
      headers,
    });
    expect(linked.status).toBe(200);
    const entries = await getDb(env.DB).select().from(auditLog).where(eq(auditLog.projectId, work.project.id)).all();
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['presentation.create', 'presentation.sources_viewed', 'presentation.project_linked']));
    expect(entries.find((e) => e.action === 'presentation.project_linked')!.details).toMatchObject({
      before: { projectId: null },
      after: { projectId: work.project.id },
    });
    for (const entry of entries) expect(entry.ip).toBe('192.0.2.88');
  });
});
