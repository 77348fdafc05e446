import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { en as funnelsEn } from '#common/locales/funnels/en.ts';
import { de as funnelsDe } from '#common/locales/funnels/de.ts';
import { BLOCK_SAMPLES, newBlock } from '#common/schemas/blocks-defaults.ts';
import { BLOCK_TYPES, pageDocumentSchema, type Block, type PageDocument } from '#common/schemas/blocks.ts';
import { ADDED_ITEMS, checkDocument, checkPage, refusingFindings, type PageFinding } from '#common/schemas/page-checks.ts';
import { READY_WARNINGS, readyDocument } from '#common/test/ready-page.ts';

const doc = (blocks: Block[], seo: Partial<PageDocument['seo']> = {}): PageDocument => ({
  blocks,
  seo: { title: 'Fresh bread', description: 'Sourdough at your door.', image: { mediaId: 'seo1', alt: 'A loaf' }, ...seo },
});
const keys = (findings: readonly PageFinding[]) => findings.map((f) => f.key);
const rules = (findings: readonly PageFinding[]) => findings.map((f) => `${f.blockId}:${f.path}:${f.rule}:${f.severity}`);

describe('the checks before publishing', () => {
  it('passes a finished page but for its missing social image, a warning', () => {
    const ready = readyDocument();
    expect(pageDocumentSchema.safeParse(ready).success).toBe(true);
    const findings = checkDocument(ready);
    expect(keys(findings)).toEqual(READY_WARNINGS);
    expect(findings[0]).toMatchObject({ severity: 'warning', rule: 'seoImage', blockId: 'seo', path: 'image', message: 'funnels.checks.seoImage' });
  });

  it('flags every default block of both languages as unfinished (placeholder text, an empty image block, the default #signup link)', () => {
    for (const locale of ['en', 'de'] as const) {
      const blocks = BLOCK_TYPES.map((type) => newBlock(type, `${type}-1`, locale));
      const findings = checkDocument(doc(blocks));
      // (a countdown's defaults are words a page may well keep: "The offer ends in", "This offer has ended.")
      for (const block of blocks.filter((b) => b.type !== 'countdown')) {
        const mine = findings.filter((f) => f.blockId === block.id && f.severity === 'error');
        expect(mine.length, `${locale} ${block.type}`).toBeGreaterThan(0);
      }
      expect(rules(findings)).toContain('hero-1:heading:placeholder:error');
      expect(rules(findings)).toContain('hero-1:primary.href:anchorMissing:error');
      expect(rules(findings)).toContain('image-1:image:imageMissing:error');
      expect(rules(findings)).toContain('faq-1:items.0.question:placeholder:error');
      expect(rules(findings)).toContain('faq-1:items.0.answer:placeholder:error');
      expect(rules(findings)).toContain('footer-1:text:placeholder:error');
      expect(rules(findings)).toContain('text-1:markdown:placeholder:error');
      expect(rules(findings)).toContain('text-1:markdown:exampleLink:error');
      expect(rules(findings)).toContain('form-1:fields:consentMissing:error');
      expect(rules(findings)).toContain('video-1:url:placeholder:error');
    }
  });

  it('flags the samples in either language, but not the words real pages use as they are', () => {
    for (const locale of ['en', 'de'] as const) {
      const samples = BLOCK_SAMPLES[locale];
      const findings = checkDocument(
        doc([
          { id: 'voices', type: 'testimonials', props: samples.testimonials },
          { id: 'faq', type: 'faq', props: samples.faq },
          { id: 'plans', type: 'pricing', props: samples.pricing },
        ]),
      );
      expect(rules(findings)).toContain('voices:items.0.quote:placeholder:error');
      expect(rules(findings)).toContain('voices:items.0.name:placeholder:error');
      expect(rules(findings)).toContain('faq:items.2.answer:placeholder:error');
      // Headings, plan names, prices, periods and button labels are words, not placeholders.
      expect(findings.filter((f) => /^(heading|plans\.\d\.(name|price|period|button\.label))$/.test(f.path))).toEqual([]);
    }
    // The footer's year may be any year; a heading of the sample markdown alone is not a placeholder.
    const footer: Block = { id: 'f', type: 'footer', props: { text: '© 2019 Ihr Unternehmen', links: [] } };
    const text: Block = { id: 't', type: 'text', props: { markdown: '## Our story\n\nWe bake with rye from the next village.', align: 'left' } };
    expect(rules(checkDocument(doc([footer, text])))).toEqual(['f:text:placeholder:error']);
    // A sample paragraph left in a text that is otherwise new.
    const partly: Block = {
      id: 't',
      type: 'text',
      props: { markdown: 'Our own first line.\n\nWrite your text here. Use **bold**, *italic* and [links](https://example.com).', align: 'left' },
    };
    expect(rules(checkDocument(doc([partly])))).toEqual(['t:markdown:placeholder:error', 't:markdown:exampleLink:error']);
  });

  it('holds the editor’s added testimonial words equal to the catalogs', () => {
    expect(ADDED_ITEMS.testimonials).toEqual([
      funnelsEn['funnels.field.aShortQuote'],
      funnelsEn['funnels.field.customerName'],
      funnelsDe['funnels.field.aShortQuote'],
      funnelsDe['funnels.field.customerName'],
    ]);
  });

  it('checks anchors against the blocks and their parts, example addresses, and pages of the funnel when they are known', () => {
    const ready = readyDocument();
    const hero = ready.blocks[0] as Extract<Block, { type: 'hero' }>;
    const withLinks = (primary: string, secondary: string) =>
      doc([{ ...hero, props: { ...hero.props, primary: { label: 'Go', href: primary }, secondary: { label: 'More', href: secondary } } }, ready.blocks[1]!]);
    expect(rules(checkDocument(withLinks('#signup-email', '#main')))).toEqual([]);
    expect(rules(checkDocument(withLinks('#nowhere', 'https://www.example.org/x')))).toEqual([
      'hero:primary.href:anchorMissing:error',
      'hero:secondary.href:exampleLink:error',
    ]);
    expect(rules(checkDocument(withLinks('mailto:hello@example.com', 'https://bakery.test/')))).toEqual(['hero:primary.href:exampleLink:error']);
    const funnel = {
      funnelName: 'bakery',
      selfSlug: 'offer',
      pages: [
        { slug: 'thanks', published: false },
        { slug: 'offer', published: false },
      ],
    };
    const links = withLinks('/p/bakery/thanks?x=1', '/p/bakery/gone');
    expect(rules(checkDocument(links))).toEqual([]);
    expect(rules(checkDocument(links, 'a', funnel))).toEqual(['hero:primary.href:pageUnpublished:error', 'hero:secondary.href:pageMissing:error']);
    expect(rules(checkDocument(withLinks('/p/bakery/offer', '/p/other/gone'), 'a', funnel))).toEqual([]);
  });

  it('warns about images without alt text, the social image too, and asks for consent where a form collects email', () => {
    const picture = { mediaId: 'm1', alt: '' };
    const findings = checkDocument(
      doc(
        [
          { id: 'pic', type: 'image', props: { image: picture, caption: '', width: 'content' } },
          {
            id: 'form',
            type: 'form',
            props: {
              title: '',
              intro: '',
              fields: [
                { name: 'email', label: 'Email', type: 'email', required: true },
                { name: 'ok', label: 'OK', type: 'checkbox', required: false, consentText: 'Yes, email me.' },
              ],
              submitLabel: 'Send',
              successMessage: 'Thanks.',
            },
          },
        ],
        { image: picture, title: ' ', description: '' },
      ),
    );
    expect(rules(findings)).toEqual([
      'form:fields:consentMissing:error',
      'pic:image.alt:altMissing:warning',
      'seo:title:seoTitle:warning',
      'seo:description:seoDescription:warning',
      'seo:image.alt:altMissing:warning',
    ]);
  });

  it('checks variant B under its own keys, errors first; only named warnings are accepted', () => {
    const a = readyDocument();
    const b = { ...readyDocument(), blocks: [newBlock('faq', 'faq-b')] };
    const findings = checkPage({ a, b });
    expect(keys(findings)).toEqual([
      'b:faq-b:items.0.question:placeholder',
      'b:faq-b:items.0.answer:placeholder',
      'a:seo:image:seoImage',
      'b:seo:image:seoImage',
    ]);
    expect(keys(refusingFindings(checkPage({ a, b: null }), READY_WARNINGS))).toEqual([]);
    expect(keys(refusingFindings(checkPage({ a, b: null }), []))).toEqual(READY_WARNINGS);
    expect(keys(refusingFindings(findings, keys(findings))).every((k) => k.startsWith('b:faq-b'))).toBe(true);
  });

  it('gives every finding of any valid page a unique key, and words of its own clear every placeholder', () => {
    const types = fc.constantFrom(...BLOCK_TYPES);
    fc.assert(
      fc.property(fc.array(fc.tuple(types, fc.constantFrom('en' as const, 'de' as const)), { minLength: 1, maxLength: 12 }), (spec) => {
        const blocks = spec.map(([type, locale], i) => newBlock(type, `b${i}`, locale));
        const findings = checkDocument(doc(blocks));
        expect(new Set(keys(findings)).size).toBe(findings.length);
        // Every text replaced by words of its own (the same length class): no placeholder is left.
        const own = blocks.map((block, i) => ({ ...block, props: rewrite(block.props, `own${i}`) }) as Block);
        // (a video's address is checked on its own: still the sample video)
        expect(checkDocument(doc(own)).filter((f) => f.rule === 'placeholder' && f.path !== 'url')).toEqual([]);
      }),
      { seed: 30, numRuns: 60 },
    );
  });
});

/** Every string of `value` rewritten as a unique string of its own (keys, links and times kept). */
function rewrite(value: unknown, tag: string, path = ''): unknown {
  if (typeof value === 'string') return /(href|url|endsAt|fields\.\d+\.name|type)$/.test(path) || value === '' ? value : `${tag} ${path}`;
  if (Array.isArray(value)) return value.map((v, i) => rewrite(v, tag, `${path}.${i}`));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v, tag, `${path}.${k}`)]));
  return value;
}
