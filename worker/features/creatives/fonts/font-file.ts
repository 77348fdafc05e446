import { wellFormed } from '#common/schemas/fields.ts';

/**
 * What an uploaded font file really is, read from its bytes (never its name or declared
 * type): TrueType, OpenType (CFF) or WOFF 1.0, the formats satori draws. The table
 * directory is checked (every table inside the file, the tables a renderer needs present,
 * `head`'s magic number), and the family name and weight come from the `name` and `OS/2`
 * tables. WOFF2, collections and CFF2-only (variable OpenType) fonts are refused with a
 * message that says why.
 */
export type FontFormat = 'ttf' | 'otf' | 'woff';

export interface FontFileInfo {
  format: FontFormat;
  /** From the name table (typographic family first), well-formed, at most 64 characters; '' when the file names none. */
  family: string;
  /** OS/2 usWeightClass, 100–900 (400 when absent). */
  weight: number;
}

export type FontFileResult = { ok: true; info: FontFileInfo } | { ok: false; message: string };

const NOT_A_FONT = 'That is not a font file: upload a TTF, OTF or WOFF file.';
const DAMAGED = 'That font file is damaged or incomplete: its tables could not be read.';
/** The most a WOFF may unpack to (its tables are inflated to read them, and satori keeps the whole font). */
const MAX_SFNT_BYTES = 16 * 1024 * 1024;
const REQUIRED = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name'];

interface TableEntry {
  offset: number;
  length: number;
  /** WOFF: the stored (possibly deflated) length; equals `length` otherwise. */
  stored: number;
}

function tag(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/**
 * Inflates one WOFF table, reading the stream a chunk at a time: as soon as the output
 * passes the table's declared length (or the overall cap) the stream is cancelled and the
 * font is damaged, so a small file that inflates to gigabytes (a decompression bomb) is
 * never buffered.
 */
async function inflate(data: Uint8Array, length: number): Promise<Uint8Array | undefined> {
  if (length > MAX_SFNT_BYTES) return undefined;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    reader = new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
    const out = new Uint8Array(length);
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (total + value.byteLength > length) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      out.set(value, total);
      total += value.byteLength;
    }
    return total === length ? out : undefined;
  } catch {
    await reader?.cancel().catch(() => {});
    return undefined;
  }
}

function nameString(view: DataView, at: number, length: number, platform: number): string {
  if (platform === 1) {
    // Mac Roman: ASCII is the part worth keeping.
    let out = '';
    for (let i = 0; i < length; i += 1) {
      const code = view.getUint8(at + i);
      out += code < 0x80 ? String.fromCharCode(code) : '\uFFFD';
    }
    return out;
  }
  const units: number[] = [];
  for (let i = 0; i + 1 < length; i += 2) units.push(view.getUint16(at + i));
  return String.fromCharCode(...units);
}

/** A name fit to show and store: well-formed, no control or format characters, single spaces, at most 64 characters. */
export function cleanFontName(raw: string): string {
  const cleaned = wellFormed(raw)
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\uFFFD]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return [...cleaned].slice(0, 64).join('').trim();
}

function familyOf(name: Uint8Array): string {
  const view = new DataView(name.buffer, name.byteOffset, name.byteLength);
  if (name.byteLength < 6) return '';
  const count = view.getUint16(2);
  const strings = view.getUint16(4);
  let best: { score: number; value: string } | undefined;
  for (let i = 0; i < count; i += 1) {
    const at = 6 + i * 12;
    if (at + 12 > name.byteLength) break;
    const platform = view.getUint16(at);
    const encoding = view.getUint16(at + 2);
    const language = view.getUint16(at + 4);
    const id = view.getUint16(at + 6);
    const length = view.getUint16(at + 8);
    const offset = strings + view.getUint16(at + 10);
    if ((id !== 1 && id !== 16) || offset + length > name.byteLength) continue;
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    const roman = platform === 1 && encoding === 0;
    if (!unicode && !roman) continue;
    const value = cleanFontName(nameString(view, offset, length, platform));
    if (!value) continue;
    // The typographic family (16) over the legacy one (1); Windows English over other languages; Unicode over Mac Roman.
    const score = (id === 16 ? 8 : 0) + (platform === 3 && language === 0x409 ? 4 : 0) + (unicode ? 2 : 0);
    if (!best || score > best.score) best = { score, value };
  }
  return best?.value ?? '';
}

