import { ERROR_CODES, FIELD_ERROR_CODES } from 'contract';
import i18next from 'i18next';
import en from './locales/en/admin.json';
import es from './locales/es/admin.json';

const keys = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

/** Spanish has a plural form English lacks (`_many`, for a million and more): compare the rest. */
const withoutSpanishMany = (list: string[]) => list.filter((key) => !key.endsWith('_many'));

it('has the same keys in Spanish and English', () => {
  expect(withoutSpanishMany(keys(en)).sort()).toEqual(withoutSpanishMany(keys(es)).sort());
});

it('has no empty text', () => {
  const texts = (obj: object): string[] =>
    Object.values(obj).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
  expect([...texts(en), ...texts(es)].filter((text) => text.trim() === '')).toEqual([]);
});

describe('every code the API can return', () => {
  const i18n = i18next.createInstance();
  beforeAll(() =>
    i18n.init({
      resources: { en: { admin: en }, es: { admin: es } },
      ns: ['admin'],
      defaultNS: 'admin',
      fallbackLng: false,
      // A missing key comes back as the key itself, so it cannot pass for a sentence.
      returnNull: false,
    }),
  );

  // Every plural form each language needs: 1, 2 and a million (Spanish "many").
  const untranslated = (prefix: string, codes: readonly string[]) =>
    ['es', 'en'].flatMap((lng) =>
      codes.flatMap((code) =>
        [1, 2, 1_000_000]
          .filter(
            (count) =>
              i18n.getFixedT(lng)(`${prefix}.${code}`, { count, field: 'x' }) === `${prefix}.${code}`,
          )
          .map((count) => `${lng} ${prefix}.${code} (count ${count})`),
      ),
    );

  it('has a translation in Spanish and English for each error code (contract ERROR_CODES)', () => {
    expect(untranslated('errors', ERROR_CODES)).toEqual([]);
  });

  it('has a translation in Spanish and English for each field error code (contract FIELD_ERROR_CODES)', () => {
    expect(untranslated('fieldErrors', FIELD_ERROR_CODES)).toEqual([]);
  });

  it('uses plural forms where a count is named', () => {
    const t = i18n.getFixedT('es');
    expect(t('errors.TOO_MANY_LOGIN_ATTEMPTS', { count: 1 })).toMatch(/1 minuto e/);
    expect(t('errors.TOO_MANY_LOGIN_ATTEMPTS', { count: 15 })).toMatch(/15 minutos/);
    expect(i18n.getFixedT('en')('errors.TOO_MANY_LOGIN_ATTEMPTS', { count: 1 })).toMatch(/1 minute and/);
  });
});
