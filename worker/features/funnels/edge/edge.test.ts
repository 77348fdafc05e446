import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import { getDb } from '#worker/db/client.ts';
import { funnelPages, funnels, pageStats } from '#worker/db/schema.ts';
import { utcDay, viewBatching } from '#worker/features/funnels/analytics/service.ts';
import { purgeFunnel, purgePage } from '#worker/features/funnels/edge/cache.ts';
import { forgetCustomDomain } from '#worker/features/funnels/edge/custom-domain.ts';
import { assignVariant, edgeRandom } from '#worker/features/funnels/edge/service.ts';
import { media } from '#worker/db/schema.ts';
import { createProject, createUser, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { formBlock, heroBlock, pageDoc, publishVersion, seedFunnel, textBlock, uniqueFunnelName } from '#worker/test/funnels-edge.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { inlinePageCsp, sha256Source } from '#worker/ssr/csp.ts';

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const db = () => getDb(env.DB);

let projectId: string;
let owner: TestUser;

beforeAll(async () => {
  // Each view is written before its response is handed back (send() waits for waitUntil): no gathering delay.
  viewBatching.delayMs = 0;
  owner = await createUser();
  projectId = (await createProject(owner)).id;
});

function visit(path: string, headers: Record<string, string> = {}, cookie?: string) {
  return send(path, { headers: { 'user-agent': BROWSER, ...headers }, ...(cookie ? { cookie } : {}) });
}

function scriptsOf(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => m[0]);
}

async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

/** A xorshift generator: the same visitors every run. */
function seeded(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

describe('serving a published page', () => {
  it('renders complete HTML at /p/{funnel}/{slug} with no JavaScript at all when the page has no form', async () => {
    const funnel = await seedFunnel(projectId, {
      pages: [{ slug: 'story', a: pageDoc([heroBlock('Our coffee story'), textBlock('We **roast** on Mondays.')]) }],
    });
    const response = await visit(`/p/${funnel.name}/story`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('Our coffee story');
    expect(html).toContain('<strong>roast</strong>');
    expect(html).toContain('<title>Spring offer</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/p/${funnel.name}/story">`);
    expect(scriptsOf(html)).toEqual([]);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // No internal header leaves the edge.
    expect([...response.headers.keys()].filter((name) => name.startsWith('x-edge'))).toEqual([]);
  });

  it('with a form: exactly one inline script, allowed by its hash, ≤ 3 KB gzip', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'offer', a: pageDoc([heroBlock('Spring blend'), formBlock()]) }] });
    const response = await visit(`/p/${funnel.name}/offer`);
    const html = await response.text();
    const scripts = scriptsOf(html);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^<script>/);
    const body = /<script>([\s\S]*)<\/script>/.exec(scripts[0]!)![1]!;
    expect(await gzipSize(body)).toBeLessThanOrEqual(3072);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'sha256-${hash}'`);
    expect(html).toMatch(new RegExp(`<form [^>]*action="/p/${funnel.name}/offer" method="post"`));
    expect(html).toContain('name="website"');
  });

  it('sends the CSP that the whole HTML calls for (its <style> and script hashes), the second render of a theme too', async () => {
    const theme = { ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: '#0f766e' }, fonts: { ...DEFAULT_THEME.fonts, heading: 'merriweather' } };
    for (const blocks of [[heroBlock('Plain')], [heroBlock('With a form'), formBlock()]]) {
      const funnel = await seedFunnel(projectId, { theme, pages: [{ slug: 'policy', a: pageDoc(blocks) }] });
      for (let i = 0; i < 2; i += 1) {
        const response = await visit(`/p/${funnel.name}/policy`);
        const html = await response.text();
        const script = /<script>([\s\S]*)<\/script>/.exec(html)?.[1];
        const expected = await inlinePageCsp(html, script ? await sha256Source(script) : "'none'", [
          "media-src 'self'",
          'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
        ]);
        expect(response.headers.get('content-security-policy')).toBe(expected);
        expect(expected).toMatch(/style-src 'self' 'sha256-[^']+'; /);
      }
    }
  });

  it('asks for no opener isolation (decision 0039): fresh, cached and 404 alike, while the app keeps same-origin', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'offer', a: pageDoc([heroBlock('Spring blend'), formBlock()]) }] });
    const opener = (response: Response) => response.headers.get('cross-origin-opener-policy');
    // A COOP the opener does not share puts the page in a new browsing context group: a fresh renderer in Chrome.
    expect(opener(await visit(`/p/${funnel.name}/offer`))).toBe('unsafe-none');
    expect(opener(await visit(`/p/${funnel.name}/offer`))).toBe('unsafe-none');
    expect(opener(await visit(`/p/${funnel.name}/nope`))).toBe('unsafe-none');
    expect(opener(await visit('/'))).toBe('same-origin');
  });

  it('serves the first published page at /p/{funnel}', async () => {
    const funnel = await seedFunnel(projectId, {
      pages: [
        { slug: 'draft-only', a: pageDoc([heroBlock('Not yet')]), published: false },
        { slug: 'welcome', a: pageDoc([heroBlock('Welcome aboard')]) },
      ],
    });
    const response = await visit(`/p/${funnel.name}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Welcome aboard');
  });

  it('answers 404 (noindex, no script) for unknown funnels and pages, drafts, deleted funnels and odd names', async () => {
    const funnel = await seedFunnel(projectId, {
      pages: [
        { slug: 'live', a: pageDoc([heroBlock('Live')]) },
        { slug: 'draft', a: pageDoc([heroBlock('Draft')]), published: false },
      ],
    });
    const gone = await seedFunnel(projectId, { pages: [{ slug: 'live', a: pageDoc([heroBlock('Gone')]) }] });
    await db().update(funnels).set({ deletedAt: new Date() }).where(eq(funnels.id, gone.id));
    for (const path of [
      `/p/${funnel.name}/nope`,
      `/p/${funnel.name}/draft`,
      `/p/no-such-funnel-here/live`,
      `/p/${gone.name}/live`,
      `/p/${gone.name}`,
      '/p/AB',
      `/p/${funnel.name}/${'x'.repeat(80)}`,
      `/p/${funnel.name}/%F0%9F%98%80`,
      `/p/${funnel.name}/live/extra`,
    ]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('noindex');
      expect(scriptsOf(html), path).toEqual([]);
    }
  });
});

