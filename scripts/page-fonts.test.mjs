// The pages' WOFF2 fonts (`node --test scripts/page-fonts.test.mjs`, in `npm run lint`; decision 0039): cut from
// the bundled Latin files by scripts/subset-page-fonts.mjs, they hold every character pages show, and the
// unicode-ranges leave nothing of the Latin files unreachable.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BRAND_FONTS } from '../common/fonts.ts';
import { LATIN_RANGE, PAGE_RANGE, PAGE_REST_RANGE, rangeMinus } from '../common/theme-fonts.ts';
import { codePoints } from './font-files.mjs';

const INTER = {
  name: 'Inter Variable',
  page: 'client/styles/fonts/inter-page-wght-normal.woff2',
  latin: 'node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
};
const FILES = [
  INTER,
  ...BRAND_FONTS.flatMap((font) =>
    [400, 700].map((weight) => ({
      name: `${font.name} ${weight}`,
      page: `client/static/fonts/${font.id}-page-${weight}-normal.woff2`,
      latin: `client/static/fonts/${font.id}-latin-${weight}-normal.woff`,
    })),
  ),
];

function inRange(css, code) {
  return css.split(',').some((part) => {
    const [from, to] = part.trim().slice(2).split('-');
    return code >= parseInt(from, 16) && code <= parseInt(to ?? from, 16);
  });
}

/** The text of every message catalog (both languages, every area), the page templates, the blocks' samples and the seeded pages. */
function pageTexts() {
  const areas = readdirSync('common/locales', { withFileTypes: true }).filter((d) => d.isDirectory());
  const files = [
    ...areas.flatMap((d) => ['en.ts', 'de.ts'].map((f) => join('common/locales', d.name, f))),
    'common/templates/pages/en.ts',
    'common/templates/pages/de.ts',
    'common/schemas/blocks-defaults.ts',
    'scripts/seed-data.mjs',
  ];
  return files.map((f) => readFileSync(f, 'utf8')).join('');
}

describe('the pages’ fonts', () => {
  it('hold exactly the Latin file’s characters in PAGE_RANGE, for every font and weight', () => {
    for (const { name, page, latin } of FILES) {
      const want = [...codePoints(latin)].filter((c) => inRange(PAGE_RANGE, c)).sort((a, b) => a - b);
      assert.deepEqual(
        [...codePoints(page)].sort((a, b) => a - b),
        want,
        name,
      );
      // What the cut leaves out of the Latin face's range is still drawn with the Latin file, fetched by PAGE_REST_RANGE.
      for (const c of [...codePoints(latin)].filter((c) => inRange(LATIN_RANGE, c)))
        assert.ok(inRange(PAGE_RANGE, c) || inRange(PAGE_REST_RANGE, c), `${name} U+${c.toString(16)}`);
    }
  });

  it('draw German and the house’s punctuation in every font', () => {
    for (const { name, page } of FILES) {
      const has = codePoints(page);
      for (const ch of 'AZaz09äöüÄÖÜßéèçñ€“”„‘’‚–—…•«»') assert.ok(has.has(ch.codePointAt(0)), `${name} lacks ${ch}`);
    }
  });

  it('cover every character of the catalogs, templates, samples and seeded pages that a Latin file has', () => {
    const chars = new Set([...pageTexts()].map((ch) => ch.codePointAt(0)));
    for (const { name, page, latin } of FILES) {
      const full = codePoints(latin);
      const cut = codePoints(page);
      const lost = [...chars].filter((c) => full.has(c) && !cut.has(c)).map((c) => String.fromCodePoint(c));
      assert.deepEqual(lost, [], name);
    }
    // None of them would fetch a full Latin file.
    assert.deepEqual(
      [...chars].filter((c) => inRange(PAGE_REST_RANGE, c)),
      [],
    );
  });

  it('are Inter’s faces in the shared stylesheet, with the same ranges', () => {
    const css = readFileSync('client/styles/base.css', 'utf8').replace(/\s+/g, ' ');
    assert.match(css, new RegExp(`url\\('\\./fonts/inter-page-wght-normal\\.woff2'\\) format\\('woff2-variations'\\); unicode-range: ${escape(PAGE_RANGE)};`));
    assert.match(css, new RegExp(`inter-latin-wght-normal\\.woff2'\\) format\\('woff2-variations'\\); unicode-range: ${escape(PAGE_REST_RANGE)};`));
    assert.equal(rangeMinus(LATIN_RANGE, `${PAGE_RANGE}, ${PAGE_REST_RANGE}`), '');
  });
});

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
