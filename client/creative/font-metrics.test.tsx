import { render, waitFor } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument, TextLayer } from '#common/creative/document.ts';
import { ADVANCES } from '#common/creative/font-metrics.ts';
import type { FontAdvances } from '#common/creative/metric-chars.ts';
import { fitCopy } from '#common/creative/text-fit.ts';
import { FONT_IDS, type FontRef } from '#common/fonts.ts';
import { loadedFitSize, loadFontMetrics } from '#client/creative/font-metrics.ts';
import { drawCreative } from '#client/creative/draw.tsx';
import { CreativePreview } from '#client/creative/preview.tsx';
import { creativeTree } from '#client/creative/tree.tsx';
import { baselineDocs } from '#client/test/render-baseline-docs.ts';

const IMAGES = { images: { pic: 'pic.png', logo: 'logo.png' } };
const docs = baselineDocs();
const inFont = (doc: CreativeDocument, font: FontRef): CreativeDocument => ({
  ...doc,
  layers: doc.layers.map((layer) => (layer.type === 'text' ? { ...layer, font, autoFit: true } : layer)),
});
const fitted = (doc: CreativeDocument) => doc.layers.filter((layer): layer is TextLayer => layer.type === 'text' && layer.autoFit === true);

// Runs first, before any font's widths are loaded (they stay loaded for the module's life).
describe('the editor text fitting before a font’s widths have come', () => {
  it('draws no auto-fit text in that font (not at a size it does not have), the rest as the worker does', () => {
    const doc = inFont(docs[0]![1], 'caveat');
    expect(fitted(doc).length).toBeGreaterThan(0);
    for (const layer of fitted(doc)) expect(loadedFitSize(layer, doc.format)).toBeUndefined();
    const markup = renderToStaticMarkup(drawCreative(doc, IMAGES, loadedFitSize));
    expect(markup.match(/visibility:hidden/g)).toHaveLength(fitted(doc).length);
    expect(renderToStaticMarkup(creativeTree(doc, IMAGES))).not.toContain('visibility');
  });

  it('in the preview: loads the widths and draws the text once they have come', async () => {
    const doc = inFont(docs[0]![1], 'lora');
    const { container } = render(<CreativePreview doc={doc} images={IMAGES.images} width={300} />);
    expect(container.innerHTML).toContain('visibility: hidden');
    // Busy until then, so that whoever photographs the preview (the visual tests) waits for it.
    expect(container.firstElementChild?.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(container.innerHTML).not.toContain('visibility'));
    expect(container.firstElementChild?.hasAttribute('aria-busy')).toBe(false);
    const sizes = fitted(doc).map((layer) => loadedFitSize(layer, doc.format));
    expect(sizes).toEqual(fitted(doc).map((layer) => fitCopy(layer, doc.format).size));
  });
});

describe('the editor text fitting, each font’s widths loaded with the font', () => {
  it('has a module for each bundled font with the numbers of the worker’s table', () => {
    const modules = import.meta.glob<FontAdvances>('/common/creative/font-metrics/*.ts', { import: 'default', eager: true });
    expect(Object.keys(modules).sort()).toEqual(FONT_IDS.map((font) => `/common/creative/font-metrics/${font}.ts`).sort());
    for (const font of FONT_IDS) expect(modules[`/common/creative/font-metrics/${font}.ts`], font).toEqual(ADVANCES[font]);
  });

  it('draws every template in every format exactly as the worker’s renderer does', async () => {
    await loadFontMetrics(docs.flatMap(([, doc]) => fitted(doc).map((layer) => layer.font)));
    for (const [key, doc] of docs)
      expect(renderToStaticMarkup(drawCreative(doc, IMAGES, loadedFitSize)), key).toBe(renderToStaticMarkup(creativeTree(doc, IMAGES)));
  });

  it('fits every template’s copy to the same size as the worker in every bundled font and in an uploaded one', async () => {
    const fonts: FontRef[] = [...FONT_IDS, 'brand:upload_1'];
    await loadFontMetrics(fonts);
    let compared = 0;
    for (const font of fonts) {
      for (const [key, doc] of docs) {
        const copy = inFont(doc, font);
        for (const layer of fitted(copy)) {
          expect(loadedFitSize(layer, copy.format), `${key} ${font} ${layer.id}`).toBe(fitCopy(layer, copy.format).size);
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(fonts.length * docs.length);
  });
});
