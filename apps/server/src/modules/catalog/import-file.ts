import {
  CATALOG_CSV_COLUMNS,
  CATALOG_IMPORT_MAX_ROWS,
  type CatalogCsvColumn,
  IMPORT_MESSAGES,
} from '@vitrina/shared';
import { parse } from 'csv-parse/sync';

/*
 * Reading the owner's CSV (decision 089): UTF-8 with or without BOM, or Windows-1252 (what Excel writes
 * for «CSV (delimitado por comas)»); commas, or semicolons as Excel writes them in es-ES and es-AR. A
 * text cell the export neutralised against formulas ("'=…") is read back without its apostrophe.
 */

export type CsvRow = { fila: number; cells: Record<CatalogCsvColumn, string> };
export type ReadCsv = { rows: CsvRow[] } | { error: string };

/** Columns a file must have; the others are read as empty when missing. */
const REQUIRED: readonly CatalogCsvColumn[] = [
  'nombre',
  'descripcion',
  'categoria',
  'imagenes',
  'sku',
  'precio',
  'stock',
];

const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

const folded = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, '_');

/** The file's text: UTF-8 when it is valid UTF-8, else Windows-1252; undefined for a binary file. */
export function decodeCsv(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** ';' when the header line has semicolons and no commas (a Spanish Excel's CSV), else ','. */
function delimiterOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(';') && !header.includes(',') ? ';' : ',';
}

/** The rows of the file by column name, numbered as a spreadsheet shows them (the header is row 1). */
export function readCatalogCsv(bytes: Uint8Array): ReadCsv {
  const text = decodeCsv(bytes)?.replace(/^\uFEFF/, '');
  if (text === undefined) return { error: IMPORT_MESSAGES.notCsv };
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      to: CATALOG_IMPORT_MAX_ROWS + 2,
    });
  } catch {
    return { error: IMPORT_MESSAGES.unreadableCsv };
  }
  const [header = [], ...data] = records;
  if (data.length > CATALOG_IMPORT_MAX_ROWS) return { error: IMPORT_MESSAGES.tooManyRows };
  const names = header.map(folded);
  const unknown = header.filter((_, i) => !CATALOG_CSV_COLUMNS.includes(names[i] as CatalogCsvColumn));
  if (unknown.length > 0 && unknown.some((name) => name.trim() !== '')) {
    return { error: IMPORT_MESSAGES.unknownColumns(unknown.filter((name) => name.trim() !== '')) };
  }
  const missing = REQUIRED.filter((column) => !names.includes(column));
  if (missing.length > 0) return { error: IMPORT_MESSAGES.missingColumns(missing) };

  const rows: CsvRow[] = [];
  data.forEach((record, i) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const cells = Object.fromEntries(CATALOG_CSV_COLUMNS.map((column) => [column, ''])) as Record<
      CatalogCsvColumn,
      string
    >;
    names.forEach((name, j) => {
      if (name in cells) cells[name as CatalogCsvColumn] = (record[j] ?? '').replace(NEUTRALISED, '');
    });
    rows.push({ fila: i + 2, cells });
  });
  if (rows.length === 0) return { error: IMPORT_MESSAGES.noRows };
  return { rows };
}
