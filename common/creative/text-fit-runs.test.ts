import { describe, expect, it } from 'vitest';
import type { TextLayer } from '#common/creative/document.ts';
import { copyFits, fitCopy, wrapText } from '#common/creative/text-fit.ts';

const headline = (patch: Partial<TextLayer> = {}): TextLayer => ({
  id: 'h',
  slot: 'headline',
  type: 'text',
  x: 10,
  y: 10,
  w: 90,
  // One line high: the size is set by the line's width alone.
  h: 13,
  text: 'Summer sale on jackets',
  font: 'inter',
  weight: 400,
  size: 12,
  color: '#111111',
  align: 'left',
  vAlign: 'top',
  lineHeight: 1.1,
  uppercase: false,
  autoFit: true,
  ...patch,
});

describe('fitting text with styled words', () => {
  it('measures bold words with the bold advances: a bold run is wider than the same regular words', () => {
    const style = { font: 'inter' as const, weight: 400 as const, sizePx: 100, widthPx: 1e6 };
    const plain = wrapText('sale jacket', style).widest;
    const bold = wrapText('sale jacket', { ...style, boldAt: (i) => i >= 5 }).widest;
    const allBold = wrapText('sale jacket', { ...style, weight: 700 }).widest;
    expect(bold).toBeGreaterThan(plain);
    expect(bold).toBeLessThan(allBold);
  });

  it('shrinks a layer whose bold words no longer fit, and not one whose runs only colour them', () => {
    const plain = fitCopy(headline(), 'square').size;
    const coloured = fitCopy(headline({ runs: [{ start: 0, end: 22, color: '#cc0000' }] }), 'square').size;
    const bold = fitCopy(headline({ runs: [{ start: 0, end: 22, bold: true }] }), 'square').size;
    expect(coloured).toBeLessThanOrEqual(plain);
    expect(bold).toBeLessThan(coloured);
    expect(copyFits(headline({ runs: [{ start: 0, end: 22, bold: true }] }), 'square', bold)).toBe(true);
    expect(copyFits(headline({ runs: [{ start: 0, end: 22, bold: true }] }), 'square', bold + 0.5)).toBe(false);
  });

  it('counts letter spacing: wider letters shrink the text, as capitals do', () => {
    const plain = fitCopy(headline(), 'square').size;
    expect(fitCopy(headline({ letterSpacing: 0.2 }), 'square').size).toBeLessThan(plain);
    expect(fitCopy(headline({ uppercase: true, runs: [{ start: 0, end: 6, bold: true }] }), 'square').size).toBeLessThan(plain);
  });
});
