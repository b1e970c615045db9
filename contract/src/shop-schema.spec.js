// Unit tests of the shop schema's rules (run by the backend's Jest: backend/jest.config.js).
import { describe, expect, it } from '@jest/globals';
import {
  checkShop,
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
    expect(problem('latitude', -91)).toMatchObject({ params: { min: -90, max: 90 } });
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
    expect(formatCodes).toEqual(['INVALID_HOURS', 'OVERLAPPING_HOURS']);
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
