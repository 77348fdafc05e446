import Papa from 'papaparse';
import { MAX_BATCH_ROWS } from '#common/schemas/batches.ts';

/**
 * A spreadsheet's text as a table (decision 0047): Papa Parse reads it (quotes, quoted line
 * breaks, CRLF, the delimiter guessed among tab, `;` and `,`: what Google Sheets and Excel copy,
 * and German Excel's CSV); this module only decodes a file's bytes, drops a BOM and says why a
 * text is no table. Loaded with the spreadsheet dialog only.
 */

export interface Table {
  /** The first line: the columns' names (trimmed; '' where a column has none). */
  header: string[];
  /** The lines below it, each as long as the header (missing cells are ''). */
  rows: string[][];
}

export type TableProblem = { code: 'empty' } | { code: 'binary' } | { code: 'tooLarge' } | { code: 'tooMany'; count: number };

export type TableResult = { ok: true; table: Table } | { ok: false; problem: TableProblem };

/** A file larger than this is no spreadsheet of at most 1,000 rows. */
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

/** Control characters other than tab, line feed and carriage return: a text has (almost) none. */
// eslint-disable-next-line no-control-regex -- looking for them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

function looksBinary(text: string): boolean {
  if (text.includes('\u0000')) return true;
  const sample = text.slice(0, 4096);
  return (sample.match(CONTROL)?.length ?? 0) > sample.length / 100;
}

/**
 * A file's bytes as text: UTF-8 (with or without BOM), else Windows-1252, which German Excel
 * writes its "CSV (Trennzeichen-getrennt)" in; null for what is no text (a picture, an .xlsx).
 */
export function decodeBytes(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return looksBinary(text) ? null : text;
}

/** The rows of a pasted or uploaded text, or why there are none to use. */
export function parseTable(input: string): TableResult {
  const text = input.replace(/^\uFEFF/, '');
  if (looksBinary(text)) return { ok: false, problem: { code: 'binary' } };
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: ['\t', ';', ','] });
  const [first, ...rest] = parsed.data;
  if (!first || rest.length === 0) return { ok: false, problem: { code: 'empty' } };
  if (rest.length > MAX_BATCH_ROWS) return { ok: false, problem: { code: 'tooMany', count: rest.length } };
  const header = first.map((cell) => cell.trim());
  const rows = rest.map((row) => header.map((_, i) => row[i] ?? ''));
  return { ok: true, table: { header, rows } };
}

/** A file's text (what the paste box then shows), or why it has none: empty, too large, not text. */
export async function readTextFile(file: Blob): Promise<{ ok: true; text: string } | { ok: false; problem: TableProblem }> {
  if (file.size === 0) return { ok: false, problem: { code: 'empty' } };
  if (file.size > MAX_FILE_BYTES) return { ok: false, problem: { code: 'tooLarge' } };
  const text = decodeBytes(new Uint8Array(await file.arrayBuffer()));
  return text === null ? { ok: false, problem: { code: 'binary' } } : { ok: true, text: text.replace(/^\uFEFF/, '') };
}
