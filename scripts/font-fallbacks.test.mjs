// The fallback faces' generator (`node --test scripts/font-fallbacks.test.mjs`, in `npm run lint`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { averageWidth, bundledMetrics, FALLBACKS, fallbackFaces, WEIGHTING, writtenFallbackFaces } from './font-fallbacks.mjs';
import { bundledFonts } from './font-files.mjs';

/** The declarations of the face of `family` at `weight` in `css`. */
function face(css, family, weight) {
  const rule = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map((m) => m[1]).find((r) => r.includes(`'${family}'`) && r.includes(`font-weight: ${weight};`));
  assert.ok(rule, `no face ${family} ${weight}`);
  return Object.fromEntries([...rule.matchAll(/^\s*([a-z-]+): (.+);$/gm)].map((m) => [m[1], m[2]]));
}

describe('the fallback faces', () => {
  it('scale the fallback to the font’s average width and give it the font’s line box', () => {
    // A sans font half as wide again as Arial on average, with a 1000-unit em: ascent 900, descent 250, gap 100.
    const wide = (1.5 * FALLBACKS.sans.xWidthAvg[400]) / FALLBACKS.sans.unitsPerEm;
    const css = fallbackFaces([
      { id: 'test', category: 'sans-serif', weights: { 400: { unitsPerEm: 1000, ascent: 900, descent: -250, lineGap: 100, averageWidth: wide } } },
    ]);
    assert.deepEqual(face(css, 'cf-test-fallback', 400), {
      'font-family': "'cf-test-fallback'",
      src: "local('Arial'), local('ArialMT'), local('Liberation Sans'), local('Arimo')",
      'font-weight': '400',
      'font-style': 'normal',
      'size-adjust': '150%',
      // The browser multiplies the overrides by size-adjust: 90 % of the em ÷ 1.5.
      'ascent-override': '60%',
      'descent-override': '16.67%',
      'line-gap-override': '6.67%',
    });
  });

  it('stand in with Times New Roman for a serif font, bold for bold', () => {
    const serif = FALLBACKS.serif.xWidthAvg[700] / FALLBACKS.serif.unitsPerEm;
    const css = fallbackFaces([
      { id: 'test', category: 'serif', weights: { 700: { unitsPerEm: 2048, ascent: 2048, descent: 0, lineGap: 0, averageWidth: serif } } },
    ]);
    const bold = face(css, 'cf-test-fallback', 700);
    assert.match(bold.src, /^local\('Times New Roman Bold'\)/);
    assert.equal(bold['size-adjust'], '100%');
    assert.equal(bold['ascent-override'], '100%');
  });

  it('weigh the characters as text uses them', () => {
    assert.equal(
      averageWidth(() => 0.5),
      0.5,
    );
    // Spaces are the commonest character: a font with wide spaces is wider on average than one with wide Qs.
    assert.ok(averageWidth((ch) => (ch === ' ' ? 1 : 0.5)) > averageWidth((ch) => (ch === 'Q' ? 1 : 0.5)));
    assert.ok(Object.keys(WEIGHTING).length > 70);
  });

  it('are in client/styles/font-fallbacks.css, up to date with the font files (else run scripts/font-metrics.mjs)', () => {
    const fonts = bundledFonts();
    assert.equal(fonts.length, 18);
    const written = writtenFallbackFaces();
    assert.equal(written, fallbackFaces(bundledMetrics()));
    for (const { id, category } of fonts) {
      for (const weight of [400, 700]) {
        const rule = face(written, `cf-${id}-fallback`, weight);
        assert.match(rule.src, category === 'serif' ? /Times New Roman/ : /Arial/);
        for (const key of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override']) assert.match(rule[key], /^\d+(\.\d\d?)?%$/);
      }
    }
  });
});
