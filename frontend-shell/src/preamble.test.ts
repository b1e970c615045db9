/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parsePublicPath, twinPath } from 'frontend-common';

const source = readFileSync(path.join(__dirname, '..', 'public', 'preamble.js'), 'utf8');

/** Runs the inline preamble at `path`, with `remembered` in storage, on stand-ins for the page. */
function runPreamble(path: string, remembered: string | null) {
  const attributes: Record<string, string> = {};
  const root = {
    lang: 'as served',
    setAttribute: (name: string, value: string) => (attributes[name] = value),
  };
  const replace = jest.fn();
  const window = {
    localStorage: { getItem: () => remembered },
    location: { pathname: path, search: '?page=2', hash: '', replace },
  };
  // The page's own inline script, under test, on stand-ins for `document` and `window`.
  new Function('document', 'window', source)({ documentElement: root }, window);
  return {
    page: attributes['data-atm-page'],
    lang: root.lang,
    replacedBy: replace.mock.calls[0]?.[0] as string,
  };
}

const PATHS = [
  '/',
  '/shops',
  '/shops/',
  '/shops/armeria-leon',
  '/en',
  '/en/',
  '/en/shops',
  '/en/shops/x',
  '/admin',
  '/admin/login',
  '/nope',
  '/shops/a/b',
  '/english',
];

describe('public/preamble.js agrees with frontend-common/src/routes.ts', () => {
  it.each(PATHS)('on %s', (path) => {
    const page = parsePublicPath(path);
    const spanish = runPreamble(path, null);
    expect(spanish.replacedBy).toBeUndefined();
    expect(spanish.page).toBe(/^\/admin(\/|$)/.test(path) ? 'admin' : page ? 'directory' : 'other');

    // A visitor who chose English: a Spanish public page moves to its English twin.
    const english = runPreamble(path, 'en');
    if (page?.language === 'es') {
      const [twin, search] = english.replacedBy.split('?');
      expect(parsePublicPath(twin)).toEqual(parsePublicPath(twinPath(path, 'en')!));
      expect(search).toBe('page=2');
    } else expect(english.replacedBy).toBeUndefined();
    // Public pages keep the language the server rendered them in; the rest show the remembered one.
    if (!english.replacedBy) expect(english.lang).toBe(page ? 'as served' : 'en');
  });
});