describe('images', () => {
  it('come through signed media URLs valid into the next day, with width, height, srcset and lazy loading below the hero', async () => {
    const big = await uploadMedia(owner, projectId, png(1600, 900, 1), 'hero.png');
    const small = await uploadMedia(owner, projectId, png(300, 200, 2), 'small.png');
    await db()
      .update(media)
      .set({ thumbnailKey: `thumbnails/${big.id}.webp` })
      .where(eq(media.id, big.id));
    const other = await createProject(owner, {}, 'Another project');
    const foreign = await uploadMedia(owner, other.id, png(10, 10, 3), 'foreign.png');
    const domain = `${uniqueFunnelName('pics')}.example.com`;
    const funnel = await seedFunnel(projectId, {
      customDomain: domain,
      pages: [
        {
          slug: 'pics',
          a: pageDoc(
            [
              { id: 'hero', type: 'hero', props: { ...heroBlock('Pictures').props, image: { mediaId: big.id, alt: 'A cup of coffee' } } } as never,
              { id: 'img', type: 'image', props: { image: { mediaId: small.id, alt: 'Beans' }, caption: '', width: 'content' } },
              { id: 'img2', type: 'image', props: { image: { mediaId: foreign.id, alt: 'Not ours' }, caption: '', width: 'content' } },
            ],
            { image: { mediaId: big.id, alt: 'Social card' } },
          ),
        },
      ],
    });
    const html = await (await visit(`/p/${funnel.name}/pics`)).text();
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(imgs).toHaveLength(2);
    const [hero, below] = imgs as [string, string];
    expect(hero).toMatch(new RegExp(`src="/api/media/${big.id}/file\\?expires=\\d+&amp;sig=[^"]+"`));
    expect(hero).toMatch(new RegExp(`srcSet="/api/media/${big.id}/thumbnail\\?[^ ]+ 480w, /api/media/${big.id}/file\\?[^ ]+ 1600w"`, 'i'));
    expect(hero).toContain('width="1600"');
    expect(hero).toContain('height="900"');
    expect(hero).not.toContain('loading="lazy"');
    expect(below).toContain('loading="lazy"');
    expect(below).toContain('width="300"');
    expect(below).not.toMatch(/srcset/i);
    // Another project's picture is not shown, whatever the document says.
    expect(html).not.toContain(foreign.id);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/api/media/${big.id}/file?`);
    // Valid at least until the end of tomorrow (UTC), so a cached page's pictures keep working.
    const expires = Number(/expires=(\d+)/.exec(hero)![1]);
    const endOfTomorrow = (Math.floor(Date.now() / 86_400_000) + 2) * 86_400;
    expect(expires).toBe(endOfTomorrow);
    const src = /src="([^"]+)"/.exec(below)![1]!.replaceAll('&amp;', '&');
    const picture = await visit(src);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    // The same signed URL on the funnel's own domain.
    expect((await visit(src, { host: domain })).status).toBe(200);
  });
});

describe('custom domains', () => {
  it('serve the funnel at / and /{slug}, pass static files and signed media through, and 404 everything else', async () => {
    const domain = `${uniqueFunnelName('shop')}.example.com`;
    const funnel = await seedFunnel(projectId, {
      customDomain: domain,
      pages: [
        { slug: 'start', a: pageDoc([heroBlock('Start here')]) },
        { slug: 'more', a: pageDoc([heroBlock('More to see')]) },
      ],
    });
    const root = await visit('/', { host: domain });
    expect(root.status).toBe(200);
    const html = await root.text();
    expect(html).toContain('Start here');
    expect(html).toContain(`<link rel="canonical" href="https://${domain}/start">`);
    expect(await (await visit('/more', { host: domain })).text()).toContain('More to see');
    // The path form still works on the app's own host, with the domain as the canonical address.
    expect(await (await visit(`/p/${funnel.name}/more`)).text()).toContain(`href="https://${domain}/more"`);

    for (const path of ['/dashboard', '/api/me', '/p/whatever/start', '/start/extra', '/login']) {
      const response = await visit(path, { host: domain });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain('This page does not exist');
    }
    // A signed media URL reaches the media route (a JSON 404 for a bad signature, not the funnel's page).
    const media = await visit('/api/media/AAAAAAAAAAAAAAAAAAAAAA/file?expires=1&sig=x', { host: domain });
    expect(media.headers.get('content-type')).toContain('application/json');
    const robots = await visit('/robots.txt', { host: domain });
    expect(await robots.text()).toContain('User-agent: *');
    // Hosts that are not a funnel's get the app as usual; with a port, in any case.
    expect((await visit('/start', { host: 'other.example.com' })).status).toBe(404);
    expect(await (await visit('/', { host: `${domain.toUpperCase()}:8787` })).text()).toContain('Start here');
  });

  it('stop serving once the domain is removed (forgetCustomDomain, as the API calls it)', async () => {
    const domain = `${uniqueFunnelName('gone')}.example.org`;
    const funnel = await seedFunnel(projectId, { customDomain: domain, pages: [{ slug: 'start', a: pageDoc([heroBlock('Was here')]) }] });
    expect((await visit('/start', { host: domain })).status).toBe(200);
    await db().update(funnels).set({ customDomain: null }).where(eq(funnels.id, funnel.id));
    forgetCustomDomain(domain);
    await purgeFunnel({ origin: ORIGIN, funnelName: funnel.name, customDomain: domain, slugs: ['start'] });
    const after = await visit('/start', { host: domain });
    expect(after.status).toBe(404);
    expect(await after.text()).not.toContain('Was here');
  });
});

describe('the edge cache', () => {
  it('serves the cached copy without reading the page again, and the new one after purgePage', async () => {
    const funnel = await seedFunnel(projectId, {
      pages: [
        { slug: 'first', a: pageDoc([heroBlock('Version one')]) },
        { slug: 'second', a: pageDoc([heroBlock('Second page')]) },
      ],
    });
    const page = funnel.pages[0]!;
    expect(await (await visit(`/p/${funnel.name}/first`)).text()).toContain('Version one');
    expect(await (await visit(`/p/${funnel.name}`)).text()).toContain('Version one');
    // Publish a new version behind the cache's back (no purge): the cached copies are still served.
    await publishVersion(page.id, { a: pageDoc([heroBlock('Version two')]) });
    expect(await (await visit(`/p/${funnel.name}/first`)).text()).toContain('Version one');
    expect(await (await visit(`/p/${funnel.name}`)).text()).toContain('Version one');
    await purgePage({ origin: ORIGIN, funnelName: funnel.name, customDomain: null, slug: 'first', isFirst: true });
    expect(await (await visit(`/p/${funnel.name}/first`)).text()).toContain('Version two');
    expect(await (await visit(`/p/${funnel.name}`)).text()).toContain('Version two');
  });

  it('keeps UTM parameters out of the cached copy and adds them to the forms of each response', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'offer', a: pageDoc([formBlock()]) }] });
    const tagged = await (await visit(`/p/${funnel.name}/offer?utm_source=insta&utm_campaign=spring%22%3E%3Cb%3E`)).text();
    expect(tagged).toContain('<input type="hidden" name="utm_source" value="insta">');
    expect(tagged).toContain('name="utm_campaign" value="spring&quot;&gt;&lt;b&gt;"');
    const plain = await (await visit(`/p/${funnel.name}/offer`, { referer: 'https://www.google.com/search?q=coffee' })).text();
    expect(plain).not.toContain('utm_source');
    expect(plain).toContain('<input type="hidden" name="referrer" value="https://www.google.com/search">');
  });

  it('a publish after an unpublish: the page is gone at once, then back', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'flash', a: pageDoc([heroBlock('Flash sale')]) }] });
    const page = funnel.pages[0]!;
    expect((await visit(`/p/${funnel.name}/flash`)).status).toBe(200);
    await db().update(funnelPages).set({ publishedVersionId: null }).where(eq(funnelPages.id, page.id));
    await purgePage({ origin: ORIGIN, funnelName: funnel.name, customDomain: null, slug: 'flash', isFirst: true });
    expect((await visit(`/p/${funnel.name}/flash`)).status).toBe(404);
    await db().update(funnelPages).set({ publishedVersionId: page.versionId }).where(eq(funnelPages.id, page.id));
    expect((await visit(`/p/${funnel.name}/flash`)).status).toBe(200);
  });
});

describe('A/B variants', () => {
  it('assigns a variant with a sticky cookie, and a cookie is kept (no redirect, the same URL)', async () => {
    const funnel = await seedFunnel(projectId, {
      pages: [{ slug: 'ab', a: pageDoc([heroBlock('Headline A')]), b: pageDoc([heroBlock('Headline B')]), splitB: 50 }],
    });
    const pageId = funnel.pages[0]!.id;
    const first = await visit(`/p/${funnel.name}/ab`);
    expect(first.status).toBe(200);
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith(`ab_${pageId}=`))!;
    expect(cookie).toMatch(new RegExp(`^ab_${pageId}=(a|b); Max-Age=7776000; Path=/p/${funnel.name}; HttpOnly; SameSite=Lax; Secure$`));
    const variant = cookie.split(';')[0]!.split('=')[1];
    expect(await first.text()).toContain(variant === 'b' ? 'Headline B' : 'Headline A');
    for (const kept of ['a', 'b'] as const) {
      for (let i = 0; i < 3; i += 1) {
        const again = await visit(`/p/${funnel.name}/ab`, {}, `ab_${pageId}=${kept}`);
        expect(again.headers.getSetCookie()).toEqual([]);
        const html = await again.text();
        expect(html).toContain(kept === 'b' ? 'Headline B' : 'Headline A');
        expect(html).not.toContain(kept === 'b' ? 'Headline A' : 'Headline B');
      }
    }
    // A forged cookie value is ignored: the visitor is assigned again.
    const forged = await visit(`/p/${funnel.name}/ab`, {}, `ab_${pageId}=c`);
    expect(forged.headers.getSetCookie()[0]).toMatch(new RegExp(`^ab_${pageId}=(a|b);`));
  });

  it('splits visitors by split_b: 10,000 seeded draws within 1.5 points, and 300 visitors through the edge', async () => {
    const draw = seeded(12345);
    let b = 0;
    for (let i = 0; i < 10_000; i += 1) if (assignVariant(30, draw()) === 'b') b += 1;
    expect(Math.abs(b / 10_000 - 0.3)).toBeLessThan(0.015);
    expect(assignVariant(0, 0)).toBe('a');
    expect(assignVariant(100, 0.9999)).toBe('b');

    const funnel = await seedFunnel(projectId, {
      pages: [{ slug: 'split', a: pageDoc([heroBlock('Headline A')]), b: pageDoc([heroBlock('Headline B')]), splitB: 20 }],
    });
    const original = edgeRandom.next;
    edgeRandom.next = seeded(777);
    const seen = { a: 0, b: 0 };
    try {
      for (let i = 0; i < 300; i += 1) {
        const response = await visit(`/p/${funnel.name}/split`);
        const variant = response.headers.getSetCookie()[0]!.split(';')[0]!.endsWith('=b') ? 'b' : 'a';
        const html = await response.text();
        expect(html).toContain(variant === 'b' ? 'Headline B' : 'Headline A');
        seen[variant] += 1;
      }
    } finally {
      edgeRandom.next = original;
    }
    // 20 % of 300 is 60; the binomial σ is ≈ 6.9: within 3σ.
    expect(Math.abs(seen.b - 60)).toBeLessThan(21);
  });
  it('draws a new visitor once while only A is cached: one drawn for B gets B', async () => {
    const funnel = await seedFunnel(projectId, {
      pages: [{ slug: 'half', a: pageDoc([heroBlock('Headline A')]), b: pageDoc([heroBlock('Headline B')]), splitB: 50 }],
    });
    const pageId = funnel.pages[0]!.id;
    // A visitor who keeps A: A is cached, B is not.
    expect(await (await visit(`/p/${funnel.name}/half`, {}, `ab_${pageId}=a`)).text()).toContain('Headline A');
    const original = edgeRandom.next;
    const draws = [0.1, 0.9]; // the first draw is B (10 < 50); a second draw would be A
    let calls = 0;
    edgeRandom.next = () => draws[calls++ % draws.length]!;
    try {
      const response = await visit(`/p/${funnel.name}/half`);
      expect(response.headers.getSetCookie()[0]).toMatch(new RegExp(`^ab_${pageId}=b;`));
      const html = await response.text();
      expect(html).toContain('Headline B');
      expect(html).not.toContain('Headline A');
      expect(calls).toBe(1);
    } finally {
      edgeRandom.next = original;
    }
  });
});

describe('counting views', () => {
  it('counts views and unique visitors (daily hash), referrer hosts and UTM sources; not bots, prefetches or HEAD', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'count', a: pageDoc([heroBlock('Count me')]) }] });
    const pageId = funnel.pages[0]!.id;
    const path = `/p/${funnel.name}/count`;
    await visit(path, { 'cf-connecting-ip': '198.51.100.10', referer: 'https://www.instagram.com/p/xyz' });
    await visit(`${path}?utm_source=Newsletter`, { 'cf-connecting-ip': '198.51.100.10' });
    await visit(path, { 'cf-connecting-ip': '198.51.100.11' });
    // Not counted:
    await visit(path, { 'cf-connecting-ip': '198.51.100.12', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await send(path, { headers: { 'cf-connecting-ip': '198.51.100.13' } });
    await visit(path, { 'cf-connecting-ip': '198.51.100.14', 'sec-purpose': 'prefetch;prerender' });
    await visit(path, { 'cf-connecting-ip': '198.51.100.15', purpose: 'prefetch' });
    await send(path, { method: 'HEAD', headers: { 'cf-connecting-ip': '198.51.100.16', 'user-agent': BROWSER } });
    await visit(path, { 'cf-connecting-ip': '198.51.100.17', 'user-agent': 'facebookexternalhit/1.1' });
    // Moving within the site is no referrer.
    await visit(path, { 'cf-connecting-ip': '198.51.100.11', referer: `${ORIGIN}/p/${funnel.name}` });

    const day = utcDay(Date.now());
    const stats = await db()
      .select()
      .from(pageStats)
      .where(and(eq(pageStats.pageId, pageId), eq(pageStats.day, day)))
      .all();
    expect(stats).toEqual([{ pageId, variant: 'a', day, views: 4, visitors: 2, leads: 0 }]);
    const sources = await env.DB.prepare('SELECT kind, value, count FROM page_sources WHERE page_id = ? ORDER BY kind').bind(pageId).all();
    expect(sources.results).toEqual([
      { kind: 'referrer', value: 'www.instagram.com', count: 1 },
      { kind: 'utm_source', value: 'newsletter', count: 1 },
    ]);
    const hashes = await env.DB.prepare('SELECT hash FROM page_visitors WHERE page_id = ?').bind(pageId).all<{ hash: string }>();
    expect(hashes.results).toHaveLength(2);
    // A 32-digit hex digest only: the address in clear (digits and dots) cannot be in it. (It used to be checked
    // for '198', which a random digest contains about once in 70 runs.)
    for (const { hash } of hashes.results) expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(hashes.results.map((r) => r.hash)).size).toBe(2);
  });

  it('counts 20 concurrent first views of one visitor as 20 views and one visitor', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'rush', a: pageDoc([heroBlock('Rush')]) }] });
    const path = `/p/${funnel.name}/rush`;
    await Promise.all(Array.from({ length: 20 }, () => visit(path, { 'cf-connecting-ip': '198.51.100.40' })));
    const row = await db().select().from(pageStats).where(eq(pageStats.pageId, funnel.pages[0]!.id)).get();
    expect(row).toMatchObject({ views: 20, visitors: 1 });
  });
});
