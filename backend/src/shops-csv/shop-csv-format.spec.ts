import { describe, expect, it } from '@jest/globals';
import { CSV_IMPORT_MAX_ROWS, SHOP_CSV_COLUMNS } from 'contract';
import { ApiError } from '../common/api-error.js';
import {
  decodeCsv,
  detectDelimiter,
  neutralizeCell,
  parseShopsCsv,
  restoreCell,
  rowToShopFields,
} from './shop-csv-format.js';

const HEADER = SHOP_CSV_COLUMNS.join(',');
const bytes = (text: string) => Buffer.from(text, 'utf8');

function refusal(run: () => unknown): { code: string; params?: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return { code: error.code, params: error.details.params };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('formula cells (OWASP CSV injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', `'=HYPERLINK("http://evil.example")`],
    ['+52 222 123 4567', `'+52 222 123 4567`],
    ['-1+1', `'-1+1`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ["'@Home Armería", `''@Home Armería`],
    ["'Los Pinos'", `''Los Pinos'`],
  ])('%j is written after an apostrophe and read back as it was', (value, written) => {
    expect(neutralizeCell(value)).toBe(written);
    expect(restoreCell(written)).toBe(value);
  });

  it('leaves plain numbers and ordinary text alone, and a typed apostrophe before text on import', () => {
    expect(neutralizeCell('-98.2063')).toBe('-98.2063');
    expect(neutralizeCell('Armería')).toBe('Armería');
    expect(restoreCell("'Pepe's")).toBe("'Pepe's");
  });
});

describe('reading a file', () => {
  it('finds the separator in the header line', () => {
    expect(detectDelimiter('id;name;city\r\n1,2;3')).toBe(';');
    expect(detectDelimiter('id,name,city\n"a;b;c"')).toBe(',');
  });

  it('reads UTF-8, and Windows-1252 when the bytes are not UTF-8', () => {
    expect(decodeCsv(Buffer.from('Armería', 'utf8'))).toBe('Armería');
    expect(decodeCsv(Buffer.from([0x41, 0x72, 0x6d, 0x65, 0x72, 0xed, 0x61]))).toBe('Armería');
  });

  it('refuses a binary file', () => {
    expect(refusal(() => parseShopsCsv(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0])))).toEqual({
      code: 'CSV_INVALID_FILE',
      params: undefined,
    });
  });

  it('reads BOM, semicolons, CRLF, quotes and line breaks inside cells, with spreadsheet row numbers', () => {
    const text =
      '\uFEFF' +
      SHOP_CSV_COLUMNS.join(';') +
      '\r\n' +
      ';"Armería ""El Güero""";León;Guanajuato;Calle 1;x;;a@b.mx;;"Línea 1\r\nLínea 2";"Caza;Armería";false;21,1;-101.6;medal;https://m.example/x.png;https://maps.example;;;\r\n' +
      ';;;;;;;;;;;;;;;;;;;\r\n' +
      ';Otra;León;Gto;C;x;;a@b.mx;;d;Caza;true;;;medal;https://m.example/x.png;https://maps.example;;;\r\n';
    const parsed = parseShopsCsv(bytes(text));
    expect(parsed.delimiter).toBe(';');
    expect(parsed.rows.map((row) => row.row)).toEqual([2, 4]);
    expect(parsed.rows[0].cells).toMatchObject({
      id: '',
      name: 'Armería "El Güero"',
      description: 'Línea 1\r\nLínea 2',
      categories: 'Caza;Armería',
    });
    expect(rowToShopFields(parsed.rows[0].cells)).toMatchObject({
      name: 'Armería "El Güero"',
      categories: ['Caza', 'Armería'],
      latitude: '21.1',
      longitude: '-101.6',
      isVerified: 'false',
    });
    expect(rowToShopFields(parsed.rows[1].cells)).toMatchObject({ isVerified: 'true', latitude: null });
  });

  it('reads spreadsheet booleans and leaves other values for the shop rules to refuse', () => {
    expect(rowToShopFields({ isVerified: 'VERDADERO' }).isVerified).toBe('true');
    expect(rowToShopFields({ isVerified: 'Falso' }).isVerified).toBe('false');
    expect(rowToShopFields({ isVerified: 'quizá' }).isVerified).toBe('quizá');
  });

  it('ignores id and the read-only columns when reading fields', () => {
    expect(rowToShopFields({ id: 'x', slug: 's', createdAt: 'c', updatedAt: 'u', name: 'N' })).toEqual({
      name: 'N',
    });
  });

  it('marks a row with another number of cells than the header', () => {
    const parsed = parseShopsCsv(bytes(`${HEADER}\n,a,b\n`));
    expect(parsed.rows[0].cellCount).toEqual({ expected: SHOP_CSV_COLUMNS.length, found: 3 });
  });

  it('names missing, unknown and repeated columns', () => {
    expect(refusal(() => parseShopsCsv(bytes('name,city,color,city\nA,B,C,D\n')))).toEqual({
      code: 'CSV_HEADER_INVALID',
      params: {
        missing: 'state, address, phone, email, description, categories, logo, mapImageUrl, googleMapsUrl',
        unknown: 'color',
        repeated: 'city',
      },
    });
  });

  it('refuses an empty file, a header alone, an unclosed quote and too many rows', () => {
    expect(refusal(() => parseShopsCsv(bytes(''))).code).toBe('CSV_NO_ROWS');
    expect(refusal(() => parseShopsCsv(bytes(`\uFEFF${HEADER}\r\n`))).code).toBe('CSV_NO_ROWS');
    expect(refusal(() => parseShopsCsv(bytes(`${HEADER}\n,"unclosed\n`))).code).toBe('CSV_INVALID_FILE');
    const many = `${HEADER}\n${'x\n'.repeat(CSV_IMPORT_MAX_ROWS + 1)}`;
    expect(refusal(() => parseShopsCsv(bytes(many)))).toEqual({
      code: 'CSV_TOO_MANY_ROWS',
      params: { max: CSV_IMPORT_MAX_ROWS },
    });
  });
});
