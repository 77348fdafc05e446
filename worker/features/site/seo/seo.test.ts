import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import type { Bindings } from '#worker/env.ts';
import { localePath } from '#common/i18n/paths.ts';
import { alternatesOf, isPublicPageId, languagesOf, PUBLIC_PAGES, publicPage } from '#worker/ssr/public-pages.ts';
import { cardVersion } from '#worker/ssr/social-card.ts';
import { isCurrentCardKey } from '#worker/features/site/seo/service.ts';
import { auditStorage, ownerOf } from '#worker/features/system/storage-audit/service.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { heroBlock, pageDoc, seedFunnel, uniqueFunnelName } from '#worker/test/funnels-edge.ts';
import { pngSize } from '#worker/test/png.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';

/**
 * A small, strict XML reader for the sitemap (workerd has no DOMParser): the prolog, elements
 * that nest and close, attributes quoted, text whose every `&` starts an entity and that holds
 * no `<`. Returns each element's path and text, or throws where the document is not well formed.
 */
function readXml(xml: string): { path: string; text: string; attributes: string }[] {
  const prolog = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!xml.startsWith(prolog)) throw new Error('no XML declaration');
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<&]*")*)\s*(\/?)>|([^<]+)/y;
  const stack: string[] = [];
  const out: { path: string; text: string; attributes: string }[] = [];
  let rootClosed = false;
  let at = prolog.length;
  while (at < xml.length) {
    token.lastIndex = at;
    const m = token.exec(xml);
    if (!m) throw new Error(`unreadable at ${at}: ${xml.slice(at, at + 20)}`);
    at = token.lastIndex;
    const [, closing, name, attributes, selfClosing, text] = m;
    if (text !== undefined) {
      if (text.trim() === '') continue;
      if (stack.length === 0) throw new Error('text outside the root');
      if (/&(?!(?:amp|lt|gt|quot|apos|#\d+);)/.test(text)) throw new Error(`a bare & in ${JSON.stringify(text)}`);
      out.push({ path: stack.join('/'), text: decode(text), attributes: '' });
    } else if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
      rootClosed = stack.length === 0;
    } else {
      if (rootClosed) throw new Error('a second root');
      stack.push(name!);
      out.push({ path: stack.join('/'), text: '', attributes: attributes ?? '' });
      if (selfClosing) stack.pop();
    }
  }
  if (stack.length > 0 || !rootClosed) throw new Error(`unclosed: ${stack.join('/')}`);
  return out;
}

function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" })[name]!);
}

/** The sitemap's entries: each `<url>`'s `loc` and `lastmod`. */
async function sitemapEntries(options: Parameters<typeof send>[1] = {}): Promise<Map<string, string>> {
  const response = await send('/sitemap.xml', options);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  const nodes = readXml(await response.text());
  expect(nodes[0]).toMatchObject({
    path: 'urlset',
    attributes: ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"',
  });
  const texts = (path: string) => nodes.filter((node) => node.path === path && node.text !== '').map((node) => node.text);
  const locs = texts('urlset/url/loc');
  const lastmods = texts('urlset/url/lastmod');
  expect(lastmods).toHaveLength(locs.length);
  expect(nodes.filter((node) => node.path === 'urlset/url')).toHaveLength(locs.length);
  return new Map(locs.map((loc, i) => [loc, lastmods[i]!]));
}

const W3C_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}Z)?$/;

let owner: TestUser;
let projectId: string;

beforeAll(async () => {
  owner = await createUser();
  projectId = (await createProject(owner)).id;
});

describe('the XML reader of these tests', () => {
  it('refuses what is not well formed', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>';
    expect(readXml(`${head}<a><b>x &amp; y</b></a>`)).toEqual([
      { path: 'a', text: '', attributes: '' },
      { path: 'a/b', text: '', attributes: '' },
      { path: 'a/b', text: 'x & y', attributes: '' },
    ]);
    for (const bad of ['<a><b></a></b>', '<a>x & y</a>', '<a>x < y</a>', '<a>', '<a></a><a></a>', '<a b=c></a>'])
      expect(() => readXml(head + bad), bad).toThrow();
  });
});

