// Unit tests of the shop schema's rules (run by the backend's Jest: backend/jest.config.js).
import { describe, expect, it } from '@jest/globals';
import {
  checkShop,
  CORRECTION_FIELDS,
  correctionProblems,
  FIELD_ERROR_CODES,
  hasAtMostDecimals,
  isHttpUrl,
  isImageReference,
  normalizeShopValue,
  sameShopFields,
  SHOP_CSV_COLUMNS,
  SHOP_CSV_REQUIRED_COLUMNS,
  SHOP_FIELD,
  SHOP_FIELD_PROBLEM_CODES,
  SHOP_PHONE_PATTERN,
  SHOP_SCHEMA,
  shopFieldProblem,
} from './index.js';

/** A text field with a format of its own: upper-case codes of three letters, stored as they are. */
const withCountryFormat = {
  ...SHOP_FIELD.hoursNote,
  label: 'Country',
  format: {
    codes: ['INVALID_HOURS'],
    canonical: (text) => (/^[a-z]{3}$/i.test(text) ? text.toUpperCase() : null),
    problem: (text) =>
      /^[a-z]{3}$/i.test(text) ? null : { code: 'INVALID_HOURS', message: 'three letters' },
  },
};

describe('shop schema', () => {
  it.each(['https://armeria.mx', 'http://example.com/path?q=1#x', 'HTTPS://MAPS.GOOGLE.COM/?q=a'])(
    'accepts the http(s) URL %s',
    (url) => expect(isHttpUrl(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    'ftp://files.example',
    'https://',
    'https://exa mple.com',
    'https://example.com/"onmouseover="x',
    '/relative/path',
  ])('refuses %s as a link', (url) => expect(isHttpUrl(url)).toBe(false));

  it('accepts object paths, URLs and (for logos) icon keys as images', () => {
    const path = '/objects/uploads/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d';
    expect(isImageReference(path, false)).toBe(true);
    expect(isImageReference('https://cdn.example/logo.png', false)).toBe(true);
    expect(isImageReference('medal', true)).toBe(true);
    expect(isImageReference('medal', false)).toBe(false);
    expect(isImageReference('/objects/uploads/../../etc/passwd', false)).toBe(false);
    expect(isImageReference('/objects/other/x', false)).toBe(false);
  });

  it('counts decimals', () => {
    expect(hasAtMostDecimals(20.12345678, 8)).toBe(true);
    expect(hasAtMostDecimals(20.123456789, 8)).toBe(false);
    expect(hasAtMostDecimals(-103, 8)).toBe(true);
    expect(hasAtMostDecimals(1e-7, 8)).toBe(true);
    expect(hasAtMostDecimals(1e-9, 8)).toBe(false);
  });

  const problem = (field, value) =>
    shopFieldProblem(SHOP_FIELD[field], normalizeShopValue(SHOP_FIELD[field], value));

  it.each([
    ['name', undefined, 'REQUIRED'],
    ['name', '   ', 'REQUIRED'],
    ['name', 42, 'NOT_TEXT'],
    ['name', 'x'.repeat(151), 'TOO_LONG'],
    ['name', 'Armería\u202Egnp.exe', 'CONTROL_CHARACTERS'],
    ['name', 'Armería \u2066Norte\u2069', 'CONTROL_CHARACTERS'],
    ['name', 'Armería\tNorte', 'CONTROL_CHARACTERS'],
    ['city', 'León\nGto', 'CONTROL_CHARACTERS'],
    ['description', 'Two\nlines\tand a tab', null],
    ['description', 'NUL \u0000', 'CONTROL_CHARACTERS'],
    ['phone', 'call me', 'INVALID_PHONE'],
    ['whatsapp', '33 1234 5678', 'INVALID_PHONE'],
    ['whatsapp', '', null],
    ['email', 'nobody@', 'INVALID_EMAIL'],
    ['website', 'javascript:alert(1)', 'INVALID_URL'],
    ['website', null, null],
    ['logo', 'medal', null],
    ['mapImageUrl', 'medal', 'INVALID_IMAGE'],
    ['categories', [], 'REQUIRED'],
    ['categories', 'Armería', 'NOT_A_LIST'],
    ['categories', ['  '], 'REQUIRED'],
    ['categories', Array.from({ length: 21 }, (_, i) => `c${i}`), 'TOO_MANY'],
    ['categories', ['x'.repeat(51)], 'TOO_LONG'],
    ['categories', ['Armería', ' armería '], null],
    ['latitude', '', null],
    ['latitude', 'north', 'NOT_A_NUMBER'],
    ['latitude', 91, 'OUT_OF_RANGE'],
    ['longitude', '-99.123456789', 'TOO_MANY_DECIMALS'],
    ['isVerified', true, null],
    ['isVerified', 'yes', 'INVALID_VALUE'],
    ['isVerified', null, 'INVALID_VALUE'],
    ['isVerified', undefined, null],
  ])('%s = %j is refused with %s', (field, value, code) => {
    expect(problem(field, value)?.code ?? null).toBe(code);
  });

  /**
   * Unicode format characters (general category Cf): direction marks and overrides that make
   * text display as something else, invisible ones that make two equal-looking names differ.
   */
  const FORMAT_CHARACTERS = {
    'right-to-left mark U+200F': '\u200f',
    'Arabic letter mark U+061C': '\u061c',
    'right-to-left override U+202E': '\u202e',
    'zero-width space U+200B': '\u200b',
    'byte order mark U+FEFF': '\ufeff',
    'left-to-right isolate U+2066': '\u2066',
    'right-to-left isolate U+2067': '\u2067',
    'first strong isolate U+2068': '\u2068',
    'pop directional isolate U+2069': '\u2069',
    'left-to-right mark U+200E': '\u200e',
    'zero-width joiner U+200D': '\u200d',
    'soft hyphen U+00AD': '\u00ad',
    'word joiner U+2060': '\u2060',
    'tag space U+E0020': '\u{e0020}',
  };
  const DIRECTION = ['\u200f', '\u061c', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\u200e'];
  /** Every shop field of one line of text (and each category, which is one too). */
  const ONE_LINE_FIELDS = SHOP_SCHEMA.filter(
    ({ kind }) => !['paragraphs', 'coordinate', 'flag'].includes(kind),
  ).map(({ name }) => name);
  /** A value each one-line field accepts, so that only the format character is wrong. */
  const GOOD = {
    name: 'Armería Norte',
    city: 'León',
    state: 'Guanajuato',
    address: 'Av. Juárez 12',
    phone: '+52 33 1234 5678',
    whatsapp: '+52 33 1234 5678',
    email: 'ventas@norte.mx',
    website: 'https://norte.mx/',
    logo: 'https://norte.mx/logo.png',
    mapImageUrl: 'https://norte.mx/map.png',
    googleMapsUrl: 'https://maps.google.com/?q=1',
    openingHours: 'Mo-Fr 09:00-14:00',
    hoursNote: 'Sábados con cita',
    certificateNumber: 'ATM-2026/014',
    verifiedOn: '2026-05-01',
    validUntil: '2027-05-01',
    verificationNote: 'Armas largas',
    categories: ['Armería'],
  };

  it('knows a good value of every one-line field', () => {
    expect(Object.keys(GOOD).sort()).toEqual([...ONE_LINE_FIELDS].sort());
    for (const field of ONE_LINE_FIELDS) expect([field, problem(field, GOOD[field])]).toEqual([field, null]);
  });

  it.each(Object.entries(FORMAT_CHARACTERS))(
    "refuses the %s in every one-line field and in a visitor's comment, with CONTROL_CHARACTERS",
    (_name, character) => {
      for (const field of ONE_LINE_FIELDS) {
        const good = GOOD[field];
        // Inside the value: at either end, the byte order mark is whitespace that trimming removes.
        const value = Array.isArray(good)
          ? [`Arme${character}ría`]
          : `${good.slice(0, 2)}${character}${good.slice(2)}`;
        expect([field, problem(field, value)?.code]).toEqual([field, 'CONTROL_CHARACTERS']);
      }
      for (const field of ['value', 'name', 'email']) {
        const definition = CORRECTION_FIELDS[field];
        const value = field === 'email' ? `ana${character}@norte.mx` : `Ana ${character}Pérez`;
        expect([field, shopFieldProblem(definition, value)?.code]).toEqual([field, 'CONTROL_CHARACTERS']);
      }
      expect(shopFieldProblem(CORRECTION_FIELDS.comment, `El teléfono\ncambió ${character}ayer`)).toEqual({
        code: 'CONTROL_CHARACTERS',
        message: 'Comment must not contain invisible or direction-changing characters',
      });
    },
  );

  it('refuses direction-changing characters in the description too, and keeps its lines, tabs and emoji', () => {
    for (const character of DIRECTION) {
      expect(problem('description', `Taller\n${character}certificado`)).toEqual({
        code: 'CONTROL_CHARACTERS',
        message: 'Description must not contain direction-changing characters',
      });
    }
    // An emoji sequence is joined by U+200D, a format character the description keeps.
    expect(problem('description', 'Dos líneas\r\ny un tab\t; armero 👨\u200d🔧')).toBeNull();
    expect(problem('description', 'Taller\u200bcertificado')).toBeNull();
    expect(shopFieldProblem(CORRECTION_FIELDS.comment, 'Dos líneas\r\ny un tab\t')).toBeNull();
    expect(shopFieldProblem(CORRECTION_FIELDS.comment, 'NUL \u0000')?.message).toBe(
      'Comment must not contain control characters',
    );
  });

  it('reads a long run of spaces in a phone in one pass, and its extension as before', () => {
    // The old pattern tried every split of the spaces between the number and `\s*` before "ext".
    expect(SHOP_PHONE_PATTERN.test(`33 1234 5678${' '.repeat(30_000)}!`)).toBe(false);
    expect(SHOP_PHONE_PATTERN.test(`33 1234 5678${' '.repeat(30_000)}ext 12`)).toBe(true);
    for (const phone of [
      '33 1234 5678 ext. 12',
      '33 1234 5678 x12',
      '33-1234-5678EXT 7',
      '(33) 1234.5678 ',
    ]) {
      expect([phone, SHOP_PHONE_PATTERN.test(phone)]).toEqual([phone, true]);
    }
    for (const phone of [
      '33 12 ext 12',
      '33 1234 5678 ext',
      '33 1234 5678 ext 1234567',
      '33 1234 5678 y 1',
    ]) {
      expect([phone, SHOP_PHONE_PATTERN.test(phone)]).toEqual([phone, false]);
    }
    expect(correctionProblems({ kind: 'phone', value: `33 1234 5678${' '.repeat(400)}!` })).toEqual([
      { field: 'value', code: 'INVALID_PHONE', message: 'Proposed value must be a phone number' },
    ]);
  });

  it('names the limits a sentence needs', () => {
    expect(problem('name', 'x'.repeat(151))).toMatchObject({ params: { max: 150 } });
    expect(problem('latitude', -91)).toMatchObject({ params: { min: 14.5, max: 32.75 } });
    expect(problem('categories', ['x'.repeat(51)])).toMatchObject({ params: { max: 50 } });
  });

  it("keeps a formatted field's value in the format's spelling, and refuses others with its code", () => {
    expect(normalizeShopValue(withCountryFormat, ' mex ')).toBe('MEX');
    expect(normalizeShopValue(withCountryFormat, ' mexico ')).toBe('mexico'); // left for the check to refuse
    expect(normalizeShopValue(withCountryFormat, '  ')).toBeNull();
    expect(shopFieldProblem(withCountryFormat, 'mexico')).toEqual({
      code: 'INVALID_HOURS',
      message: 'Country: three letters',
    });
    // The text rules come first: the format reads one line of text within the length.
    expect(shopFieldProblem(withCountryFormat, 'me\u202ex')?.code).toBe('CONTROL_CHARACTERS');
    expect(shopFieldProblem(withCountryFormat, 'MEX')).toBeNull();
  });

  it("names every code of the schema's formats among the API's field error codes", () => {
    const formatCodes = Object.values(SHOP_FIELD).flatMap((definition) => definition.format?.codes ?? []);
    expect([...new Set(formatCodes)].sort()).toEqual([
      'INVALID_CERTIFICATE_NUMBER',
      'INVALID_DATE',
      'INVALID_HOURS',
      'OVERLAPPING_HOURS',
    ]);
    for (const code of formatCodes) {
      expect(FIELD_ERROR_CODES).toContain(code);
      expect(SHOP_FIELD_PROBLEM_CODES).toContain(code);
    }
  });

  it('checks a whole shop into the values it stores', () => {
    const { values, problems } = checkShop({ name: ' Armería ', categories: ['A', 'a', 'B'], website: '' });
    expect(values).toMatchObject({
      name: 'Armería',
      categories: ['A', 'B'],
      website: null,
      isVerified: 'false',
    });
    expect(problems.map((p) => p.field)).toEqual(
      SHOP_CSV_REQUIRED_COLUMNS.filter((f) => !['name', 'categories'].includes(f)),
    );
    expect(checkShop({ phone: 'x' }, { only: ['phone'] }).problems).toEqual([
      { field: 'phone', code: 'INVALID_PHONE', message: 'Phone must be a phone number' },
    ]);
  });

  it('compares shops field by field, absent as null and verification as its default', () => {
    const shop = { name: 'A', categories: ['x', 'y'], website: null, isVerified: 'false' };
    expect(sameShopFields(shop, { name: 'A', categories: ['x', 'y'] })).toBe(true);
    expect(sameShopFields(shop, { name: 'A', categories: ['y', 'x'] })).toBe(false);
    expect(sameShopFields(shop, { ...shop, isVerified: 'true' })).toBe(false);
  });

  it('derives the CSV columns from the schema', () => {
    expect(SHOP_CSV_COLUMNS[0]).toBe('id');
    expect(SHOP_CSV_COLUMNS.slice(-3)).toEqual(['slug', 'createdAt', 'updatedAt']);
    expect(SHOP_CSV_COLUMNS).toHaveLength(Object.keys(SHOP_FIELD).length + 4);
  });
});
