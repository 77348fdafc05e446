import type { PageDocument } from '#common/schemas/blocks.ts';
import { checkDocument } from '#common/schemas/page-checks.ts';

/**
 * A finished page, as a person would publish it: its own words, links that go somewhere, a form
 * with consent, search title and description; no image, so its only findings are the one warning
 * `a:seo:image:seoImage` (no social image). For tests that publish and are not about the checks
 * (the starter page's placeholders are refused, rightly).
 */
export function readyDocument(heading = 'Fresh bread, baked at five'): PageDocument {
  return {
    blocks: [
      {
        id: 'hero',
        type: 'hero',
        props: {
          eyebrow: '',
          heading,
          subheading: 'Sourdough from the corner bakery, at your door before breakfast.',
          primary: { label: 'Order a loaf', href: '#signup' },
          secondary: null,
          image: null,
          layout: 'centered',
          background: 'plain',
        },
      },
      {
        id: 'signup',
        type: 'form',
        props: {
          title: 'Your first loaf',
          intro: '',
          fields: [
            { name: 'name', label: 'Name', type: 'text', required: true },
            { name: 'email', label: 'Email', type: 'email', required: true },
            { name: 'consent', label: 'Consent', type: 'checkbox', required: true, consentText: 'The bakery may write to me about my order.' },
          ],
          submitLabel: 'Order',
          successMessage: 'Thank you! Your loaf is in the oven.',
        },
      },
    ],
    seo: { title: heading.slice(0, 70), description: 'Sourdough from the corner bakery, delivered before breakfast.', image: null },
  };
}

/** The keys of `readyDocument()`'s warnings (variant A), to accept when publishing it. */
export const READY_WARNINGS = ['a:seo:image:seoImage'];

type Json = Record<string, unknown> | unknown[];

/**
 * `doc` with what the checks before publishing refuse made good, for fixtures built from the
 * defaults or samples (the layout's every-block page, a starter page given a headline): `words`
 * after every paragraph of a placeholder text, example addresses on a `.test` host named after
 * `words`, anchors to nowhere to the page's top (`#main`). An image block without an image stays
 * refused: give it one. Returns the document and the keys of its warnings, to accept.
 */
export function finishedDocument(doc: PageDocument, words = 'Acme'): { document: PageDocument; warnings: string[] } {
  const document = structuredClone(doc);
  for (const finding of checkDocument(document)) {
    const block = document.blocks.find((b) => b.id === finding.blockId);
    if (!block) continue;
    const path = finding.path.split('.');
    const key = path.pop()!;
    let parent = block.props as Json;
    for (const step of path) parent = (parent as Record<string, Json>)[step]!;
    const target = parent as Record<string, unknown>;
    const value = target[key];
    if (typeof value !== 'string') continue;
    if (finding.rule === 'placeholder')
      target[key] =
        finding.path === 'url'
          ? 'https://vimeo.com/76979871'
          : value
              .split('\n\n')
              .map((p) => `${p} ${words}`)
              .join('\n\n');
    if (finding.rule === 'exampleLink') target[key] = value.replace(/example\.(com|org|net)/g, `${words.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.test`);
    if (finding.rule === 'anchorMissing') target[key] = '#main';
  }
  return {
    document,
    warnings: checkDocument(document)
      .filter((f) => f.severity === 'warning')
      .map((f) => f.key),
  };
}
