/*
 * CSV as RFC 4180 writes it and spreadsheets read it: comma-separated, CRLF line ends, a cell quoted
 * when it holds a quote, comma or line break (quotes doubled inside).
 *
 * Text cells that start with =, +, -, @ (or a tab or carriage return) get a leading apostrophe: a
 * spreadsheet would otherwise run them as a formula (CSV injection, OWASP). A customer's name or a
 * product's name is text anyone can type, so every text cell is neutralised; numbers are written as
 * numbers and never need it.
 */

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as one CSV text, a CRLF after every row. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}

/** Byte-order mark: tells spreadsheet programs the file is UTF-8, so accents open intact. */
export const UTF8_BOM = '\uFEFF';
