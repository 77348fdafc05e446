/**
 * The fallback faces of the bundled fonts (decision 0031): for each font and weight, a local
 * Arial (sans, display, handwriting) or Times New Roman (serif) resized and given the font's line
 * box, so text shows at once in the fallback and the real face swaps in without moving it.
 * The pure part (metrics → CSS) is tested; scripts/font-metrics.mjs writes its output into
 * client/styles/font-fallbacks.css (imported by both stylesheets) between the markers below.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { advances, bundledFonts, fontFile, verticalMetrics } from './font-files.mjs';

/**
 * Arial's and Times New Roman's metrics, from @capsizecss/metrics 4.3.0 (entireMetricsCollection:
 * arial, timesNewRoman; regular and 700 variants), in font units. Liberation and Arimo/Tinos are
 * their metric-compatible clones (Linux, ChromeOS), so the same numbers hold for them.
 */
export const FALLBACKS = {
  sans: {
    unitsPerEm: 2048,
    ascent: 1854,
    descent: -434,
    lineGap: 67,
    xWidthAvg: { 400: 913, 700: 983 },
    local: { 400: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'], 700: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold'] },
  },
  serif: {
    unitsPerEm: 2048,
    ascent: 1825,
    descent: -443,
    lineGap: 87,
    xWidthAvg: { 400: 832, 700: 886 },
    local: {
      400: ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos'],
      700: ['Times New Roman Bold', 'TimesNewRomanPS-BoldMT', 'Liberation Serif Bold', 'Tinos Bold'],
    },
  },
};

/**
 * How often each character occurs in Latin text: @capsizecss/unpack 4.0.1's `latin` weighting
 * (its ASCII part, 99.98 % of the weight), the one its xWidthAvg above was computed with, so
 * both sides of the size ratio are the same kind of average.
 */
export const WEIGHTING = {
  0: 0.0053,
  1: 0.0023,
  2: 0.0026,
  3: 0.001,
  4: 0.0008,
  5: 0.0015,
  6: 0.0007,
  7: 0.0005,
  8: 0.0007,
  9: 0.0006,
  ',': 0.0083,
  ' ': 0.154,
  t: 0.0672,
  h: 0.0351,
  e: 0.0922,
  o: 0.0571,
  f: 0.017,
  P: 0.0023,
  p: 0.0163,
  l: 0.0304,
  "'": 0.0014,
  s: 0.0469,
  R: 0.0015,
  u: 0.0207,
  b: 0.0114,
  i: 0.0588,
  c: 0.0232,
  C: 0.0031,
  n: 0.0578,
  a: 0.0668,
  d: 0.0298,
  y: 0.0123,
  w: 0.011,
  B: 0.002,
  r: 0.0526,
  z: 0.0011,
  G: 0.0011,
  j: 0.0009,
  T: 0.0041,
  '.': 0.0079,
  L: 0.0012,
  k: 0.0046,
  m: 0.0181,
  ']': 0.0007,
  J: 0.0009,
  F: 0.0015,
  v: 0.0076,
  g: 0.0155,
  A: 0.004,
  N: 0.0014,
  '-': 0.0018,
  H: 0.0013,
  D: 0.0013,
  M: 0.0025,
  I: 0.0022,
  E: 0.0011,
  '"': 0.0012,
  S: 0.0041,
  '(': 0.001,
  ')': 0.001,
  x: 0.0025,
  W: 0.0012,
  Q: 0.0001,
  Y: 0.0003,
  q: 0.0008,
  V: 0.0005,
  K: 0.0007,
  U: 0.0016,
  '=': 0.0007,
  '[': 0.0021,
  O: 0.0009,
  $: 0.0002,
  ':': 0.0008,
  '|': 0.0038,
  '/': 0.0001,
  '%': 0.0001,
  Z: 0.0002,
  ';': 0.0001,
  X: 0.0001,
};

/** A font's average character width in ems, weighted as Latin text uses the characters. */
export function averageWidth(advance) {
  let sum = 0;
  let weights = 0;
  for (const [ch, weight] of Object.entries(WEIGHTING)) {
    sum += advance(ch) * weight;
    weights += weight;
  }
  return sum / weights;
}

/** Two decimals, without trailing zeros (as Prettier writes numbers in client/styles.css). */
const percent = (x) => `${Number((x * 100).toFixed(2))}%`;

/**
 * The @font-face rules of the fallbacks. `fonts`: per font its id, category, and per weight
 * (400, 700) its ascent, descent, line gap (font units with unitsPerEm) and average width (ems).
 * size-adjust scales the fallback to the font's average width; the overrides are the font's
 * line box divided by that scale, since the browser applies them to the adjusted size.
 */
export function fallbackFaces(fonts) {
  return fonts
    .flatMap(({ id, category, weights }) =>
      Object.entries(weights).map(([weight, m]) => {
        const fallback = category === 'serif' ? FALLBACKS.serif : FALLBACKS.sans;
        const scale = m.averageWidth / (fallback.xWidthAvg[weight] / fallback.unitsPerEm);
        return [
          '@font-face {',
          `  font-family: 'cf-${id}-fallback';`,
          `  src: ${fallback.local[weight].map((name) => `local('${name}')`).join(', ')};`,
          `  font-weight: ${weight};`,
          '  font-style: normal;',
          `  size-adjust: ${percent(scale)};`,
          `  ascent-override: ${percent(m.ascent / m.unitsPerEm / scale)};`,
          `  descent-override: ${percent(Math.abs(m.descent) / m.unitsPerEm / scale)};`,
          `  line-gap-override: ${percent(m.lineGap / m.unitsPerEm / scale)};`,
          '}',
        ].join('\n');
      }),
    )
    .join('\n');
}

/** The bundled fonts' metrics, read from their Latin files. */
export function bundledMetrics() {
  return bundledFonts().map(({ id, category }) => ({
    id,
    category,
    weights: Object.fromEntries(
      [400, 700].map((weight) => {
        const file = fontFile(id, 'latin', weight);
        const advance = advances(file);
        return [weight, { ...verticalMetrics(file), averageWidth: averageWidth((ch) => advance(ch) ?? 0) }];
      }),
    ),
  }));
}

export const BEGIN = '/* The bundled fonts’ fallback faces: generated by scripts/font-metrics.mjs (decision 0031), do not edit by hand. */';
export const END = '/* End of the generated fallback faces. */';
export const STYLES = 'client/styles/font-fallbacks.css';

/** The generated part of client/styles/font-fallbacks.css as it stands. */
export function writtenFallbackFaces(css = readFileSync(STYLES, 'utf8')) {
  const start = css.indexOf(BEGIN);
  const end = css.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${STYLES} has no generated fallback faces`);
  return css.slice(start + BEGIN.length + 1, end - 1);
}

/** Writes the fallback faces into client/styles/font-fallbacks.css, between the markers. */
export function writeFallbackFaces(faces) {
  const css = readFileSync(STYLES, 'utf8');
  const old = writtenFallbackFaces(css);
  const start = css.indexOf(BEGIN) + BEGIN.length + 1;
  writeFileSync(STYLES, css.slice(0, start) + faces + css.slice(start + old.length));
}
