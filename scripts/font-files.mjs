/**
 * Reads the bundled WOFF files (client/static/fonts): the advance widths the text fitting
 * measures with, and the vertical metrics the fallback faces are sized from. Used by
 * scripts/font-metrics.mjs and its test; and the characters of the pages' WOFF2 files
 * (scripts/subset-page-fonts.mjs), read by scripts/page-fonts.test.mjs.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, inflateSync } from 'node:zlib';

/** The file of a bundled font's face. */
export function fontFile(id, subset, weight) {
  return `client/static/fonts/${id}-${subset}-${weight}-normal.woff`;
}

function tables(woff) {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF file');
  const count = view.getUint16(12);
  const out = {};
  for (let i = 0; i < count; i += 1) {
    const at = 44 + i * 20;
    const tag = String.fromCharCode(...woff.subarray(at, at + 4));
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    const data = woff.subarray(offset, offset + compLength);
    const bytes = compLength < origLength ? inflateSync(data) : data;
    out[tag] = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  return out;
}

/** WOFF2's known table tags, by index (the table directory's flags name them). */
const WOFF2_TAGS =
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
    .match(/.{4}\s?/g)
    .map((t) => t.slice(0, 4));

/** The tables of a WOFF2 file that it stores untransformed (cmap among them: not glyf, loca or hmtx). */
function woff2Tables(woff2) {
  const view = new DataView(woff2.buffer, woff2.byteOffset, woff2.byteLength);
  if (view.getUint32(0) !== 0x774f4632) throw new Error('not a WOFF2 file');
  const count = view.getUint16(12);
  const compressed = view.getUint32(20);
  let at = 48;
  const base128 = () => {
    let value = 0;
    for (;;) {
      const byte = woff2[at++];
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
  };
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    const flags = woff2[at++];
    let tag = WOFF2_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = String.fromCharCode(...woff2.subarray(at, at + 4));
      at += 4;
    }
    const version = flags >> 6;
    const length = base128();
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    entries.push({ tag, transformed, length: transformed ? base128() : length });
  }
  const data = brotliDecompressSync(woff2.subarray(at, at + compressed));
  const out = {};
  let offset = 0;
  for (const { tag, transformed, length } of entries) {
    if (!transformed) out[tag] = new DataView(data.buffer, data.byteOffset + offset, length);
    offset += length;
  }
  return out;
}

/** The code points a WOFF or WOFF2 file has glyphs for. */
export function codePoints(file) {
  const bytes = readFileSync(file);
  const t = file.endsWith('.woff2') ? woff2Tables(bytes) : tables(bytes);
  return new Set(cmap(t.cmap).keys());
}

/** code point → glyph id, from the cmap's Unicode subtable (format 4 or 12). */
function cmap(table) {
  const count = table.getUint16(2);
  const map = new Map();
  for (let i = 0; i < count; i += 1) {
    const platform = table.getUint16(4 + i * 8);
    const encoding = table.getUint16(6 + i * 8);
    const offset = table.getUint32(8 + i * 8);
    const format = table.getUint16(offset);
    if (!((platform === 3 && (encoding === 1 || encoding === 10)) || platform === 0)) continue;
    if (format === 4) {
      const segX2 = table.getUint16(offset + 6);
      const ends = offset + 14;
      const starts = ends + segX2 + 2;
      const deltas = starts + segX2;
      const ranges = deltas + segX2;
      for (let s = 0; s < segX2 / 2; s += 1) {
        const end = table.getUint16(ends + s * 2);
        const start = table.getUint16(starts + s * 2);
        const delta = table.getInt16(deltas + s * 2);
        const rangeOffset = table.getUint16(ranges + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c += 1) {
          let glyph;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const at = ranges + s * 2 + rangeOffset + (c - start) * 2;
            glyph = table.getUint16(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0 && !map.has(c)) map.set(c, glyph);
        }
      }
    } else if (format === 12) {
      const groups = table.getUint32(offset + 12);
      for (let g = 0; g < groups; g += 1) {
        const at = offset + 16 + g * 12;
        const start = table.getUint32(at);
        const end = table.getUint32(at + 4);
        const first = table.getUint32(at + 8);
        for (let c = start; c <= end; c += 1) if (!map.has(c)) map.set(c, first + c - start);
      }
    }
  }
  return map;
}

export function advances(file) {
  const t = tables(readFileSync(file));
  const unitsPerEm = t.head.getUint16(18);
  const metrics = t.hhea.getUint16(34);
  const glyphs = cmap(t.cmap);
  return (ch) => {
    const glyph = glyphs.get(ch.codePointAt(0));
    if (glyph === undefined) return undefined;
    const index = Math.min(glyph, metrics - 1);
    return t.hmtx.getUint16(index * 4) / unitsPerEm;
  };
}

/**
 * The line box a browser gives the font: units per em and hhea's ascender, descender and line
 * gap (what Chrome, Firefox and Safari use, and what @capsizecss/metrics records for Arial).
 */
export function verticalMetrics(file) {
  const t = tables(readFileSync(file));
  return { unitsPerEm: t.head.getUint16(18), ascent: t.hhea.getInt16(4), descent: t.hhea.getInt16(6), lineGap: t.hhea.getInt16(8) };
}

/** The bundled fonts of common/fonts.ts: id and category, in its order. */
export function bundledFonts() {
  const source = readFileSync('common/fonts.ts', 'utf8');
  return [...source.matchAll(/\{\s*id: '([a-z0-9-]+)',\s*name: '[^']+',\s*category: '([a-z-]+)'/g)].map((m) => ({ id: m[1], category: m[2] }));
}
