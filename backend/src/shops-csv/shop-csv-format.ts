import { CsvError, parse } from 'csv-parse/sync';
import {
  CSV_IMPORT_MAX_ROWS,
  SHOP_CSV_CATEGORY_SEPARATOR,
  SHOP_CSV_COLUMNS,
  SHOP_CSV_REQUIRED_COLUMNS,
  SHOP_SCHEMA,
  type ShopFieldDefinition,
} from 'contract';
import { ApiError } from '../common/api-error.js';
import type { ShopDto } from '../shops/dto/shop.dto.js';

export type ShopCsvColumn = (typeof SHOP_CSV_COLUMNS)[number];

/** Columns the server writes: exported, ignored on import. */
export const READ_ONLY_COLUMNS: ReadonlySet<ShopCsvColumn> = new Set(['slug', 'createdAt', 'updatedAt']);

export type CsvDelimiter = ',' | ';';

/** A plain number (a coordinate): left as it is, so spreadsheets keep it a number. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/** Apostrophe-escaped on export: a formula (CSV injection), and an apostrophe, which the import takes off. */
const ESCAPED_START = /^['=+\-@\t\r]/;

export function neutralizeCell(value: string): string {
  return ESCAPED_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** Undoes neutralizeCell; a hand-typed apostrophe before ordinary text (`'Los Pinos'`) stays. */
export function restoreCell(value: string): string {
  return value.startsWith("'") && ESCAPED_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** A field's value as its CSV cell: categories joined, an absent value empty. */
function cellOf(definition: ShopFieldDefinition, value: unknown): string {
  if (definition.kind === 'categories') return (value as string[]).join(SHOP_CSV_CATEGORY_SEPARATOR);
  return value === null || value === undefined ? '' : String(value);
}

/** One shop as a CSV record, in SHOP_CSV_COLUMNS order. */
export function shopToCsvRecord(shop: ShopDto): string[] {
  const cells: Record<string, string> = {
    id: shop.id,
    slug: shop.slug,
    createdAt: new Date(shop.createdAt).toISOString(),
    updatedAt: new Date(shop.updatedAt).toISOString(),
  };
  for (const definition of SHOP_SCHEMA) cells[definition.name] = cellOf(definition, shop[definition.name]);
  return SHOP_CSV_COLUMNS.map((column) => neutralizeCell(cells[column]));
}

/** The file's text: UTF-8, else Windows-1252 (Excel's CSV on Spanish Windows); with a NUL byte, none. */
export function decodeCsv(bytes: Buffer): string {
  if (bytes.includes(0)) throw invalidFile('The file is not a CSV text file');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `;` when the header has more semicolons than commas (Spanish-locale spreadsheets), else `,`. */
export function detectDelimiter(text: string): CsvDelimiter {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** One data row of the file: its spreadsheet row number (the header is row 1) and its cells. */
export interface CsvRow {
  row: number;
  /** Cells by column; undefined for a column the file does not have. */
  cells: Partial<Record<ShopCsvColumn, string>>;
  /** Set when the row has another number of cells than the header. */
  cellCount?: { expected: number; found: number };
}

export interface ParsedShopsCsv {
  delimiter: CsvDelimiter;
  columns: ShopCsvColumn[];
  rows: CsvRow[];
}

function tooManyRows(): ApiError {
  return new ApiError(
    400,
    'CSV_TOO_MANY_ROWS',
    `The file has more than ${CSV_IMPORT_MAX_ROWS} rows; an import takes at most ${CSV_IMPORT_MAX_ROWS}`,
    { params: { max: CSV_IMPORT_MAX_ROWS } },
  );
}

function invalidFile(message: string, params?: Record<string, string | number>): ApiError {
  return new ApiError(400, 'CSV_INVALID_FILE', message, params ? { params } : {});
}

/** Reads a shops CSV; the header names each required column once, none unknown; blank rows keep a number. */
export function parseShopsCsv(bytes: Buffer): ParsedShopsCsv {
  const text = decodeCsv(bytes);
  const delimiter = detectDelimiter(text.replace(/^\uFEFF/, ''));
  let columns: ShopCsvColumn[] | undefined;
  const records: { row: number; record: string[] }[] = [];
  // csv-parse builds an error for every record of another cell count (relaxed too): no stack trace
  // makes them cheap. The parse is synchronous, so nothing else sees the limit.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      // A quote inside an unquoted cell (`5" barrel`) is taken as a character.
      relax_quotes: true,
      // Empty lines cost no error object; they still count in the row numbers.
      skip_empty_lines: true,
      // Stops at the row limit: a flood of rows is refused after the limit, not after the flood.
      on_record: (record: string[], info: { records: number; empty_lines: number }) => {
        if (!columns) {
          columns = readHeader(record);
          return null;
        }
        // Blank records count too: they cost as much to read.
        if (info.records > CSV_IMPORT_MAX_ROWS * 2 + 1) throw tooManyRows();
        if (record.every((cell) => cell.trim() === '')) return null;
        if (records.length >= CSV_IMPORT_MAX_ROWS) throw tooManyRows();
        records.push({ row: info.records + info.empty_lines, record });
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = Number(error.lines) || 0;
      throw invalidFile(`The file is not valid CSV (line ${line}): ${error.message}`, { line });
    }
    throw error;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
  if (!columns) throw new ApiError(400, 'CSV_NO_ROWS', 'The file is empty');
  const header = columns;
  const rows: CsvRow[] = records.map(({ row, record }) => {
    const cells: CsvRow['cells'] = {};
    header.forEach((column, i) => {
      if (i < record.length) cells[column] = record[i];
    });
    return {
      row,
      cells,
      ...(record.length !== header.length
        ? { cellCount: { expected: header.length, found: record.length } }
        : {}),
    };
  });
  if (!rows.length) throw new ApiError(400, 'CSV_NO_ROWS', 'The file has a header but no shop rows');
  return { delimiter, columns, rows };
}

const KNOWN_COLUMNS = new Map<string, ShopCsvColumn>(
  SHOP_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]),
);

function readHeader(header: string[]): ShopCsvColumn[] {
  const columns: ShopCsvColumn[] = [];
  const unknown: string[] = [];
  const repeated: string[] = [];
  for (const cell of header) {
    const name = cell.trim();
    const column = KNOWN_COLUMNS.get(name.toLowerCase());
    if (!column) unknown.push(name || '(empty)');
    else if (columns.includes(column)) repeated.push(column);
    else columns.push(column);
  }
  const missing = SHOP_CSV_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (unknown.length || repeated.length || missing.length) {
    const problems = [
      missing.length && `missing columns: ${missing.join(', ')}`,
      unknown.length && `unknown columns: ${unknown.join(', ')}`,
      repeated.length && `repeated columns: ${repeated.join(', ')}`,
    ].filter(Boolean);
    throw new ApiError(
      400,
      'CSV_HEADER_INVALID',
      `The header row is not a shops CSV header: ${problems.join('; ')}`,
      {
        params: { missing: missing.join(', '), unknown: unknown.join(', '), repeated: repeated.join(', ') },
      },
    );
  }
  return columns;
}

/** Spreadsheet spellings of true and false (Excel in Spanish writes VERDADERO / FALSO). */
const TRUE_WORDS = new Set(['true', 'verdadero', 'sí', 'si', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'falso', 'no', '0', '']);

/** `19,0414` (a decimal comma, as Spanish-locale spreadsheets write it) reads as 19.0414. */
function coordinate(cell: string): string | null {
  const value = cell.trim();
  if (!value) return null;
  return /^[-+]?\d+,\d+$/.test(value) ? value.replace(',', '.') : value;
}

/** A row's fields as the API's JSON body carries them (checked later), without `id` or read-only columns. */
export function rowToShopFields(cells: CsvRow['cells']): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [column, raw] of Object.entries(cells) as [ShopCsvColumn, string][]) {
    if (column === 'id' || READ_ONLY_COLUMNS.has(column)) continue;
    const cell = restoreCell(raw);
    if (column === 'categories') {
      fields.categories = cell
        .split(SHOP_CSV_CATEGORY_SEPARATOR)
        .map((name) => name.trim())
        .filter(Boolean);
    } else if (column === 'latitude' || column === 'longitude') {
      fields[column] = coordinate(cell);
    } else if (column === 'isVerified') {
      const word = cell.trim().toLowerCase();
      fields.isVerified = TRUE_WORDS.has(word) ? 'true' : FALSE_WORDS.has(word) ? 'false' : cell;
    } else {
      fields[column] = cell;
    }
  }
  return fields;
}
