#!/usr/bin/env node
/**
 * Writes the pages' web fonts (decision 0039): each bundled font's Latin file cut down to the
 * characters pages show (PAGE_RANGE, common/theme-fonts.ts: Latin-1 and the house's punctuation),
 * as WOFF2 — client/static/fonts/{id}-page-{400|700}-normal.woff2 for the themes' fonts, and
 * client/styles/fonts/inter-page-wght-normal.woff2 (variable) for Inter. The same glyphs, metrics,
 * hinting and default layout features (plus `tnum`, which `tabular-nums` asks for); the alternates
 * no page reaches and the other characters are left out (the full files still serve those, by
 * unicode-range). Run once when a font changes, and commit the output; needs Debian's fonttools
 * (`apt-get install fonttools python3-brotli`):
 *   npm exec -- node scripts/subset-page-fonts.mjs
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { BRAND_FONTS } from '../common/fonts.ts';
import { PAGE_RANGE } from '../common/theme-fonts.ts';

const unicodes = PAGE_RANGE.replaceAll('U+', '').replaceAll(' ', '');

function subset(source, output) {
  execFileSync('pyftsubset', [source, `--unicodes=${unicodes}`, '--layout-features+=tnum', '--flavor=woff2', `--output-file=${output}`], { stdio: 'inherit' });
}

for (const font of BRAND_FONTS) {
  for (const weight of [400, 700]) {
    subset(`client/static/fonts/${font.id}-latin-${weight}-normal.woff`, `client/static/fonts/${font.id}-page-${weight}-normal.woff2`);
  }
}
mkdirSync('client/styles/fonts', { recursive: true });
subset('node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', 'client/styles/fonts/inter-page-wght-normal.woff2');
