/** What a spreadsheet runs as a formula when a cell starts with it (= + - @, a tab, a carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula gets a leading
 * apostrophe; quotes, commas and line breaks quote it. Every CSV the workspace exports
 * (leads, post insights) writes its cells here.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A row of cells and its CRLF. */
export const csvRow = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;
