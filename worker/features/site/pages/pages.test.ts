import { env } from 'cloudflare:test';
import { imageSize } from 'image-size';
import { describe, expect, it } from 'vitest';
import { CREDIT_PACKS, PLANS } from '#common/plans.ts';
import { formatEuros } from '#common/format.ts';
import { SHOWCASE } from '#client/public/showcase.ts';
import { LEGAL_HTML } from '#client/public/legal/html.ts';
import imprint from '#client/public/legal/imprint.md';
import privacy from '#client/public/legal/privacy.md';
import techProvider from '#client/public/legal/tech-provider.md';
import terms from '#client/public/legal/terms.md';
import imprintDe from '#client/public/legal/de/imprint.md';
import privacyDe from '#client/public/legal/de/privacy.md';
import techProviderDe from '#client/public/legal/de/tech-provider.md';
import termsDe from '#client/public/legal/de/terms.md';
import { legalHtml } from '../../../../scripts/legal-html-render.mjs';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const CONTENT_PAGES = ['/about', '/imprint', '/privacy', '/terms', '/tech-provider', '/de/imprint', '/de/privacy', '/de/terms', '/de/tech-provider', '/error'];
const INTERACTIVE_PAGES = ['/', '/pricing', '/contact', '/login', '/password-reset'];

function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/json'));
}