describe('/sitemap.xml', () => {
  it('lists the indexable site pages and the published funnel pages, with lastmod, and nothing else', async () => {
    const listed = await seedFunnel(projectId, {
      pages: [
        { slug: 'offer', a: pageDoc([heroBlock('Listed')]) },
        { slug: 'draft', a: pageDoc([heroBlock('Draft')]), published: false },
      ],
    });
    const onDomain = await seedFunnel(projectId, {
      customDomain: `${uniqueFunnelName('seo')}.example.org`,
      pages: [{ slug: 'home', a: pageDoc([heroBlock('Own host')]) }],
    });
    const archivedProject = await createProject(owner, {}, 'Archived Co');
    const archived = await seedFunnel(archivedProject.id, { pages: [{ slug: 'old', a: pageDoc([heroBlock('Archived')]) }] });
    expect((await send(`/api/projects/${archivedProject.id}`, { method: 'PATCH', json: { archived: true }, cookie: owner.cookie })).status).toBe(200);
    const deletedProject = await createProject(owner, {}, 'Deleted Co');
    const deleted = await seedFunnel(deletedProject.id, { pages: [{ slug: 'gone', a: pageDoc([heroBlock('Deleted')]) }] });
    expect((await send(`/api/projects/${deletedProject.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    const author = await createAgencyUser();
    const presentation = await createPresentation(author);

    const entries = await sitemapEntries();
    const site = Object.values(PUBLIC_PAGES).filter((page) => !('noindex' in page));
    for (const page of site)
      for (const locale of languagesOf(page)) expect(entries.get(`${ORIGIN}${localePath(locale, page.path)}`), page.path).toBe(page.updated);
    expect(entries.has(`${ORIGIN}/playground`)).toBe(true);
    const offer = entries.get(`${ORIGIN}/p/${listed.name}/offer`);
    expect(offer).toMatch(W3C_DATE);
    expect(Math.abs(Date.parse(offer!) - Date.now())).toBeLessThan(60 * 60 * 1000);
    for (const lastmod of entries.values()) expect(lastmod).toMatch(W3C_DATE);
    expect([...entries.keys()].every((loc) => loc.startsWith(`${ORIGIN}/`))).toBe(true);
    const text = [...entries.keys()].join('\n');
    for (const absent of [
      `/p/${listed.name}/draft`,
      `/p/${archived.name}/`,
      `/p/${deleted.name}/`,
      `/p/${onDomain.name}/`,
      '/login',
      '/password-reset',
      '/preview/',
      '/presents/',
      presentation.slug,
    ])
      expect(text, absent).not.toContain(absent);
    // The site pages in each of their languages and the one listed funnel page of this file, each once.
    expect(entries.size).toBe(site.reduce((sum, page) => sum + languagesOf(page).length, 0) + 1);
  });

  it('links from the configured public origin, escaped', async () => {
    const entries = await sitemapEntries({ env: { APP_HOSTS: 'adloom.example, www.adloom.example' } });
    expect(entries.has('https://adloom.example/pricing')).toBe(true);
    expect([...entries.keys()].every((loc) => loc.startsWith('https://adloom.example/'))).toBe(true);
  });
});

describe('/robots.txt', () => {
  it('keeps crawlers out of the API and the workspace and names the sitemap', async () => {
    const response = await send('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(
      ['User-agent: *', 'Disallow: /api/', 'Disallow: /dashboard', 'Disallow: /account', 'Disallow: /admin', '', `Sitemap: ${ORIGIN}/sitemap.xml`, ''].join(
        '\n',
      ),
    );
    const configured = await send('/robots.txt', { env: { APP_HOSTS: 'adloom.example' } });
    expect(await configured.text()).toContain('Sitemap: https://adloom.example/sitemap.xml');
  });
});

/** The content of a `<meta>` or `<link>` in the head, by its attribute. */
function tag(html: string, attribute: 'property' | 'name', value: string): string | undefined {
  const found = new RegExp(`<meta ${attribute}="${value}" content="([^"]*)">`).exec(html);
  return found?.[1]?.replace(/&amp;/g, '&');
}

describe('every public page can be shared', () => {
  const pages = Object.entries(PUBLIC_PAGES).map(([id, page]) => ({ id, path: page.path, noindex: 'noindex' in page }));
  const langOf = (id: string) => (isPublicPageId(id) && publicPage(id).lang) || 'en';
  const alternates = (id: string, path: string) => alternatesOf(isPublicPageId(id) ? publicPage(id) : { path });
  // Pages outside the list (the error and 404 pages) show the home page's card.
  const others = [
    { id: 'home', path: '/error', noindex: true },
    { id: 'home', path: '/no-such-page', noindex: true },
  ];

  it.each([...pages, ...others])('$path has its Open Graph and Twitter tags, its card and its language', async ({ id, path, noindex }) => {
    const response = await send(path);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`^<!doctype html><html lang="${langOf(id)}">`));
    expect(tag(html, 'property', 'og:title')).toBeTruthy();
    expect(tag(html, 'property', 'og:description')).toBeTruthy();
    expect(tag(html, 'property', 'og:type')).toBe('website');
    expect(tag(html, 'property', 'og:url')).toBe(`${ORIGIN}${path}`);
    expect(tag(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const image = `${ORIGIN}/og/${id}.png?v=${cardVersion(id as keyof typeof PUBLIC_PAGES)}`;
    expect(tag(html, 'property', 'og:image')).toBe(image);
    expect(tag(html, 'name', 'twitter:image')).toBe(image);
    expect(tag(html, 'property', 'og:image:width')).toBe('1200');
    expect(tag(html, 'property', 'og:image:height')).toBe('628');
    expect(tag(html, 'property', 'og:image:alt')).toBeTruthy();
    if (noindex) {
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('hreflang');
    } else {
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}">`);
      const links = alternates(id, path).map((a) => `<link rel="alternate" hreflang="${a.hreflang}" href="${ORIGIN}${a.path}">`);
      expect(html).toContain(links.join(''));
      expect(html).not.toContain('<meta name="robots"');
    }
  });

  it('the workspace itself stays out of search engines', async () => {
    const html = await (await send('/dashboard', { cookie: owner.cookie })).text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('links from the configured public origin', async () => {
    const html = await (await send('/about', { env: { APP_HOSTS: 'adloom.example' } })).text();
    expect(html).toContain('<link rel="canonical" href="https://adloom.example/about">');
    expect(tag(html, 'property', 'og:image')).toMatch(/^https:\/\/adloom\.example\/og\/about\.png\?v=[0-9a-f]{8}$/);
  });

  it('a funnel page without its own picture shows the site’s card; with one, its own', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'plain', a: pageDoc([heroBlock('Plain')]) }] });
    const html = await (await send(`/p/${funnel.name}/plain`)).text();
    expect(tag(html, 'property', 'og:image')).toBe(`${ORIGIN}/og/home.png?v=${cardVersion('home')}`);
    expect(tag(html, 'name', 'twitter:card')).toBe('summary_large_image');
    // On its own domain the card is served there too.
    const domain = `${uniqueFunnelName('card')}.example.org`;
    await seedFunnel(projectId, { customDomain: domain, pages: [{ slug: 'start', a: pageDoc([heroBlock('Own')]) }] });
    const own = await send(`/og/home.png`, { headers: { host: domain } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
  });
});

describe('/og/{page}.png', () => {
  function countingRenderer() {
    const counter = { calls: 0 };
    const renderer = {
      renderPng: (...args: Parameters<Bindings['RENDERER']['renderPng']>) => {
        counter.calls += 1;
        return env.RENDERER.renderPng(...args);
      },
    } as unknown as Bindings['RENDERER'];
    return { counter, renderer };
  }

  it('is the page’s card, drawn by the renderer once, then read from R2 and cached for good', async () => {
    const { counter, renderer } = countingRenderer();
    const version = cardVersion('pricing');
    const first = await send(`/og/pricing.png?v=${version}`, { env: { RENDERER: renderer } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 628 });
    expect(counter.calls).toBe(1);
    const stored = await env.MEDIA.list({ prefix: 'site/og/pricing-' });
    expect(stored.objects.map((object) => object.key)).toEqual([`site/og/pricing-${version}.png`]);

    const second = await send(`/og/pricing.png?v=${version}`, { env: { RENDERER: renderer } });
    expect(new Uint8Array(await second.arrayBuffer())).toEqual(bytes);
    expect(second.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(counter.calls).toBe(1);
    // A URL without the current version may be an old one's: an hour only.
    expect((await send('/og/pricing.png', { env: { RENDERER: renderer } })).headers.get('cache-control')).toBe('public, max-age=3600');
    expect(counter.calls).toBe(1);
  });

  it('draws a card again for a new version and drops the old one; the storage audit keeps only current cards', async () => {
    const old = `site/og/about-00000000.png`;
    await env.MEDIA.put(old, new Uint8Array([1, 2, 3]));
    const response = await send('/og/about.png');
    expect(response.status).toBe(200);
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 628 });
    const keys = (await env.MEDIA.list({ prefix: 'site/og/about-' })).objects.map((object) => object.key);
    expect(keys).toEqual([`site/og/about-${cardVersion('about')}.png`]);
    expect(isCurrentCardKey(keys[0]!)).toBe(true);
    expect(ownerOf(keys[0]!)).toEqual({ kind: 'site-card', current: true });
    expect(ownerOf(old)).toEqual({ kind: 'site-card', current: false });
    expect(ownerOf(`site/og/nope-${cardVersion('about')}.png`)).toEqual({ kind: 'site-card', current: false });
    await env.MEDIA.put(old, new Uint8Array([1, 2, 3]));
    const audit = await auditStorage(getDb(env.DB), env.MEDIA, { now: new Date(Date.now() + 2 * 60 * 60 * 1000), purgeAfterMs: 30 * 86_400_000 });
    const orphans = new Map(audit.objectsWithoutRow.map((orphan) => [orphan.key, orphan.reason]));
    expect(orphans.get(old)).toBe('no-row');
    expect(orphans.has(keys[0]!)).toBe(false);
  });

  it('is a 404 for anything that is not one of the site’s pages', async () => {
    for (const path of [
      '/og/nope.png',
      '/og/constructor.png',
      '/og/__proto__.png',
      '/og/.png',
      '/og/about.jpg',
      `/og/${'a'.repeat(2000)}.png`,
      '/og/../about.png',
    ]) {
      const response = await send(path);
      expect(response.status, path).toBe(404);
    }
    expect((await env.MEDIA.list({ prefix: 'site/og/nope' })).objects).toHaveLength(0);
  });
});
