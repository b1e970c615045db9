import i18next from 'i18next';
import en from './locales/en/directory.json';
import es from './locales/es/directory.json';

const keys = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

/** Spanish has a plural form English lacks (`_many`, for a million and more): compare the rest. */
const withoutSpanishMany = (list: string[]) => list.filter((key) => !key.endsWith('_many'));

it('has the same keys in Spanish and English', () => {
  expect(withoutSpanishMany(keys(en)).sort()).toEqual(withoutSpanishMany(keys(es)).sort());
});

it('writes counts with plural forms in both languages (defect 8: "1 categorías más")', async () => {
  const i18n = i18next.createInstance();
  await i18n.init({ resources: { en: { d: en }, es: { d: es } }, defaultNS: 'd', fallbackLng: false });
  const es_ = i18n.getFixedT('es');
  const en_ = i18n.getFixedT('en');
  expect(es_('card.moreLabel', { count: 1, names: 'Caza' })).toBe('1 categoría más: Caza');
  expect(es_('card.moreLabel', { count: 2, names: 'Caza, Tiro' })).toBe('2 categorías más: Caza, Tiro');
  expect(en_('card.moreLabel', { count: 1, names: 'Caza' })).toBe('1 more category: Caza');
  expect(en_('card.moreLabel', { count: 2, names: 'Caza, Tiro' })).toBe('2 more categories: Caza, Tiro');
  expect(es_('filters.results', { count: 1 })).toBe('1 resultado encontrado');
  expect(es_('filters.results', { count: 1_000_000 })).toMatch(/resultados encontrados$/);
});
