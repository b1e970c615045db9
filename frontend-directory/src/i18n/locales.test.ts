import en from './locales/en/directory.json';
import es from './locales/es/directory.json';

const keys = (obj: object, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

it('has the same keys in Spanish and English', () => {
  expect(keys(en).sort()).toEqual(keys(es).sort());
});
