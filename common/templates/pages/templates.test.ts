import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#common/i18n/locales.ts';
import { pageDocumentSchema, type PageDocument } from '#common/schemas/blocks.ts';
import { checkPage } from '#common/schemas/page-checks.ts';
import { buildFunnelTemplate, buildPageTemplate, type TemplateBrand } from '#common/templates/pages/build.ts';
import { PAGE_TEMPLATES_DE } from '#common/templates/pages/de.ts';
import { PAGE_TEMPLATES_EN } from '#common/templates/pages/en.ts';
import { FUNNEL_TEMPLATE_GOAL, FUNNEL_TEMPLATE_IDS, PAGE_TEMPLATE_GOAL, PAGE_TEMPLATE_IDS } from '#common/templates/pages/ids.ts';

const NOW = new Date('2026-11-30T15:20:00Z');
const BARE: TemplateBrand = { projectName: 'Northwind Coffee', logoMediaId: null, instagram: null, now: NOW };
const BRANDED: TemplateBrand = { projectName: 'Northwind Coffee', logoMediaId: 'logo1', instagram: 'northwind.coffee', now: NOW };

const severities = (doc: PageDocument) => checkPage({ a: doc, b: null }).map((f) => `${f.severity}:${f.blockId}:${f.path}:${f.rule}`);
const texts = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(texts)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(texts)
        : [];

describe('the page templates', () => {
  it('has a goal for every template and at least ten pages and three funnels', () => {
    expect(PAGE_TEMPLATE_IDS.length).toBeGreaterThanOrEqual(10);
    expect(FUNNEL_TEMPLATE_IDS).toHaveLength(3);
    expect(Object.keys(PAGE_TEMPLATE_GOAL).sort()).toEqual([...PAGE_TEMPLATE_IDS].sort());
    expect(Object.keys(FUNNEL_TEMPLATE_GOAL).sort()).toEqual([...FUNNEL_TEMPLATE_IDS].sort());
  });

  for (const locale of LOCALES) {
    for (const [label, brand] of [
      ['without a brand', BARE],
      ['with a logo and Instagram', BRANDED],
    ] as const) {
      it(`builds every page template in ${locale} ${label}: a valid document with no finding of the checks but a missing social image without a logo`, () => {
        for (const id of PAGE_TEMPLATE_IDS) {
          const built = buildPageTemplate(id, locale, brand);
          expect(pageDocumentSchema.safeParse(built.document).success, `${id} parses`).toBe(true);
          expect(severities(built.document), id).toEqual(brand.logoMediaId ? [] : ['warning:seo:image:seoImage']);
          expect(built.slug, id).toMatch(/^[a-z0-9-]{1,60}$/);
          expect(texts(built.document).join(' '), id).not.toMatch(/\{(?:project|year|handle)\}/);
        }
      });

      it(`builds every funnel template in ${locale} ${label}: two valid pages at their own addresses`, () => {
        for (const id of FUNNEL_TEMPLATE_IDS) {
          const pages = buildFunnelTemplate(id, locale, brand);
          expect(new Set(pages.map((p) => p.slug)).size, id).toBe(2);
          // The first page collects its visitors with a form: it leads to the second.
          expect(
            pages[0].document.blocks.some((b) => b.type === 'form'),
            id,
          ).toBe(true);
          for (const page of pages) {
            expect(pageDocumentSchema.safeParse(page.document).success, `${id}/${page.slug}`).toBe(true);
            expect(
              severities(page.document).filter((f) => f.startsWith('error')),
              `${id}/${page.slug}`,
            ).toEqual([]);
          }
        }
      });
    }
  }

  it('names the project, its handle and its logo where a template shows them', () => {
    const bio = buildPageTemplate('link-in-bio', 'en', BRANDED).document;
    expect(bio.blocks[0]).toMatchObject({
      type: 'hero',
      props: {
        eyebrow: '@northwind.coffee',
        heading: 'Northwind Coffee',
        primary: { href: 'https://www.instagram.com/northwind.coffee/' },
        image: { mediaId: 'logo1', alt: 'Northwind Coffee logo' },
      },
    });
    const bare = buildPageTemplate('link-in-bio', 'de', BARE).document;
    expect(bare.blocks[0]).toMatchObject({ props: { eyebrow: '', image: null, primary: { href: '#signup' }, secondary: null } });
    expect(bare.seo.title).toBe('Northwind Coffee: alle unsere Links');
    expect(buildPageTemplate('sale', 'en', BARE).document.blocks.find((b) => b.type === 'countdown')?.props).toMatchObject({ endsAt: '2026-12-07T15:00:00Z' });
  });

  it('stays valid and error-free for any project name and handle (clipped to each field)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 120 }).filter((s) => s.trim() !== ''),
        fc.option(fc.stringMatching(/^[a-z0-9._]{1,30}$/)),
        fc.constantFrom(...PAGE_TEMPLATE_IDS),
        fc.constantFrom(...LOCALES),
        (name, handle, id, locale) => {
          const doc = buildPageTemplate(id, locale, { ...BRANDED, projectName: name.trim(), instagram: handle }).document;
          expect(pageDocumentSchema.safeParse(doc).success).toBe(true);
          expect(severities(doc).filter((f) => f.startsWith('error'))).toEqual([]);
        },
      ),
      { seed: 30 },
    );
  });

  it('writes German and English with the same lines (German is typed against English)', () => {
    const shape = (value: unknown): unknown =>
      typeof value === 'string'
        ? 's'
        : Array.isArray(value)
          ? value.map(shape)
          : Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shape(v)]));
    expect(shape(PAGE_TEMPLATES_DE)).toEqual(shape(PAGE_TEMPLATES_EN));
  });
});
