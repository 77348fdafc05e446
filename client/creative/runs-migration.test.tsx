import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { copyOf, creativeDocument, type CreativeDocument } from '#common/creative/document.ts';
import { creativeTree } from '#client/creative/tree.tsx';
import { baselineDocs, fnv } from '#client/test/render-baseline-docs.ts';
import baseline from '#client/test/render-baseline.json';

const IMAGES = { images: { pic: 'pic.png', logo: 'logo.png' } };
const markup = (doc: CreativeDocument) => renderToStaticMarkup(creativeTree(doc, IMAGES));

describe('documents from before styled words (runs)', () => {
  const docs = baselineDocs();

  it('covers every template in every format and a version 1 document', () => {
    expect(docs.map(([key]) => key).sort()).toEqual(Object.keys(baseline).sort());
    expect(docs.length).toBeGreaterThan(150);
  });

  it('load unchanged: through JSON and the schema to the same document, without runs or letter spacing', () => {
    for (const [key, doc] of docs) {
      const parsed = creativeDocument.parse(JSON.parse(JSON.stringify(doc)));
      expect(parsed, key).toEqual(doc);
      for (const layer of parsed.layers) expect(layer.type === 'text' && ('runs' in layer || 'letterSpacing' in layer), key).toBe(false);
    }
  });

  it('draw exactly as the renderer drew them before runs (the same tree, fitted sizes included)', () => {
    const changed = docs.filter(([key, doc]) => fnv(markup(doc)) !== (baseline as Record<string, string>)[key]).map(([key]) => key);
    expect(changed).toEqual([]);
  });

  it('draw the same with an empty list of runs, and keep their plain text for everything that reads it', () => {
    for (const [key, doc] of docs.slice(0, 24)) {
      const withEmpty = { ...doc, layers: doc.layers.map((l) => (l.type === 'text' ? { ...l, runs: [] } : l)) };
      expect(markup(withEmpty), key).toBe(markup(doc));
      const styled = {
        ...doc,
        layers: doc.layers.map((l) => (l.type === 'text' && l.text.length > 2 ? { ...l, runs: [{ start: 0, end: 2, bold: true }] } : l)),
      };
      expect(creativeDocument.parse(styled), key).toEqual(styled);
      expect(copyOf(styled), key).toEqual(copyOf(doc));
    }
  });
});