describe('public pages', () => {
  it.each([...CONTENT_PAGES, ...INTERACTIVE_PAGES])('%s is complete server-rendered HTML', async (path) => {
    const response = await send(path);
    expect(response.status).toBe(path === '/error' ? 500 : 200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<main id="main"/);
    expect(html).toContain('rel="stylesheet"');
  });

  it.each(CONTENT_PAGES)('content page %s ships no JavaScript and allows none to run', async (path) => {
    const response = await send(path);
    expect(response.headers.get('content-security-policy')).toMatch(/^script-src 'none';/);
    const html = await response.text();
    expect(scripts(html)).toEqual([]);
    expect(html).not.toContain('modulepreload');
    expect(html).not.toContain('data-island');
    // The sign-in link stays in the page's language.
    expect(html).toContain(path.startsWith('/de/') ? 'href="/de/login"' : 'href="/login"');
  });

  it.each(INTERACTIVE_PAGES)('interactive page %s loads its islands with the response nonce', async (path) => {
    const response = await send(path);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const tags = scripts(html);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toContain(`nonce="${nonce}"`);
    expect(tags[0]).toContain('type="module"');
    expect(html).toContain('data-island=');
    // The islands load after the page: no module preloads competing with the content.
    expect(html).toMatch(/addEventListener\("load",go/);
    expect(html).not.toContain('modulepreload');
  });

  it('serves a cached page with a fresh nonce every time', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i += 1) {
      const response = await send('/pricing');
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      expect(await response.text()).toContain(`nonce="${nonce}"`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
  });

  it('the pricing page is generated from the plan constants', async () => {
    const html = await (await send('/pricing')).text();
    for (const plan of Object.values(PLANS)) {
      expect(html).toContain(plan.name);
      expect(html).toContain(formatEuros(plan.priceCents));
    }
    for (const pack of CREDIT_PACKS) expect(html).toContain(formatEuros(pack.priceCents));
  });

  it('the landing page shows the product: pictures made by Adloom, with their sizes, served as files; the playground comes first', async () => {
    const html = await (await send('/')).text();
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    for (const picture of Object.values(SHOWCASE)) {
      const tag = images.find((img) => img.includes(`src="${picture.src}"`));
      expect(tag, picture.src).toBeDefined();
      expect(tag).toContain(`width="${picture.width}"`);
      expect(tag).toContain(`height="${picture.height}"`);
      expect(tag).toMatch(/ alt="[^"]{10,}"/);
      const file = await send(picture.src);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      // The file's own size is the one the page declares (nothing shifts as it loads).
      expect(imageSize(new Uint8Array(await file.arrayBuffer()))).toMatchObject({ type: 'webp', width: picture.width, height: picture.height });
    }
    // Only the first screen's picture loads eagerly.
    expect(images.filter((img) => !img.includes('loading="lazy"'))).toHaveLength(1);
    // The first call to action in the page is the playground, and /pricing links to it too.
    const main = html.slice(html.indexOf('<main'));
    expect(/<a [^>]*href="([^"]+)"/.exec(main)?.[1]).toBe('/playground');
    expect(await (await send('/pricing')).text()).toContain('href="/playground"');
    expect((await send('/showcase/no-such-picture.webp')).status).toBe(404);
  });

  it('the landing page’s showcase: the ad preview’s label is not cropped by its frame, and each caption says what its picture shows', async () => {
    const html = await (await send('/')).text();
    const figures = [...html.matchAll(/<figure\b[\s\S]*?<\/figure>/g)].map((m) => m[0]);
    const figureOf = (picture: { src: string }) => figures.find((f) => f.includes(`src="${picture.src}"`))!;
    // The screenshot starts with its "Instagram feed" label at its top-left corner: a rounded, clipping frame needs room around it.
    const preview = figureOf(SHOWCASE['ad-preview']);
    const frame = /<div class="([^"]*)"[^>]*>\s*<img\b[^>]*src="\/showcase\/ad-preview\.webp"/.exec(preview)![1]!.split(/\s+/);
    expect(frame).toContain('overflow-hidden');
    expect(frame.some((c) => /^p-\d/.test(c))).toBe(true);
    // The portrait creative is the seed's testimonial (a quote on a plain background): no photo to promise.
    const portrait = /<figcaption[^>]*>([\s\S]*?)<\/figcaption>/.exec(figureOf(SHOWCASE['creative-portrait']))![1]!;
    expect(SHOWCASE['creative-portrait'].caption).toMatch(/^What our regulars say/);
    expect(figureOf(SHOWCASE['creative-portrait'])).toContain('alt="What our regulars say: an ad creative rendered by Adloom"');
    expect(portrait).not.toMatch(/photo|picture/i);
    expect(portrait).toMatch(/testimonial|quote/i);
  });

  it('the legal pages’ HTML is what scripts/legal-html.mjs makes of their markdown (run it after editing a .md file)', () => {
    expect(LEGAL_HTML).toEqual({
      imprint: legalHtml(imprint),
      privacy: legalHtml(privacy),
      'tech-provider': legalHtml(techProvider),
      terms: legalHtml(terms),
      'de/imprint': legalHtml(imprintDe),
      'de/privacy': legalHtml(privacyDe),
      'de/terms': legalHtml(termsDe),
      'de/tech-provider': legalHtml(techProviderDe),
    });
  });

  it('legal pages come from markdown with the operator details filled in and escaped', async () => {
    const html = await (await send('/imprint', { env: { OPERATOR_NAME: 'Muster & <Co> GmbH' } })).text();
    expect(html).toContain('Muster &amp; &lt;Co&gt; GmbH');
    expect(html).not.toContain('{{OPERATOR_NAME}}');
    expect(html).toContain(`mailto:${env.OPERATOR_EMAIL}`);
    const privacy = await (await send('/privacy')).text();
    expect(privacy).toContain('<table>');
    const tech = await (await send('/tech-provider')).text();
    expect(tech).toContain('instagram_business_content_publish');
  });

  it('the header offers the workspace instead of signing in when a session cookie is present', async () => {
    const user = await createUser();
    const html = await (await send('/pricing', { cookie: user.cookie })).text();
    expect(html).toContain('Open workspace');
    expect(html).not.toContain('>Log in<');
  });

  it('/error answers the status it describes (500), so that monitors and crawlers do not take it for a page', async () => {
    const response = await send('/error?ref=abc123XYZ');
    expect(response.status).toBe(500);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(await response.text()).toContain('Something went wrong');
  });

  it('/error shows a valid reference and drops an invalid one', async () => {
    expect(await (await send('/error?ref=abc123XYZ')).text()).toContain('abc123XYZ');
    const html = await (await send('/error?ref=%3Cscript%3E')).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('Reference:');
  });

  it('unknown paths get the 404 page with status 404', async () => {
    const response = await send('/no-such-page');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Page not found');
  });

  it('unknown API paths get the JSON envelope with status 404', async () => {
    const response = await send('/api/nothing-here');
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe('not_found');
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('serves static files through the worker and hides the build internals', async () => {
    const favicon = await send('/favicon.svg');
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get('x-request-id')).toBeTruthy();
    const home = await (await send('/')).text();
    const stylesheet = /href="(\/assets\/styles-[^"]+\.css)"/.exec(home)?.[1];
    expect(stylesheet).toBeTruthy();
    const css = await send(stylesheet!);
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toContain('immutable');
    expect((await send('/.vite/manifest.json')).status).toBe(404);
    expect((await send('/index.html')).status).toBe(404);
    expect((await send('/assets/missing-file.js')).status).toBe(404);
  });
});
