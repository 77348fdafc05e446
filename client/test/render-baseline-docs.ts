import { FORMAT_IDS, parseCreative, type CreativeDocument, type CreativeDocumentV1 } from '#common/creative/document.ts';
import { TEMPLATE_IDS, buildTemplate } from '#common/creative/templates.ts';

/**
 * The documents of today's editor (before styled words): every template in every format in two
 * brand fonts, with longer copy that the fitting shrinks, and a version 1 document. Their
 * renderer trees, hashed, are kept in client/test/render-baseline.json (made by the renderer as it was
 * before runs): client/creative/runs-migration.test.tsx checks they still draw exactly so.
 */
export function baselineDocs(): [string, CreativeDocument][] {
  const out: [string, CreativeDocument][] = [];
  for (const id of TEMPLATE_IDS) {
    for (const format of FORMAT_IDS) {
      for (const font of ['inter', 'playfair-display'] as const) {
        const doc = buildTemplate(id, {
          brand: { headingFont: font, bodyFont: font, logoMediaId: 'logo', colors: ['#aa3300', '#225588'] },
          format,
          imageMediaId: 'pic',
          copy: { headline: 'A much longer headline that has to shrink to fit its box', body: 'Body copy with more words, a-hyphenated-word and ß' },
        });
        out.push([`${id}/${format}/${font}`, doc]);
      }
    }
  }
  out.push(['v1', parseCreative(V1)]);
  return out;
}

const V1: CreativeDocumentV1 = {
  version: 1,
  size: 'portrait',
  background: '#f0e6d2',
  elements: [
    { kind: 'headline', left: 80, top: 120, width: 920, height: 300, text: 'Spring is here', color: '#222222', fontSize: 96, font: 'playfair-display' },
    { kind: 'text', left: 80, top: 460, width: 800, height: 200, text: 'Fresh flowers\nevery morning', fontSize: 40, align: 'center' },
    { kind: 'button', left: 80, top: 1100, width: 400, height: 110, text: 'Order now', fill: '#aa3300', color: '#ffffff', fontSize: 44 },
    { kind: 'box', left: 0, top: 1250, width: 1080, height: 100, fill: '#222222' },
    { kind: 'image', left: 600, top: 700, width: 400, height: 400, src: 'pic' },
  ],
};

/** FNV-1a, 32 bits, in hex: a short fingerprint of a tree's markup. */
export function fnv(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
