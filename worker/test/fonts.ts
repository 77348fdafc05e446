import { env } from 'cloudflare:test';

/**
 * Font files for tests: small synthetic ones (a valid table directory, `head`, `name` and
 * `OS/2`; the outlines are empty: enough for the upload's checks, not for drawing), and real
 * ones made from the bundled WOFF files (served by the assets binding) for rendering.
 */

function u16(n: number): number[] {
  return [(n >> 8) & 0xff, n & 0xff];
}
function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}
function tagBytes(tag: string): number[] {
  return [...tag].map((c) => c.charCodeAt(0));
}

/** A `name` table with the family (name ids 1 and 4) as Windows Unicode, from UTF-16 code units (lone surrogates allowed). */
function nameTable(family: string): Uint8Array {
  const units = [...Array(family.length).keys()].map((i) => family.charCodeAt(i));
  const string = units.flatMap(u16);
  const records = [1, 4].flatMap((id) => [...u16(3), ...u16(1), ...u16(0x409), ...u16(id), ...u16(string.length), ...u16(0)]);
  return new Uint8Array([...u16(0), ...u16(2), ...u16(6 + 24), ...records, ...string]);
}

function headTable(): Uint8Array {
  const head = new Uint8Array(54);
  const view = new DataView(head.buffer);
  view.setUint32(0, 0x00010000);
  view.setUint32(12, 0x5f0f3cf5);
  view.setUint16(18, 1000);
  return head;
}

function os2Table(weight: number): Uint8Array {
  const os2 = new Uint8Array(78);
  new DataView(os2.buffer).setUint16(4, weight);
  return os2;
}

function sfnt(version: number, tables: Record<string, Uint8Array>): Uint8Array<ArrayBuffer> {
  const tags = Object.keys(tables).sort();
  const padded = (n: number) => n + ((4 - (n % 4)) % 4);
  const start = 12 + tags.length * 16;
  const size = tags.reduce((n, tag) => n + padded(tables[tag]!.byteLength), start);
  const out = new Uint8Array(size);
  out.set([...u32(version), ...u16(tags.length), ...u16(0), ...u16(0), ...u16(0)]);
  let offset = start;
  tags.forEach((tag, i) => {
    const data = tables[tag]!;
    out.set([...tagBytes(tag), ...u32(0), ...u32(offset), ...u32(data.byteLength)], 12 + i * 16);
    out.set(data, offset);
    offset += padded(data.byteLength);
  });
  return out;
}

export interface FakeFont {
  format?: 'ttf' | 'otf' | 'cff2';
  family?: string;
  weight?: number;
  /** Extra bytes in a padding table, to reach a size. */
  padding?: number;
}

/** A synthetic font file that passes the table checks of font-file.ts but that satori cannot draw (its outlines are empty): the upload refuses it. */
export function fakeFont(options: FakeFont = {}): Uint8Array<ArrayBuffer> {
  const format = options.format ?? 'ttf';
  const empty = new Uint8Array(4);
  const tables: Record<string, Uint8Array> = {
    cmap: empty,
    head: headTable(),
    hhea: new Uint8Array(36),
    hmtx: empty,
    maxp: new Uint8Array(6),
    name: nameTable(options.family ?? 'Test Sans'),
    'OS/2': os2Table(options.weight ?? 400),
    post: new Uint8Array(32),
  };
  if (format === 'ttf') Object.assign(tables, { glyf: empty, loca: empty });
  else if (format === 'otf') tables['CFF '] = empty;
  else tables.CFF2 = empty;
  if (options.padding) tables.zzzz = new Uint8Array(options.padding);
  return sfnt(format === 'ttf' ? 0x00010000 : 0x4f54544f, tables);
}

/** A real font file: a bundled WOFF from the static assets (dist/client). */
export async function bundledWoff(file = 'inter-latin-400-normal.woff'): Promise<Uint8Array<ArrayBuffer>> {
  const response = await env.ASSETS.fetch(new Request(`https://assets.local/fonts/${file}`));
  if (!response.ok) throw new Error(`/fonts/${file} is missing from dist/client: run npm run build`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The same font as a TrueType file (WOFF 1.0 → sfnt: every table inflated). */
export async function woffToTtf(woff: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  const count = view.getUint16(12);
  const tables: Record<string, Uint8Array> = {};
  for (let i = 0; i < count; i += 1) {
    const at = 44 + i * 20;
    const tag = String.fromCharCode(...woff.subarray(at, at + 4));
    const offset = view.getUint32(at + 4);
    const stored = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    const data = woff.subarray(offset, offset + stored);
    tables[tag] =
      stored < length
        ? new Uint8Array(await new Response(new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream('deflate'))).arrayBuffer())
        : data;
  }
  return sfnt(view.getUint32(4), tables);
}

/**
 * A real, drawable font (bundled Inter as TrueType). `variant` goes into `head`'s
 * checksumAdjustment, so different variants are different files (the upload takes one file
 * once a project); `unnamed` empties the name table (no family: the upload names it by its file).
 */
export async function realFont(variant = 0, options: { unnamed?: boolean } = {}): Promise<Uint8Array<ArrayBuffer>> {
  const ttf = await woffToTtf(await bundledWoff());
  const view = new DataView(ttf.buffer);
  for (let i = 0; i < view.getUint16(4); i += 1) {
    const at = 12 + i * 16;
    const tag = String.fromCharCode(...ttf.subarray(at, at + 4));
    const offset = view.getUint32(at + 8);
    if (tag === 'head') view.setUint32(offset + 8, variant >>> 0);
    if (tag === 'name' && options.unnamed) view.setUint16(offset + 2, 0);
  }
  return ttf;
}
