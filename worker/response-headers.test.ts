import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creations } from '#worker/db/schema.ts';
import { affiliateCodeOf } from '#worker/features/affiliate/service.ts';
import { signMediaUrl } from '#worker/features/media/service.ts';
import { BOOKMARK_COOKIE } from '#worker/lib/d1-session.ts';
import { newId } from '#worker/lib/ids.ts';
import { brokenDb } from '#worker/test/broken-db.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { pageDoc, seedFunnel, textBlock, uniqueFunnelName } from '#worker/test/funnels-edge.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';

/**
 * Issue 15 point 8: every class of response the worker gives carries the security headers that
 * suit it, personal JSON is never cached, and every cookie has its flags. One row per class:
 * a header that goes missing from any of them fails its row.
 */

/** On every response, whatever it is. */
const EVERYWHERE: Record<string, RegExp> = {
  'strict-transport-security': /^max-age=63072000; includeSubDomains$/,
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'x-frame-options': /^DENY$/,
  'permissions-policy': /camera=\(\), microphone=\(\), geolocation=\(\)/,
  'content-security-policy': /frame-ancestors 'none'/,
  'x-request-id': /^[A-Za-z0-9_-]{16}$/,
};

type Kind = 'html' | 'json' | 'file' | 'asset' | 'text';

interface Case {
  status: number;
  kind: Kind;
  /** Cache-Control exactly, or a pattern. */
  cache: string | RegExp;
  /** Cross-Origin-Opener-Policy: `same-origin` unless given (the funnel pages' `unsafe-none`, decision 0039). */
  opener?: 'unsafe-none';
}

/** What a Content-Security-Policy must say for a response of that kind. */
function assertCsp(csp: string, kind: Kind, html: string): void {
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  if (kind !== 'html') {
    // JSON and files: nothing in them may load or run, even when opened as a document.
    expect(csp).toMatch(/^default-src 'none'/);
    return;
  }
  for (const directive of ["object-src 'none'", "base-uri 'none'", "form-action 'self'", "default-src 'self'"]) expect(csp).toContain(directive);
  const script = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
  if (script === "'none'") {
    expect(html).not.toMatch(/<script(?![^>]*type="application\/(?:ld\+)?json")/);
  } else if (script.startsWith("'nonce-")) {
    const nonce = /'nonce-([^']+)'/.exec(script)![1]!;
    // Every script of the page carries this response's nonce; nothing else may run.
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) if (!/type="application\/json"/.test(tag)) expect(tag).toContain(`nonce="${nonce}"`);
  } else {
    // Cached pages (funnels, presentations): their one small script allowed by its hash.
    expect(script).toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
  }
}

async function check(name: string, response: Response, expected: Case): Promise<void> {
  const body = expected.kind === 'html' || expected.kind === 'json' ? await response.text() : '';
  expect(response.status, name).toBe(expected.status);
  for (const [header, pattern] of Object.entries(EVERYWHERE)) expect(response.headers.get(header) ?? '', `${name}: ${header}`).toMatch(pattern);
  expect(response.headers.get('cross-origin-opener-policy'), `${name}: cross-origin-opener-policy`).toBe(expected.opener ?? 'same-origin');
  const cache = response.headers.get('cache-control') ?? '';
  if (typeof expected.cache === 'string') expect(cache, `${name}: cache-control`).toBe(expected.cache);
  else expect(cache, `${name}: cache-control`).toMatch(expected.cache);
  assertCsp(response.headers.get('content-security-policy')!, expected.kind, body);
  const type = response.headers.get('content-type') ?? '';
  if (expected.kind === 'html') expect(type, `${name}: content-type`).toMatch(/^text\/html/);
  if (expected.kind === 'json') expect(type, `${name}: content-type`).toMatch(/^application\/json/);
  if (expected.kind === 'file')
    expect(response.headers.get('content-disposition') ?? '', `${name}: content-disposition`).toMatch(/^(inline|attachment); filename=/);
}

let owner: TestUser;
let project: { id: string };
let mediaId: string;
let creationId: string;
let stylesheet: string;
let funnel: { name: string; domain: string };
let previewId: string;
let presentationSlug: string;

beforeAll(async () => {
  owner = await createUser();
  project = await createProject(owner);
  mediaId = (await uploadMedia(owner, project.id, png(12, 12, 815))).id;
  // A rendered picture, stored as the renderer stores one (no render needed for its headers).
  creationId = newId();
  const key = `creations/${project.id}/${creationId}.png`;
  await env.MEDIA.put(key, png(12, 12, 816), { httpMetadata: { contentType: 'image/png' } });
  await getDb(env.DB).insert(creations).values({
    id: creationId,
    projectId: project.id,
    revisionId: newId(),
    revisionNumber: 1,
    createdBy: owner.id,
    name: 'Spring square',
    format: 'square',
    width: 12,
    height: 12,
    size: 100,
    r2Key: key,
    createdAt: new Date(),
  });
  const home = await (await send('/')).text();
  stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(home)![1]!;
  const domain = `${uniqueFunnelName('hdr')}.example.com`;
  const seeded = await seedFunnel(project.id, { customDomain: domain, pages: [{ slug: 'offer', a: pageDoc([textBlock('Fresh coffee for spring.')]) }] });
  funnel = { name: seeded.name, domain };
  const ad = await send(`/api/projects/${project.id}/ads`, { json: { creationIds: [creationId], name: 'Spring launch' }, cookie: owner.cookie });
  expect(ad.status).toBe(201);
  const link = await send(`/api/ads/${((await ad.json()) as { id: string }).id}/preview-link`, { method: 'POST', cookie: owner.cookie });
  previewId = new URL(((await link.json()) as { previewUrl: string }).previewUrl).pathname.split('/').pop()!;
  presentationSlug = (await createPresentation(await createAgencyUser())).slug;
});

