import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLANS } from '#common/plans.ts';
import type { BrandProposal } from '#common/schemas/brand-reader.ts';
import { getDb } from '#worker/db/client.ts';
import { media } from '#worker/db/schema.ts';
import { BOT_USER_AGENT, SAFE_FETCH_LIMITS } from '#worker/lib/safe-fetch.ts';
import { BRAND_READ_DEADLINE_MS } from '#worker/features/projects/brand-reader/service.ts';
import { ACME_ICON, acmeSite, html, image, notFound, redirect } from '#worker/test/brand-sites.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { interceptHosts, type Intercepted } from '#worker/test/fetch.ts';
import { png, svg } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

let owner: TestUser;
let projectId: string;

beforeEach(async () => {
  owner = await createUser({ name: 'Olive Owner' });
  projectId = (await createProject(owner)).id;
});
// The files of a vitest worker share one workerd: fake timers must not outlive their test.
afterEach(() => vi.useRealTimers());

const read = (url: string, user: TestUser = owner, project = projectId) =>
  send(`/api/projects/${project}/brand-kit/read`, { json: { url }, cookie: user.cookie });
const path = (call: Intercepted) => new URL(call.url).pathname;

async function proposal(response: Response): Promise<BrandProposal> {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as BrandProposal;
}

async function refusal(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: { code: string; message: string; details?: Record<string, string[]> } }).error };
}

/** A page of a site where only `head` changes: what the logo tests vary. */
const page = (head: string) => html(`<!doctype html><html><head><title>Wave Co</title>${head}</head><body></body></html>`);

