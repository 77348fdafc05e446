import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '#common/i18n/locales.ts';
import { BLOCK_SAMPLES } from '#common/schemas/blocks-defaults.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import { PAGE_RANGE, PAGE_REST_RANGE } from '#common/theme-fonts.ts';
import { BLOCK_TYPES, type Block, type PageDocument } from '#common/schemas/blocks.ts';
import { PAGE_TEMPLATE_IDS } from '#common/templates/pages/ids.ts';
import { buildPageTemplate } from '#common/templates/pages/build.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { heroBlock, pageDoc, seedFunnel, textBlock, uniqueFunnelName } from '#worker/test/funnels-edge.ts';
import { send } from '#worker/test/http.ts';
import { funnelStyles, pageAssets } from '#worker/ssr/manifest.ts';
import { edgeMarkup, sheetForTheme } from '#worker/features/funnels/edge/render.tsx';

/**
 * The funnel pages' own stylesheet (client/styles/funnel.css, decision 0039): the pages carry it
 * in their head instead of linking the site's, and it holds every rule the site's stylesheet has
 * for a class the blocks draw with, the same rule: what a page shows cannot drift from the editor's
 * preview (drawn with the site's) whatever the blocks' props.
 */

const ctx = (form?: { errors?: Record<string, string>; sent?: boolean }) => ({
  image: () => ({ src: '/m.jpg', srcSet: '/t.jpg 480w, /m.jpg 1600w', width: 1600, height: 1200 }),
  form: { action: '/p/acme/start', hidden: {}, ...form },
  now: Date.parse('2026-04-01T00:00:00Z'),
});

let projectId: string;
let site: string;
let funnel: string;

beforeAll(async () => {
  projectId = (await createProject(await createUser())).id;
  const assets = await pageAssets(env);
  const read = async (path: string) => (await env.ASSETS.fetch(new Request(`https://assets.invalid${path}`))).text();
  site = await read(assets.stylesheet);
  funnel = await funnelStyles(env);
});

/**
 * Each innermost rule of a minified stylesheet with the at-rules around it, as one line
 * (`@media (width>=40rem) | .sm\:text-4xl | font-size:…`): the same rule reads the same in both sheets.
 */
function flatRules(css: string): string[] {
  const rules: string[] = [];
  const stack: string[] = [];
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === '\\') i++;
    else if (ch === '{') {
      stack.push(css.slice(start, i).trim());
      start = i + 1;
    } else if (ch === '}') {
      const body = css.slice(start, i).trim();
      const selector = stack.pop();
      if (body && !body.includes('{')) rules.push([...stack, selector, body].join(' | '));
      start = i + 1;
    } else if (ch === ';' && stack.length === 0) start = i + 1;
  }
  return rules;
}

