import en from './locales/en/admin.json';
import es from './locales/es/admin.json';

const keys = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

it('has the same keys in Spanish and English', () => {
  expect(keys(en).sort()).toEqual(keys(es).sort());
});

it('has no empty text', () => {
  const texts = (obj: object): string[] =>
    Object.values(obj).flatMap((v) => (typeof v === 'string' ? [v] : texts(v)));
  expect([...texts(en), ...texts(es)].filter((text) => text.trim() === '')).toEqual([]);
});