describe('POST /api/projects/:projectId/brand-kit/read', () => {
  it('proposes a brand kit from a normal site and stores its logo in the media library', async () => {
    const calls = interceptHosts({ 'acme.example': (call) => acmeSite(path(call)) });
    const result = await proposal(await read('acme.example'));

    expect(result.url).toBe('https://acme.example/');
    expect(result.name).toBe('Acme Surf & Co');
    expect(result.tone).toBe(
      "Friendly, local and personal, crafted. In the site’s own words: “Friendly, handmade surf boards from a family workshop in Cornwall. We'll help you find yours.”",
    );
    expect(result.logo).toEqual({ mediaId: expect.any(String), url: `/api/media/${result.logo?.mediaId}/file`, source: 'apple-touch-icon' });
    expect(result.colors.map((c) => [c.hex, c.source])).toEqual([
      ['#0a7aff', 'theme-color'],
      ['#ff5e3a', 'css-variable'],
      ['#f4e1c1', 'css-variable'],
      ['#1b3a4b', 'stylesheet'],
      ['#2ecc71', 'stylesheet'],
    ]);
    expect(result.colors[0]!.contrast).toEqual({ onWhite: 4.01, onBlack: 5.24 });
    expect(result.fonts).toEqual({
      heading: { family: 'Playfair Display', fontId: 'playfair-display', source: 'google-fonts' },
      body: { family: 'Lato', fontId: 'lato', source: 'google-fonts' },
    });
    expect(result.warnings).toEqual([]);

    // Three requests, all ours: the page, its stylesheet, the icon; none to Google Fonts.
    expect(calls.map(path)).toEqual(['/', '/css/site.css', '/icons/touch.png']);
    for (const call of calls) {
      expect(call.request.headers.get('user-agent')).toBe(BOT_USER_AGENT);
      expect(call.request.headers.has('cookie')).toBe(false);
      expect(call.init?.redirect).toBe('manual');
    }

    const media = (await (await send(`/api/projects/${projectId}/media`, { cookie: owner.cookie })).json()) as {
      items: { id: string; name: string; mime: string; width: number; size: number }[];
    };
    expect(media.items).toEqual([
      expect.objectContaining({ id: result.logo!.mediaId, name: 'logo-acme.example.png', mime: 'image/png', width: 180, size: ACME_ICON.byteLength }),
    ]);

    // Read again: the same bytes are answered with the same file, not stored twice.
    expect((await proposal(await read('https://acme.example/'))).logo?.mediaId).toBe(result.logo!.mediaId);
  });

  it('lets an editor read; a viewer gets 403 and someone else’s project 404, before anything is fetched', async () => {
    const editor = await createUser();
    const viewer = await createUser();
    const own = await createProject(owner, { editor, viewer }, 'Shared');
    const stranger = await createUser();
    const calls = interceptHosts({ 'acme.example': (call) => acmeSite(path(call)) });

    expect((await read('acme.example', viewer, own.id)).status).toBe(403);
    expect((await read('acme.example', stranger, own.id)).status).toBe(404);
    expect(calls).toEqual([]);
    expect((await proposal(await read('acme.example', editor, own.id))).name).toBe('Acme Surf & Co');
  });

  it('refuses an empty or overlong address, and private addresses by name or number, without fetching them', async () => {
    const calls = interceptHosts({});
    for (const [url, message] of [
      ['', 'Enter the customer’s website.'],
      [`acme.example/${'a'.repeat(300)}`, 'That address is too long.'],
      ['localhost', 'That address is a local name, not a public website.'],
      ['acme.example:8443', 'Only addresses on the standard https port can be read.'],
      ['https://169.254.169.254/latest/meta-data/', 'That address points inside a private network.'],
      ['https://[::ffff:127.0.0.1]/', 'That address points inside a private network.'],
      ['ftp://acme.example/', 'Only secure (https://) addresses can be read.'],
    ]) {
      const error = await refusal(await read(url!));
      expect([error.status, error.code, error.details?.url], url).toEqual([422, 'validation_failed', [message]]);
    }
    expect(calls).toEqual([]);
  });

  describe('the logo', () => {
    /** Reads wave.example, served path by path from `pages` (and `others` by host): the proposal, with every intercepted request. */
    const logoOf = async (pages: Record<string, () => Response>, others: Parameters<typeof interceptHosts>[0] = {}) => {
      const calls = interceptHosts({ ...others, 'wave.example': (call) => (pages[path(call)] ?? notFound)() });
      return { ...(await proposal(await read('wave.example'))), calls };
    };

    it('falls back to the og:image when the apple-touch-icon is missing or private (never fetched)', async () => {
      const result = await logoOf(
        {
          '/': () =>
            page(
              '<link rel="apple-touch-icon" href="https://169.254.169.254/latest/meta-data/"><link rel="apple-touch-icon" href="/gone.png"><meta property="og:image" content="https://wave.example/og.png">',
            ),
          '/og.png': () => image(png(120, 60, 2)),
        },
        { '169.254.169.254': () => image(png(8, 8, 1)) },
      );
      expect(result.logo?.source).toBe('og:image');
      expect(result.calls.map((call) => call.url)).toEqual(['https://wave.example/', 'https://wave.example/gone.png', 'https://wave.example/og.png']);
    });

    it('stores no logo past the storage limit, and says why', async () => {
      // The library already holds a file that leaves less room than the icon takes.
      const now = new Date();
      await getDb(env.DB)
        .insert(media)
        .values({
          ...{ id: `filler-${projectId}`, projectId, uploadedBy: owner.id, kind: 'video', mime: 'video/mp4', name: 'filler.mp4', tags: [] },
          ...{ size: PLANS.free.storageBytes - 10, sha256: `filler-${projectId}`, r2Key: `media/${projectId}/filler`, createdAt: now, updatedAt: now },
        });
      interceptHosts({ 'acme.example': (call) => acmeSite(path(call)) });
      const result = await proposal(await read('acme.example'));
      expect(result.logo).toBeNull();
      expect(result.warnings).toEqual([{ code: 'logoNotStored', reason: expect.stringMatching(/^This file does not fit: .* are used\./) }]);
      expect(result.colors).not.toEqual([]);
    });

    it.each([
      ['its file name (relative to <base>)', '<base href="/assets/"><img src="hero.png"><img src="brand-logo.png">', '/assets/brand-logo.png'],
      ['its alt text', '<img src="/hero.png" alt="Surfers"><img src="/a.png" alt="Wave Co Logo">', '/a.png'],
    ])('falls back to an <img> whose %s says logo', async (_, body, src) => {
      const result = await logoOf({ '/': () => html(body), [src]: () => image(png(64, 64, 3)), '/hero.png': () => image(png(640, 320, 4)) });
      expect(result.logo?.source).toBe('img');
      expect(result.calls.map(path)).toEqual(['/', src]);
    });

    it.each([
      ['the declared one', '<link rel="shortcut icon" href="/f.png">', '/f.png'],
      ['else /favicon.ico', '', '/favicon.ico'],
    ])('uses the favicon last: %s', async (_, head, href) => {
      const result = await logoOf({ '/': () => page(head), [href]: () => image(png(32, 32, 6)) });
      expect(result.logo?.source).toBe('favicon');
      expect(result.calls.map(path)).toEqual(['/', href]);
    });

    it('refuses an SVG logo with a script and takes the next candidate, with a warning', async () => {
      const result = await logoOf({
        '/': () => page('<link rel="apple-touch-icon" href="/logo.svg"><link rel="icon" href="/f.png">'),
        '/logo.svg': () => image(svg, 'image/svg+xml'),
        '/f.png': () => image(png(32, 32, 8)),
      });
      expect(result.logo?.source).toBe('favicon');
      expect(result.warnings).toEqual([{ code: 'svgScripts' }, { code: 'svgReplaced' }]);
    });

    it('says so when the only logo is an SVG (even a harmless one, and whatever its Content-Type says)', async () => {
      const result = await logoOf({
        '/': () => page('<meta property="og:image" content="/logo.png">'),
        '/logo.png': () => image(new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>')),
      });
      expect([result.logo, result.warnings]).toEqual([null, [{ code: 'svgOnly' }]]);
    });

    it('skips what is not a picture and says when nothing was usable', async () => {
      const result = await logoOf({ '/': () => page('<link rel="apple-touch-icon" href="/x.png">'), '/x.png': () => html('<p>not a picture</p>') });
      expect([result.logo, result.warnings]).toEqual([null, [{ code: 'noLogo' }]]);
    });
  });

  describe('hostile and broken sites', () => {
    it.each([
      ['to https://127.0.0.1/', 'https://127.0.0.1/', 'That address points inside a private network.'],
      ['to http://', 'http://acme.example/', 'Only secure (https://) addresses can be read.'],
      ['to the metadata service', 'https://metadata.google.internal/computeMetadata/v1/', 'That address is a local name, not a public website.'],
    ])('refuses a redirect %s (422) without following it', async (_, location, message) => {
      const calls = interceptHosts({ 'acme.example': () => redirect(location) });
      const error = await refusal(await read('acme.example'));
      expect([error.status, error.details?.url]).toEqual([422, [message]]);
      expect(calls).toHaveLength(1);
    });

    it('follows 3 redirects and refuses a chain of 4', async () => {
      const calls = interceptHosts({ 'acme.example': (call) => (path(call).length < 5 ? redirect(`${path(call)}r`) : acmeSite('/')) });
      const error = await refusal(await read('acme.example'));
      expect([error.status, error.message]).toEqual([422, 'That address redirects too many times.']);
      expect(calls.map(path)).toEqual(['/', '/r', '/rr', '/rrr']);
    });

    it('stops reading a 50 MB page at 2 MB (no Content-Length)', async () => {
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent >= 50 * 1024 * 1024) return controller.close();
          sent += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
        },
      });
      interceptHosts({ 'huge.example': () => new Response(body, { headers: { 'content-type': 'text/html' } }) });
      const error = await refusal(await read('huge.example'));
      expect([error.status, error.message]).toEqual([422, 'That page is larger than 2 MB, more than we read.']);
      expect(sent).toBeLessThanOrEqual(SAFE_FETCH_LIMITS.maxBytes + 2 * 64 * 1024);
    });

    it('gives up on a slow page after 5 s (502)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let requested!: () => void;
      const reached = new Promise<void>((resolve) => (requested = resolve));
      interceptHosts({
        'slow.example': () => {
          requested();
          return new Promise<Response>(() => {});
        },
      });
      const response = read('slow.example');
      await reached;
      await vi.advanceTimersByTimeAsync(SAFE_FETCH_LIMITS.timeoutMs);
      const error = await refusal(await response);
      expect([error.status, error.code, error.message]).toEqual([
        502,
        'upstream_failed',
        'The site did not answer in time. Check the address, or try again later.',
      ]);
    });

    it('answers within one overall deadline when every stylesheet and logo is slow, with what it has', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const slow = SAFE_FETCH_LIMITS.timeoutMs - 100;
      const head =
        [1, 2, 3].map((n) => `<link rel="stylesheet" href="/s${n}.css">`).join('') +
        '<meta name="theme-color" content="#0a7aff">' +
        [1, 2, 3, 4].map((n) => `<img src="/logo-${n}.png" alt="logo">`).join('') +
        '<link rel="icon" href="/favicon.png">';
      let stylesheetsAsked!: () => void;
      const asked = new Promise<void>((resolve) => (stylesheetsAsked = resolve));
      const calls = interceptHosts({
        'slow-assets.example': (call) => {
          if (path(call) === '/') return page(head);
          if (path(call) === '/s3.css') stylesheetsAsked();
          return new Promise<Response>((resolve) => setTimeout(() => resolve(notFound()), slow));
        },
      });
      let answered = false;
      const response = read('slow-assets.example').finally(() => (answered = true));
      // Not vi.waitFor: it would move the fake clock on.
      await asked;
      await vi.advanceTimersByTimeAsync(BRAND_READ_DEADLINE_MS - 1);
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const result = await proposal(await response);
      // The page, 3 stylesheets at once (until 4.9 s), then logos one by one: the second is cut off at 12 s, the rest never asked for.
      expect(calls.map(path)).toEqual(['/', '/s1.css', '/s2.css', '/s3.css', '/logo-1.png', '/logo-2.png']);
      expect(result.colors[0]?.hex).toBe('#0a7aff');
      expect(result.logo).toBeNull();
      expect(result.warnings).toEqual([{ code: 'logoSlow' }, { code: 'stylesheets', count: 3 }]);
    });

    it('answers 502 for a site that fails (500) and 422 for an address that is not a web page', async () => {
      interceptHosts({
        'down.example': () => html('<h1>Internal error</h1>', { status: 500 }),
        'file.example': () => new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } }),
      });
      const down = await refusal(await read('down.example'));
      expect([down.status, down.code, down.message]).toEqual([
        502,
        'upstream_failed',
        'The site answered with an error (HTTP 500). Check the address, or try again later.',
      ]);
      const file = await refusal(await read('file.example'));
      expect([file.status, file.details?.url]).toEqual([
        422,
        ['That address is not a web page (it is application/pdf). Enter the address of the site’s home page.'],
      ]);
    });

    it('reads what it can when a stylesheet fails, and says so', async () => {
      interceptHosts({
        'acme.example': (call) => (path(call) === '/css/site.css' ? html('', { status: 503 }) : acmeSite(path(call))),
      });
      const result = await proposal(await read('acme.example'));
      expect(result.fonts.heading).toEqual({ family: 'Playfair Display', fontId: 'playfair-display', source: 'google-fonts' });
      expect(result.warnings).toEqual([{ code: 'stylesheets', count: 1 }]);
    });
  });

  it('allows 20 reads an hour per user, also when 25 arrive at once (one conditional write each)', async () => {
    const calls = interceptHosts({ 'file.example': () => new Response('x', { headers: { 'content-type': 'text/plain' } }) });
    const responses = await Promise.all(Array.from({ length: 25 }, () => read('file.example')));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array<number>(20).fill(422), ...Array<number>(5).fill(429)]);
    expect(calls).toHaveLength(20);
    expect(responses.find((r) => r.status === 429)!.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