/** Reads and checks a font file. Never throws: anything unreadable is `{ ok: false }`. */
export async function readFontFile(bytes: Uint8Array): Promise<FontFileResult> {
  try {
    return await read(bytes);
  } catch {
    return { ok: false, message: DAMAGED };
  }
}

async function read(bytes: Uint8Array): Promise<FontFileResult> {
  if (bytes.byteLength < 12) return { ok: false, message: NOT_A_FONT };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = tag(bytes, 0);
  if (signature === 'wOF2') return { ok: false, message: 'WOFF2 fonts cannot be drawn into images: upload the TTF, OTF or WOFF version of the font.' };
  if (signature === 'ttcf') return { ok: false, message: 'Font collections (.ttc) are not supported: upload one font of it as TTF or OTF.' };
  const woff = signature === 'wOFF';
  const flavor = woff ? view.getUint32(4) : view.getUint32(0);
  const flavorTag = woff ? tag(bytes, 4) : signature;
  const truetype = flavor === 0x00010000 || flavorTag === 'true';
  const cff = flavorTag === 'OTTO';
  if (!truetype && !cff) return { ok: false, message: NOT_A_FONT };
  const format: FontFormat = woff ? 'woff' : cff ? 'otf' : 'ttf';

  const headerSize = woff ? 44 : 12;
  const entrySize = woff ? 20 : 16;
  if (bytes.byteLength < headerSize) return { ok: false, message: DAMAGED };
  const count = view.getUint16(woff ? 12 : 4);
  if (count < REQUIRED.length || count > 64 || headerSize + count * entrySize > bytes.byteLength) return { ok: false, message: DAMAGED };
  if (woff && view.getUint32(8) !== bytes.byteLength) return { ok: false, message: DAMAGED };

  const tables = new Map<string, TableEntry>();
  let unpacked = 0;
  for (let i = 0; i < count; i += 1) {
    const at = headerSize + i * entrySize;
    const name = tag(bytes, at);
    const entry: TableEntry = woff
      ? { offset: view.getUint32(at + 4), stored: view.getUint32(at + 8), length: view.getUint32(at + 12) }
      : { offset: view.getUint32(at + 8), stored: view.getUint32(at + 12), length: view.getUint32(at + 12) };
    if (entry.offset + entry.stored > bytes.byteLength || entry.stored > entry.length || entry.offset < headerSize + count * entrySize) {
      return { ok: false, message: DAMAGED };
    }
    unpacked += entry.length;
    tables.set(name, entry);
  }
  if (unpacked > MAX_SFNT_BYTES) return { ok: false, message: 'That font unpacks to more than 16 MiB: upload a smaller font.' };
  if (REQUIRED.some((name) => !tables.has(name))) return { ok: false, message: DAMAGED };
  if (cff && !tables.has('CFF ')) {
    return {
      ok: false,
      message: tables.has('CFF2') ? 'Variable OpenType (CFF2) fonts cannot be drawn into images: upload a static TTF or OTF.' : DAMAGED,
    };
  }
  if (truetype && (!tables.has('glyf') || !tables.has('loca'))) return { ok: false, message: DAMAGED };

  const table = async (name: string): Promise<Uint8Array | undefined> => {
    const entry = tables.get(name);
    if (!entry) return undefined;
    const data = bytes.subarray(entry.offset, entry.offset + entry.stored);
    return entry.stored < entry.length ? inflate(data, entry.length) : data;
  };

  const head = await table('head');
  if (!head || head.byteLength < 54) return { ok: false, message: DAMAGED };
  const headView = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const unitsPerEm = headView.getUint16(18);
  if (headView.getUint32(12) !== 0x5f0f3cf5 || unitsPerEm < 16 || unitsPerEm > 16384) return { ok: false, message: DAMAGED };

  const name = await table('name');
  if (!name) return { ok: false, message: DAMAGED };
  const family = familyOf(name);

  let weight = 400;
  const os2 = await table('OS/2');
  if (os2 && os2.byteLength >= 6) {
    const value = new DataView(os2.buffer, os2.byteOffset, os2.byteLength).getUint16(4);
    if (value >= 1 && value <= 1000) weight = Math.min(900, Math.max(100, Math.round(value / 100) * 100));
  }
  return { ok: true, info: { format, family, weight } };
}