describe('security headers by response class', () => {
  const PAGE = 'private, no-cache';
  const PERSONAL = 'private, no-store';

  it('SSR pages: the interactive landing page (nonce) and a content page (no script at all)', async () => {
    await check('landing', await send('/'), { status: 200, kind: 'html', cache: PAGE });
    await check('about', await send('/about'), { status: 200, kind: 'html', cache: PAGE });
    await check('login', await send('/login'), { status: 200, kind: 'html', cache: PAGE });
  });

  it('the SPA shell of the workspace', async () => {
    await check('dashboard', await send('/dashboard', { cookie: owner.cookie }), { status: 200, kind: 'html', cache: PAGE });
    await check('project', await send(`/projects/${project.id}`, { cookie: owner.cookie }), { status: 200, kind: 'html', cache: PAGE });
  });

  it('API JSON: personal, never cached by anyone', async () => {
    await check('me', await send('/api/me', { cookie: owner.cookie }), { status: 200, kind: 'json', cache: PERSONAL });
    await check('media list', await send(`/api/projects/${project.id}/media`, { cookie: owner.cookie }), { status: 200, kind: 'json', cache: PERSONAL });
    await check('health', await send('/api/health'), { status: 200, kind: 'json', cache: PERSONAL });
  });

  it('files from R2: media and creations, with the session or a signed link', async () => {
    const media = await send(`/api/media/${mediaId}/file`, { cookie: owner.cookie });
    await check('media file', media, { status: 200, kind: 'file', cache: /^private, / });
    await check('media download', await send(`/api/media/${mediaId}/file?download=1`, { cookie: owner.cookie }), {
      status: 200,
      kind: 'file',
      cache: /^private, /,
    });
    await check('media 304', await send(`/api/media/${mediaId}/file`, { cookie: owner.cookie, headers: { 'if-none-match': media.headers.get('etag')! } }), {
      status: 304,
      kind: 'file',
      cache: /^private, /,
    });
    await check('signed media', await send(await signMediaUrl(env.SESSION_SECRET, mediaId, 'file', 60)), {
      status: 200,
      kind: 'file',
      cache: 'public, max-age=3600',
    });
    await check('creation file', await send(`/api/creations/${creationId}/file`, { cookie: owner.cookie }), { status: 200, kind: 'file', cache: /^private, / });
  });

  it('static assets handed over from the build', async () => {
    await check('hashed asset', await send(stylesheet), { status: 200, kind: 'asset', cache: 'public, max-age=31536000, immutable' });
    // An SVG opened on its own runs nothing (its CSP is `default-src 'none'`).
    await check('favicon', await send('/favicon.svg'), { status: 200, kind: 'asset', cache: 'public, max-age=3600' });
    await check('robots', await send('/robots.txt'), { status: 200, kind: 'asset', cache: 'public, max-age=3600' });
  });

  it('error pages: 404 and 500, as HTML and as API envelopes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await check('404 page', await send('/no-such-page'), { status: 404, kind: 'html', cache: PAGE });
    await check('404 api', await send('/api/no-such-thing'), { status: 404, kind: 'json', cache: PERSONAL });
    const broken = { DB: brokenDb('D1_ERROR: disk I/O error') };
    // A user this isolate has not seen yet, so that the session itself needs the broken database.
    const fresh = await createUser();
    await check('500 page', await send(`/projects/${project.id}`, { cookie: fresh.cookie, env: broken }), {
      status: 500,
      kind: 'html',
      cache: /no-cache|no-store/,
    });
    await check('500 api', await send('/api/projects', { cookie: fresh.cookie, env: broken }), { status: 500, kind: 'json', cache: PERSONAL });
    // A deployment missing its configuration answers before the app runs: the headers are there too.
    await check('misconfigured', await send('/', { env: { SESSION_SECRET: 'too-short' } }), { status: 500, kind: 'text', cache: 'no-store' });
  });

  it('published funnel pages, at /p/… and on the funnel’s own domain', async () => {
    const page = { kind: 'html', cache: /./, opener: 'unsafe-none' } as const;
    await check('funnel page', await send(`/p/${funnel.name}/offer`), { status: 200, ...page });
    await check('custom domain', await send('/offer', { headers: { host: funnel.domain } }), { status: 200, ...page });
    await check('custom domain 404', await send('/nothing-here', { headers: { host: funnel.domain } }), { status: 404, ...page });
    await check('funnel 404', await send(`/p/${funnel.name}/nothing-here`), { status: 404, ...page });
  });

  it('the ad preview page', async () => {
    await check('preview', await send(`/preview/${previewId}`), { status: 200, kind: 'html', cache: /private/ });
  });

  it('the presentation page', async () => {
    await check('presentation', await send(`/presents/${presentationSlug}`), { status: 200, kind: 'html', cache: /./ });
  });

  it('/monitoring answers with the API headers too', async () => {
    await check('monitoring off', await send('/monitoring', { body: 'x', headers: { 'content-type': 'text/plain' } }), {
      status: 404,
      kind: 'json',
      cache: 'no-store',
    });
    await check('monitoring malformed', await send('/monitoring', { body: 'not an envelope', env: { SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/2' } }), {
      status: 400,
      kind: 'json',
      cache: 'no-store',
    });
  });
});

/** The attributes of one Set-Cookie header, lower-cased names. */
function cookieNamed(response: Response, name: string): Record<string, string> | undefined {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
  if (!header) return undefined;
  const [pair, ...attributes] = header.split(/;\s*/);
  const flags: Record<string, string> = { value: pair!.slice(name.length + 1) };
  for (const attribute of attributes) {
    const [key, value = 'true'] = attribute.split('=');
    flags[key!.toLowerCase()] = value;
  }
  return flags;
}

describe('cookie flags', () => {
  const LAX_SECURE = { httponly: 'true', secure: 'true', samesite: 'Lax' };

  it('session: HttpOnly, Secure, SameSite=Lax, Path=/, 30 days; cleared the same way', async () => {
    const login = await send('/api/auth/login', { json: { email: owner.email, password: owner.password } });
    expect(cookieNamed(login, 'adloom_session')).toMatchObject({ ...LAX_SECURE, path: '/', 'max-age': String(30 * 24 * 60 * 60) });
    const session = `adloom_session=${cookieNamed(login, 'adloom_session')!.value}`;
    const logout = await send('/api/auth/logout', { method: 'POST', cookie: session });
    expect(cookieNamed(logout, 'adloom_session')).toMatchObject({ ...LAX_SECURE, path: '/', 'max-age': '0', value: '' });
  });

  it('D1 bookmark: HttpOnly, Secure, SameSite=Lax, Path=/, a day', async () => {
    const write = await send('/api/me', { method: 'PATCH', json: { name: 'Flags Checked' }, cookie: owner.cookie });
    expect(write.status).toBe(200);
    expect(cookieNamed(write, BOOKMARK_COOKIE)).toMatchObject({ ...LAX_SECURE, path: '/', 'max-age': '86400' });
  });

  it('affiliate referral: HttpOnly, Secure, SameSite=Lax, Path=/, 60 days', async () => {
    const code = await affiliateCodeOf(getDb(env.DB), owner.id);
    const response = await send(`/redirect?ref=${code}`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0' } });
    expect(cookieNamed(response, 'adloom_ref')).toMatchObject({ ...LAX_SECURE, path: '/', 'max-age': String(60 * 24 * 60 * 60) });
  });

  it('funnel A/B variant: HttpOnly, Secure, SameSite=Lax, scoped to the funnel’s path', async () => {
    const seeded = await seedFunnel(project.id, {
      pages: [{ slug: 'split', a: pageDoc([textBlock('A side')]), b: pageDoc([textBlock('B side')]), splitB: 50 }],
    });
    const response = await send(`/p/${seeded.name}/split`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0' } });
    expect(cookieNamed(response, `ab_${seeded.pages[0]!.id}`)).toMatchObject({ ...LAX_SECURE, path: `/p/${seeded.name}` });
  });

  it('presentation unlock: HttpOnly, Secure, SameSite=Lax, scoped to the presentation', async () => {
    const locked = await createPresentation(await createAgencyUser(), { password: 'open sesame please' });
    const response = await send(`/presents/${locked.slug}/unlock`, { form: { password: 'open sesame please' } });
    expect(response.status).toBe(303);
    const cookie = cookieNamed(response, `pres_${locked.id}`);
    expect(cookie).toMatchObject({ ...LAX_SECURE, path: `/presents/${locked.slug}` });
    expect(Number(cookie!['max-age'])).toBeGreaterThan(0);
  });

  it('no response sets a cookie without HttpOnly, Secure and SameSite', async () => {
    const responses = [
      await send('/api/auth/login', { json: { email: owner.email, password: owner.password } }),
      await send('/api/me', { method: 'PATCH', json: { name: 'Every Cookie' }, cookie: owner.cookie }),
      await send('/dashboard', { cookie: owner.cookie }),
    ];
    const lines = responses.flatMap((response) => response.headers.getSetCookie());
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line, line).toMatch(/(?=.*; HttpOnly)(?=.*; Secure)(?=.*; SameSite=(Lax|Strict))/);
  });
});
