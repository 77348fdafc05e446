import type { CreativeDocument } from '#common/creative/document.ts';
import { updateLayer } from '#client/features/creatives/editor-state.ts';

/** The playground's brand: Adloom's own sample palette (visitors have no brand kit). */
export const BRAND = { colors: ['#1f3a5f', '#f4a261', '#e76f51', '#2a9d8f'], headingFont: 'poppins', bodyFont: 'inter', logoMediaId: null } as const;
export const BRAND_KIT = { ...BRAND, colors: [...BRAND.colors] };
/** The media id of the visitor's picture, which lives in this browser only. */
export const LOCAL = 'local';

/**
 * A first visitor's creative: `buildTemplate('photo-overlay', { brand: BRAND_KIT, format: 'square',
 * imageMediaId: null })` written out, so that the playground's first paint does not load every
 * template and every font's widths (≈ 19 KB gzip; they come after it, with the template gallery:
 * playground-templates.ts). playground-first-creative.test.ts keeps it the template's own.
 */
export const FIRST_CREATIVE: CreativeDocument = {
  version: 2,
  format: 'square',
  template: 'photo-overlay',
  background: { type: 'media', mediaId: null, color: '#111827', overlay: 0.45 },
  layers: [
    { id: 'logo', slot: 'logo', type: 'logo', x: 7, y: 7, w: 20, h: 8, mediaId: null },
    { id: 'bar', slot: 'accent', type: 'shape', x: 7, y: 55, w: 12, h: 1.2, shape: 'rect', fill: '#f4a261', opacity: 1, radius: 0 },
    {
      id: 'headline',
      slot: 'headline',
      type: 'text',
      x: 7,
      y: 58,
      w: 86,
      h: 22,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the template's English copy (template-texts.ts), the document's content
      text: 'Made for the way you work',
      font: 'poppins',
      weight: 700,
      size: 7.5,
      color: '#ffffff',
      align: 'left',
      vAlign: 'bottom',
      lineHeight: 1.05,
      uppercase: false,
      autoFit: true,
    },
    {
      id: 'cta',
      slot: 'cta',
      type: 'cta',
      x: 7,
      y: 83,
      w: 36,
      h: 8.5,
      // eslint-disable-next-line lingui/no-unlocalized-strings -- the template's English copy, as above
      text: 'Get started',
      font: 'inter',
      weight: 700,
      size: 3.6,
      color: '#111827',
      fill: '#f4a261',
      radius: 1.2,
    },
  ],
};

/**
 * Points the template's picture frame (its image layer, else a picture background) at the
 * visitor's image, which shows an empty frame until there is one.
 */
export function withPicture(doc: CreativeDocument): CreativeDocument {
  const layer = doc.layers.find((l) => l.type === 'image');
  if (layer) return updateLayer(doc, layer.id, { mediaId: LOCAL });
  if (doc.background.type === 'media') return { ...doc, background: { ...doc.background, mediaId: LOCAL } };
  return doc;
}