/** A class as Tailwind writes it in a selector: every character but letters, digits, `-` and `_` escaped. */
const selectorOf = (token: string) => `.${token.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`)}`;

/**
 * The rules of the class: whose selector starts with it (`.sm\:text-4xl`, `:where(.space-y-2>…)`), not
 * those that only mention it (`.group-hover\:x:is(:where(.group):hover *)` is group-hover:x's).
 */
function rulesOf(rules: string[], token: string): string[] {
  const selector = selectorOf(token);
  return rules.filter((rule) => {
    const parts = rule.split(' | ');
    return parts[parts.length - 2]!.split(',').some((part) => {
      const sel = part.replace(/^:where\(/, '');
      return sel.startsWith(selector) && !/[a-zA-Z0-9_\\-]/.test(sel[selector.length] ?? '');
    });
  });
}

const classesOf = (html: string) => new Set([...html.matchAll(/\bclass="([^"]*)"/g)].flatMap((m) => m[1]!.split(/\s+/).filter(Boolean)));

/** Classes of the markup whose rules in the site's sheet the funnel sheet lacks (or has otherwise). */
function missing(html: string, siteRules: string[], funnelRules: string[]): string[] {
  const known = verdictsOf(siteRules, funnelRules);
  return [...classesOf(html)].filter((token) => {
    let lacks = known.get(token);
    if (lacks === undefined) {
      const want = rulesOf(siteRules, token);
      const have = new Set(rulesOf(funnelRules, token));
      lacks = want.some((rule) => !have.has(rule));
      known.set(token, lacks);
    }
    return lacks;
  });
}

/**
 * Each class's verdict for a pair of sheets, found once: the markups of every template, locale and
 * form share most classes, and looking one up scans every rule of both sheets (≈ 4 s a run, was).
 */
const verdicts = new WeakMap<string[], WeakMap<string[], Map<string, boolean>>>();
function verdictsOf(siteRules: string[], funnelRules: string[]): Map<string, boolean> {
  let bySite = verdicts.get(siteRules);
  if (!bySite) verdicts.set(siteRules, (bySite = new WeakMap()));
  let known = bySite.get(funnelRules);
  if (!known) bySite.set(funnelRules, (known = new Map()));
  return known;
}

describe('the funnel stylesheet', () => {
  it('is carried in the page head (allowed by the CSP), and the site stylesheet is not linked; the 404 links the funnel sheet', async () => {
    const f = await seedFunnel(projectId, {
      name: uniqueFunnelName('sheet'),
      pages: [{ slug: 'story', a: pageDoc([heroBlock('Roasted on Mondays'), textBlock('Hello')]) }],
    });
    const assets = await pageAssets(env);
    const response = await send(`/p/${f.name}/story`);
    const html = await response.text();
    expect(html).toContain(`<style>${sheetForTheme(funnel, DEFAULT_THEME)}.fp-root{`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain(assets.stylesheet);
    expect(response.headers.get('content-security-policy')).toMatch(/style-src 'self' 'sha256-[^']+'/);
    // Smaller than the site's by far: only what the blocks draw with.
    expect(funnel.length).toBeLessThan(site.length / 2);
    const notFound = await (await send(`/p/${f.name}/nothing-here`)).text();
    expect(notFound).toContain(`<link rel="stylesheet" href="${assets.funnelStylesheet}">`);
    expect(notFound).not.toContain(assets.stylesheet);
    expect(missing(notFound, flatRules(site), flatRules(funnel))).toEqual([]);
  });

  it('preloads the pages’ WOFF2 of the heading’s bold and the body’s regular; every face swaps, the full files only by range', async () => {
    const f = await seedFunnel(projectId, {
      name: uniqueFunnelName('fonts'),
      theme: { ...DEFAULT_THEME, fonts: { heading: 'playfair-display', body: 'lora' } },
      pages: [{ slug: 'story', a: pageDoc([heroBlock('Grüße aus der Rösterei'), textBlock('„Frisch“ – jeden Montag…')]) }],
    });
    const html = await (await send(`/p/${f.name}/story`)).text();
    const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font" type="font\/woff2" crossorigin>/g)].map((m) => m[1]);
    expect(preloads).toEqual(['/fonts/playfair-display-page-700-normal.woff2', '/fonts/lora-page-400-normal.woff2']);
    const faces = [...html.matchAll(/@font-face\{font-family:("Playfair Display"|Lora);[^}]*\}/g)].map((m) => m[0]);
    expect(faces).toHaveLength(12);
    for (const face of faces) expect(face).toContain('font-display:swap');
    expect(faces.filter((face) => face.includes('-page-'))).toEqual(faces.filter((face) => face.includes(`format("woff2");unicode-range:${PAGE_RANGE}}`)));
    expect(faces.filter((face) => face.includes('-latin-4') || face.includes('-latin-7'))).toEqual(
      faces.filter((face) => face.endsWith(`unicode-range:${PAGE_REST_RANGE}}`)),
    );
    // The files are served, as fonts.
    const served = await send('/fonts/lora-page-400-normal.woff2');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('font/woff2');
  });

  it('keeps the fallback faces of the theme’s fonts and Inter’s only, each as the site sheet has it', () => {
    const faces = (css: string) => [...css.matchAll(/@font-face\{font-family:(cf-[a-z0-9-]+-fallback);[^}]*\}/g)];
    const families = (css: string) => [...new Set(faces(css).map((m) => m[1]))].sort();
    expect(families(funnel).length).toBe(18);
    const sheet = sheetForTheme(funnel, { fonts: { heading: 'playfair-display', body: 'lora' } });
    expect(families(sheet)).toEqual(['cf-inter-fallback', 'cf-lora-fallback', 'cf-playfair-display-fallback']);
    expect(faces(sheet)).toHaveLength(6);
    for (const [rule] of faces(sheet)) expect(site).toContain(rule);
    expect(sheet.replace(/@font-face\{[^}]*\}/g, '')).toBe(funnel.replace(/@font-face\{[^}]*\}/g, ''));
  });

  it('has the site sheet’s rules for every class of every template, in both languages, with form errors and sent', () => {
    const siteRules = flatRules(site);
    const funnelRules = flatRules(funnel);
    expect(funnelRules.length).toBeGreaterThan(100);
    // The check sees a class the blocks do not use (the site's check list) and one only the workspace writes.
    expect(missing('<ul class="check-list mt-5"><li class="min-h-11 text-zinc-700">', siteRules, funnelRules)).toEqual(['check-list', 'min-h-11']);
    const brand = { projectName: 'Acme', logoMediaId: 'logo', instagram: 'acme', now: new Date('2026-04-01T00:00:00Z') };
    for (const locale of LOCALES) {
      for (const id of PAGE_TEMPLATE_IDS) {
        const { document } = buildPageTemplate(id, locale, brand);
        for (const form of [undefined, { errors: { _: 'Try again', email: 'Enter an email' } }, { sent: true }]) {
          expect({ locale, id, form, missing: missing(edgeMarkup(document, DEFAULT_THEME, locale, ctx(form)), siteRules, funnelRules) }).toEqual({
            locale,
            id,
            form,
            missing: [],
          });
        }
      }
    }
  });

  it('has them for every block with any choice of its options (property)', () => {
    const siteRules = flatRules(site);
    const funnelRules = flatRules(funnel);
    const samples = BLOCK_SAMPLES.en;
    const anyBlock: fc.Arbitrary<Block> = fc
      .record({
        type: fc.constantFrom(...BLOCK_TYPES),
        layout: fc.constantFrom('centered', 'split'),
        background: fc.constantFrom('plain', 'surface', 'primary'),
        align: fc.constantFrom('left', 'center'),
        width: fc.constantFrom('content', 'wide', 'full'),
        columns: fc.constantFrom(2, 3, 4),
        count: fc.integer({ min: 1, max: 4 }),
        highlighted: fc.boolean(),
        withImage: fc.boolean(),
        empty: fc.boolean(),
        phone: fc.boolean(),
      })
      .map((o) => {
        const props: Record<string, unknown> = { ...samples[o.type] };
        for (const key of ['layout', 'background', 'align', 'width', 'columns'] as const) if (key in props) props[key] = o[key];
        for (const [key, value] of Object.entries(props)) {
          if (Array.isArray(value) && value.length > 0 && typeof value[0] === 'object')
            props[key] = Array.from({ length: o.count }, (_, i) => ({
              ...value[i % value.length],
              ...('highlighted' in value[0] ? { highlighted: o.highlighted && i === 0 } : {}),
            }));
          if (o.empty && (key === 'heading' || key === 'intro' || key === 'eyebrow' || key === 'subheading' || key === 'title')) props[key] = '';
          if (key === 'image' || key === 'poster') props[key] = o.withImage ? { mediaId: 'img', alt: 'A cup' } : null;
        }
        return { id: `b-${o.type}`, type: o.type, props, ...(o.phone ? { hidden: { phone: true as const } } : {}) } as Block;
      });
    fc.assert(
      fc.property(fc.array(anyBlock, { minLength: 1, maxLength: 4 }), (blocks) => {
        const document: PageDocument = pageDoc(blocks);
        expect(missing(edgeMarkup(document, DEFAULT_THEME, 'en', ctx()), siteRules, funnelRules)).toEqual([]);
      }),
      { seed: 39, numRuns: 60 },
    );
  });
});
