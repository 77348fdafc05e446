import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import { applyModifications, type LayerModification } from '#common/creative/modifications.ts';
import { batchRow, type BatchRow } from '#common/schemas/batches.ts';
import type { Table } from '#client/features/creatives/batches/parse.ts';

/**
 * From a spreadsheet's table to a run's rows (decision 0047), pure: each column mapped to a layer
 * (or the background) and what it holds; each line made into one row of modifications and checked
 * as the worker will (`batchRow`, `applyModifications`), with the names of pictures resolved to
 * the project's media. A line with a problem is reported and left out; the others are the run.
 */

export const COLUMN_KINDS = ['text', 'image', 'color', 'hidden'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** The background as a column's target (no layer id has an `@`). */
export const BACKGROUND = '@background';

/** A column's mapping: the layer's name (or id, or BACKGROUND) and what the cells hold; null: ignored. */
export type ColumnMapping = { target: string; kind: ColumnKind } | null;

/** What a layer, or the background, can take from a column, its most likely first. */
export function kindsFor(type: Layer['type'] | 'background'): readonly ColumnKind[] {
  switch (type) {
    case 'text':
    case 'cta':
      return ['text', 'color', 'hidden'];
    case 'image':
    case 'logo':
      return ['image', 'hidden'];
    case 'shape':
    case 'icon':
      return ['color', 'hidden'];
    case 'background':
      return ['image', 'color'];
  }
}

/** The key a modification names a layer by: its name, else its id. */
export const layerKey = (layer: Layer): string => layer.name ?? layer.id;

/** The type of what a target names (the first layer of a shared name), undefined when nothing does. */
export function targetType(doc: CreativeDocument, target: string): Layer['type'] | 'background' | undefined {
  if (target === BACKGROUND) return 'background';
  return doc.layers.find((l) => layerKey(l) === target)?.type;
}

const fold = (s: string) => s.trim().toLowerCase();

/** Columns whose header is a layer's name or id are mapped to it at once, as what that layer holds first. */
export function guessMapping(header: readonly string[], doc: CreativeDocument): ColumnMapping[] {
  return header.map((name) => {
    const layer = name.trim() === '' ? undefined : doc.layers.find((l) => fold(layerKey(l)) === fold(name) || fold(l.id) === fold(name));
    return layer ? { target: layerKey(layer), kind: kindsFor(layer.type)[0]! } : null;
  });
}

/** The project's pictures by name, with and without the file's extension, lower-cased. */
export type MediaIndex = ReadonlyMap<string, { id: string; url: string }>;

export function mediaIndex(items: readonly { id: string; name: string; fileUrl: string }[]): MediaIndex {
  const index = new Map<string, { id: string; url: string }>();
  for (const item of items) {
    const entry = { id: item.id, url: item.fileUrl };
    const name = fold(item.name);
    if (!index.has(name)) index.set(name, entry);
    const bare = name.replace(/\.[a-z0-9]{2,5}$/, '');
    if (bare && !index.has(bare)) index.set(bare, entry);
  }
  return index;
}

/** What is wrong with a line: an English message of the shared rules (said in the reader's language), or one of the sheet's own. */
export type Problem =
  | { code: 'message'; text: string }
  | { code: 'unknownPicture'; name: string }
  | { code: 'notHttps' }
  | { code: 'yesNo'; value: string }
  | { code: 'tooManyColumns' };

export interface RowProblem {
  /** The line in the sheet (the header is line 1). */
  line: number;
  /** The column's header, when the problem is one column's. */
  column: string | null;
  problem: Problem;
}

export interface MappedRows {
  /** The lines that pass, as the run's rows, and the sheet's line of each. */
  rows: BatchRow[];
  lines: number[];
  problems: RowProblem[];
}

const YES = new Set(['yes', 'y', 'ja', 'j', 'true', 'wahr', '1', 'x', 'hide', 'hidden', 'ausblenden']);
const NO = new Set(['no', 'n', 'nein', 'false', 'falsch', '0', 'show', 'zeigen']);

/** `#abc`, `abc`, `AABBCC` as the API's `#aabbcc`; anything else as written (the schema then says what is expected). */
export function normalColour(value: string): string {
  const hex = value.trim().replace(/^#/, '');
  if (/^[0-9a-f]{6}$/i.test(hex)) return `#${hex.toLowerCase()}`;
  if (/^[0-9a-f]{3}$/i.test(hex))
    return `#${[...hex]
      .map((c) => c + c)
      .join('')
      .toLowerCase()}`;
  return value.trim();
}

type Cell = { ok: true; change: Partial<LayerModification> & { imageUrl?: string } } | { ok: false; problem: Problem };

function cellChange(kind: ColumnKind, value: string, media: MediaIndex): Cell {
  switch (kind) {
    case 'text':
      return { ok: true, change: { text: value } };
    case 'color':
      return { ok: true, change: { color: normalColour(value) } };
    case 'hidden': {
      const word = fold(value);
      if (YES.has(word)) return { ok: true, change: { hidden: true } };
      if (NO.has(word)) return { ok: true, change: { hidden: false } };
      return { ok: false, problem: { code: 'yesNo', value: value.trim() } };
    }
    case 'image': {
      const address = value.trim();
      if (/^https:\/\//i.test(address)) return { ok: true, change: { imageUrl: address } };
      if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return { ok: false, problem: { code: 'notHttps' } };
      const found = media.get(fold(address));
      return found ? { ok: true, change: { mediaId: found.id } } : { ok: false, problem: { code: 'unknownPicture', name: address } };
    }
  }
}

/** A line as a run's row (empty cells change nothing), with the column each modification came from. */
function lineToRow(
  cells: readonly string[],
  header: readonly string[],
  mapping: readonly ColumnMapping[],
  media: MediaIndex,
): { row: BatchRow; columns: string[]; problems: { column: string; problem: Problem }[] } {
  const modifications: NonNullable<BatchRow['modifications']> = [];
  const columns: string[] = [];
  const background: NonNullable<BatchRow['background']> = {};
  const problems: { column: string; problem: Problem }[] = [];
  mapping.forEach((map, i) => {
    const value = cells[i] ?? '';
    if (!map || value.trim() === '') return;
    const cell = cellChange(map.kind, value, media);
    if (!cell.ok) problems.push({ column: header[i] ?? '', problem: cell.problem });
    else if (map.target === BACKGROUND) Object.assign(background, cell.change);
    else {
      modifications.push({ layer: map.target, ...cell.change });
      columns.push(header[i] ?? '');
    }
  });
  const row: BatchRow = {
    ...(modifications.length > 0 ? { modifications } : {}),
    ...(Object.keys(background).length > 0 ? { background } : {}),
  };
  return { row, columns, problems };
}

/** A stand-in media id for the row's n-th address, so that the document can be checked and drawn before the worker fetches it. */
export const addressStandIn = (n: number) => `address-${n}`;

/**
 * The document a row makes, as the preview draws it: an address stands for a picture (its
 * stand-in id, with the address among `images`); or the problems `applyModifications` finds.
 */
export function rowDocument(
  doc: CreativeDocument,
  row: BatchRow,
): { ok: true; doc: CreativeDocument; addresses: Record<string, string> } | { ok: false; issues: { path: string; message: string }[] } {
  const addresses: Record<string, string> = {};
  const standIn = (url: string | undefined): string | undefined => {
    if (url === undefined) return undefined;
    const id = addressStandIn(Object.keys(addresses).length);
    addresses[id] = url;
    return id;
  };
  const modifications = (row.modifications ?? []).map(({ imageUrl, ...change }) => {
    const mediaId = change.mediaId ?? standIn(imageUrl);
    return mediaId === undefined ? change : { ...change, mediaId };
  });
  let background: { color?: string; mediaId?: string } | undefined;
  if (row.background) {
    const { imageUrl, ...rest } = row.background;
    const mediaId = rest.mediaId ?? standIn(imageUrl);
    background = mediaId === undefined ? rest : { ...rest, mediaId };
  }
  const applied = applyModifications(doc, { modifications, ...(background ? { background } : {}) });
  return applied.ok ? { ok: true, doc: applied.doc, addresses } : applied;
}

/** The column a problem's path (`modifications.2.text`) points at. */
function columnAt(path: string, columns: readonly string[], backgroundColumns: readonly string[]): string | null {
  const match = /^modifications\.(\d+)/.exec(path);
  if (match) return columns[Number(match[1])] ?? null;
  return path.startsWith('background') && backgroundColumns.length === 1 ? backgroundColumns[0]! : null;
}

/** Every line of the table as a row of the run, or its problems (at most one line each per column). */
export function mapRows(table: Table, mapping: readonly ColumnMapping[], doc: CreativeDocument, media: MediaIndex): MappedRows {
  const rows: BatchRow[] = [];
  const lines: number[] = [];
  const problems: RowProblem[] = [];
  // A sheet no column of which changes anything would draw the same picture on every line.
  if (!mapping.some((m) => m !== null)) return { rows, lines, problems };
  const backgroundColumns = table.header.filter((_, i) => mapping[i]?.target === BACKGROUND);
  table.rows.forEach((cells, index) => {
    const line = index + 2;
    const made = lineToRow(cells, table.header, mapping, media);
    if (made.problems.length > 0) {
      for (const p of made.problems) problems.push({ line, ...p });
      return;
    }
    const checked = batchRow.safeParse(made.row);
    if (!checked.success) {
      const seen = new Set<string>();
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.');
        const column = columnAt(path, made.columns, backgroundColumns);
        const key = `${column}|${issue.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        problems.push(
          path === 'modifications'
            ? { line, column: null, problem: { code: 'tooManyColumns' } }
            : { line, column, problem: { code: 'message', text: issue.message } },
        );
      }
      return;
    }
    const drawn = rowDocument(doc, checked.data);
    if (!drawn.ok) {
      for (const issue of drawn.issues)
        problems.push({ line, column: columnAt(issue.path, made.columns, backgroundColumns), problem: { code: 'message', text: issue.message } });
      return;
    }
    rows.push(checked.data);
    lines.push(line);
  });
  return { rows, lines, problems };
}
