import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { MAX_BATCH_ROWS } from '#common/schemas/batches.ts';
import { decodeBytes, parseTable, readTextFile } from '#client/features/creatives/batches/parse.ts';

/** Windows-1252 bytes of a Latin-1 text (what German Excel saves a CSV as). */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));

describe('parseTable', () => {
  it('reads a comma-separated file with quotes, a quoted comma, a doubled quote and a line break in a cell', () => {
    const result = parseTable('headline,cta\n"Sale, today","Say ""hi"""\n"Two\nlines",Go\n');
    expect(result).toEqual({
      ok: true,
      table: {
        header: ['headline', 'cta'],
        rows: [
          ['Sale, today', 'Say "hi"'],
          ['Two\nlines', 'Go'],
        ],
      },
    });
  });

  it('reads German Excel: `;` between cells, CRLF, Windows-1252 umlauts, a decimal comma', () => {
    const text = decodeBytes(cp1252('Überschrift;Preis\r\nFrühling;12,50 €\r\nGrüße;3,00 €\r\n'.replace('€', '\u0080').replace('€', '\u0080')));
    expect(text).not.toBeNull();
    const result = parseTable(text!);
    expect(result.ok && result.table.header).toEqual(['Überschrift', 'Preis']);
    expect(result.ok && result.table.rows).toEqual([
      ['Frühling', '12,50 €'],
      ['Grüße', '3,00 €'],
    ]);
  });

  it('drops a UTF-8 BOM before the first header and reads UTF-8 as UTF-8', () => {
    const bytes = new TextEncoder().encode('\uFEFFheadline,body\r\nCafé,Crème\r\n');
    const result = parseTable(decodeBytes(bytes)!);
    expect(result).toEqual({ ok: true, table: { header: ['headline', 'body'], rows: [['Café', 'Crème']] } });
  });

  it('reads rows pasted from Google Sheets or Excel: tabs, a quoted cell with a line break', () => {
    const result = parseTable('headline\tcolour\n"Big\nsale"\t#ff0000\nSmall\t#00ff00');
    expect(result).toEqual({
      ok: true,
      table: {
        header: ['headline', 'colour'],
        rows: [
          ['Big\nsale', '#ff0000'],
          ['Small', '#00ff00'],
        ],
      },
    });
  });

  it('keeps empty cells, fills short lines and skips blank lines', () => {
    const result = parseTable('a,b,c\n1,,3\n\n4\n  \n');
    expect(result).toEqual({
      ok: true,
      table: {
        header: ['a', 'b', 'c'],
        rows: [
          ['1', '', '3'],
          ['4', '', ''],
        ],
      },
    });
  });

  it('says an empty text or a header alone has no rows', () => {
    expect(parseTable('')).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(parseTable('\uFEFF\n\n')).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(parseTable('headline,cta\n')).toEqual({ ok: false, problem: { code: 'empty' } });
  });

  it(`takes ${MAX_BATCH_ROWS} rows and refuses ${MAX_BATCH_ROWS + 1}, saying how many there are`, () => {
    const sheet = (n: number) => ['headline', ...Array.from({ length: n }, (_, i) => `Row ${i}`)].join('\n');
    const full = parseTable(sheet(MAX_BATCH_ROWS));
    expect(full.ok && full.table.rows.length).toBe(MAX_BATCH_ROWS);
    expect(parseTable(sheet(MAX_BATCH_ROWS + 1))).toEqual({ ok: false, problem: { code: 'tooMany', count: MAX_BATCH_ROWS + 1 } });
  });

  it('says a binary file is none: NUL bytes, or control characters throughout', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    expect(decodeBytes(png)).toBeNull();
    expect(parseTable('a,b\n\u0001\u0002\u0003,\u0004\u0005')).toEqual({ ok: false, problem: { code: 'binary' } });
  });

  it('reads the same table back from any sheet written with quotes, by any of the three delimiters, with LF or CRLF, with or without a BOM', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Z', 'ü', ' ', ',', ';', '\t', '"', '\n', '\r\n', '1', '#'), maxLength: 12 });
    const header = fc.array(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,10}[A-Za-z0-9]$/), { minLength: 2, maxLength: 5 });
    const sheet = header.chain((names) =>
      fc.record({
        header: fc.constant(names),
        rows: fc.array(
          fc.array(cell, { minLength: names.length, maxLength: names.length }).filter((cells) => cells.some((c) => c.trim() !== '')),
          { minLength: 1, maxLength: 8 },
        ),
        delimiter: fc.constantFrom(',', ';', '\t'),
        newline: fc.constantFrom('\n', '\r\n'),
        bom: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(sheet, ({ header, rows, delimiter, newline, bom }) => {
        const text = (bom ? '\uFEFF' : '') + Papa.unparse([header, ...rows], { quotes: true, delimiter, newline });
        expect(parseTable(text)).toEqual({ ok: true, table: { header, rows } });
      }),
    );
  });
});

describe('readTextFile', () => {
  it('gives a file’s text, or says it is empty, too large or not text', async () => {
    expect(await readTextFile(new Blob(['\uFEFFheadline\nHi']))).toEqual({ ok: true, text: 'headline\nHi' });
    expect(await readTextFile(new Blob([]))).toEqual({ ok: false, problem: { code: 'empty' } });
    expect(await readTextFile(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)]))).toEqual({ ok: false, problem: { code: 'tooLarge' } });
    expect(await readTextFile(new Blob([Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0])]))).toEqual({ ok: false, problem: { code: 'binary' } });
  });
});
