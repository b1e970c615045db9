/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as contract from 'contract';
import { parsePublicPath, twinPath } from 'frontend-common';

// As the build writes it into the page (webpack.config.mjs): each __NAME__ is contract's NAME.
const source = readFileSync(path.join(__dirname, '..', 'public', 'preamble.js'), 'utf8').replace(
  /__([A-Z_]+)__/g,
  (_, name: string) => JSON.stringify(contract[name as keyof typeof contract]),
);

/** Runs the inline preamble at `path`, with `remembered` in storage, on stand-ins for the page. */
function runPreamble(path: string, remembered: string | null) {
  const attributes: Record<string, string> = {};
  const root = {
    lang: 'as served',
    setAttribute: (name: string, value: string) => (attributes[name] = value),
    getAttribute: (name: string) => attributes[name] ?? null,
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
  '/list-my-shop',
  '/en/list-my-shop',
  '/list-my-shop/x',
];

describe('public/preamble.js agrees with frontend-common/src/routes.ts (one table: contract PUBLIC_PAGES)', () => {
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

describe('public/preamble.js on a page the server rendered (scripts on intent)', () => {
  afterEach(() => {
    // Each test's preamble listens on the one jsdom window: started, it stops listening.
    window.dispatchEvent(new Event('pointerdown'));
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-atm-hydrate');
    delete window.__atmEarlyInput;
  });

  /** The backend's page: its scripts of a type no browser runs (backend/src/pages/page-template.ts). */
  function serverPage(win: Window = window) {
    document.documentElement.setAttribute('data-atm-hydrate', 'on-intent');
    document.head.innerHTML =
      '<script type="atm/on-intent" data-src="/runtime-config.js"></script>' +
      '<script type="atm/on-intent" data-src="/js/main.abc.js"></script>';
    document.body.innerHTML =
      '<button type="button" id="menu">Menú</button><select id="state"><option>Todos</option><option>Jalisco</option></select>' +
      '<input type="checkbox" id="open" />';
    new Function('document', 'window', source)(document, win);
  }
  const added = (selector: string) =>
    [...document.head.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(selector)].map(
      (element) => new URL('src' in element ? element.src : element.href).pathname,
    );
  const scripts = () => added('script:not([type])');

  it('runs no script until the visitor does something, then both, in order', () => {
    serverPage();
    expect(scripts()).toEqual([]);
    window.dispatchEvent(new Event('scroll'));
    expect(scripts()).toEqual(['/runtime-config.js', '/js/main.abc.js']);
    expect(
      [...document.head.querySelectorAll('script:not([type])')].every((s) => !(s as HTMLScriptElement).async),
    ).toBe(true);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(scripts()).toHaveLength(2); // once
  });

  /** A pointer move as a browser sends it (jsdom's events have no movement of their own). */
  const pointerMove = (movementX: number, movementY: number) =>
    Object.assign(new Event('pointermove'), { movementX, movementY });

  it('takes a pointer move without movement for the browser, not the visitor (hover under a resting cursor)', () => {
    serverPage();
    window.dispatchEvent(pointerMove(0, 0));
    expect(scripts()).toEqual([]);
    window.dispatchEvent(pointerMove(0, 2));
    expect(scripts()).toEqual(['/runtime-config.js', '/js/main.abc.js']);
  });

  it('prefetches the scripts once the page has loaded and the browser is idle', async () => {
    serverPage();
    expect(added('link[rel=prefetch]')).toEqual([]);
    window.dispatchEvent(new Event('load'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(added('link[rel=prefetch]')).toEqual(['/runtime-config.js', '/js/main.abc.js']);
    expect(scripts()).toEqual([]); // fetched, not run
  });

  it('keeps the presses, choices and ticks made before React listens, and stops keeping them then', () => {
    serverPage();
    document.getElementById('menu')!.click();
    const select = document.getElementById('state') as HTMLSelectElement;
    select.value = 'Jalisco';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    expect(scripts()).toHaveLength(2); // a click alone wakes the page (a screen reader's activation)
    const checkbox = document.getElementById('open') as HTMLInputElement;
    checkbox.click(); // ticks it, and the browser announces the change
    const early = window.__atmEarlyInput!();
    expect(early).toEqual([
      { click: document.getElementById('menu') },
      { select, value: 'Jalisco' },
      { checkbox, checked: true },
    ]);
    document.getElementById('menu')!.click();
    expect(early).toHaveLength(3);
  });

  it("reloads on Back or Forward before the scripts run (the page is the other URL's), not after", () => {
    const reload = jest.fn();
    const location = { pathname: '/shops/x', search: '', hash: '', replace: jest.fn(), reload };
    // jsdom's location cannot be replaced: the preamble gets a window whose location is this one.
    const withLocation = new Proxy(window, {
      get(target, key) {
        if (key === 'location') return location;
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    serverPage(withLocation);
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reload).toHaveBeenCalledTimes(1);
    window.dispatchEvent(pointerMove(3, 1));
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(reload).toHaveBeenCalledTimes(1); // started: the router has it now
  });

  it('leaves a page without the mark alone (the admin, the static page): its scripts are deferred tags', () => {
    document.head.innerHTML = '<script type="atm/on-intent" data-src="/js/main.abc.js"></script>';
    new Function('document', 'window', source)(document, window);
    window.dispatchEvent(new Event('pointerdown'));
    window.dispatchEvent(new Event('load'));
    expect(scripts()).toEqual([]);
    expect(window.__atmEarlyInput).toBeUndefined();
  });
});
