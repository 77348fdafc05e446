import type { I18n } from '@lingui/core';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { uniqueLayerId } from '#client/features/creatives/editor-state.ts';

/** A new layer of `type` in the middle of the canvas, in the brand's colours (the logo: the brand kit's), its text in the user's language. */
export function newLayer(
  doc: CreativeDocument,
  type: Exclude<Layer['type'], 'icon'>,
  palette: readonly string[],
  logoMediaId: string | null,
  t: I18n['_'],
): Layer {
  const id = uniqueLayerId(doc, type);
  const box = { x: 30, y: 40, w: 40, h: 20 };
  const accent = palette[0] ?? '#1f3a5f';
  switch (type) {
    case 'text':
      return {
        id,
        type,
        ...box,
        text: t('creativeEditor.newLayer.text'),
        font: 'inter',
        weight: 700,
        size: 6,
        color: '#111827',
        align: 'center',
        vAlign: 'middle',
        lineHeight: 1.15,
        uppercase: false,
      };
    case 'image':
      return { id, type, ...box, mediaId: null, fit: 'cover', radius: 0 };
    case 'logo':
      return { id, type, x: 38, y: 44, w: 24, h: 12, mediaId: logoMediaId };
    case 'shape':
      return { id, type, ...box, shape: 'rect', fill: accent, opacity: 1, radius: 2 };
    case 'cta':
      return {
        id,
        type,
        x: 32,
        y: 44,
        w: 36,
        h: 10,
        text: t('creativeEditor.newLayer.cta'),
        font: 'inter',
        weight: 700,
        size: 3.6,
        color: '#ffffff',
        fill: accent,
        radius: 1.5,
      };
  }
}
