// In Chromium: the directory as an installed, offline app (frontend-shell/src/sw/, public/pwa.js).
// The manifest per language and the browser's install offer (in the full Chromium: its headless
// shell has no install banner, and an incognito context is never offered one); one online visit
// to a listing and a shop page, then offline: those pages, a search, "near me" and the banner;
// the admin never from the cache; and a deploy of a new build (the directory remote rebuilt, and
// the shell's service worker with it) picked up on the next visit with the notice, one remote
// version at a time, also when a weak signal gets the kept copy. One product for the file.
/* global window, caches -- page.evaluate() code runs in Chromium */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import webpack from 'webpack';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tools/chromium.mjs';
import { eventually, journeys, launchChromium, trackConsole, unexpectedErrors } from './support/browser.mjs';
import { ROOT, startProduct } from './support/servers.mjs';
import { TEXTS } from './support/texts.mjs';

const GUADALAJARA = { latitude: 20.6597, longitude: -103.3496 };
const here = { geolocation: GUADALAJARA, permissions: ['geolocation'] };
const APP = {
  es: { start: '/', name: 'ATM Armeros · Directorio de armeros certificados', install: 'Instalar la app' },
  en: { start: '/en/', name: 'ATM Gunsmiths · Directory of certified gunsmiths', install: 'Install the app' },
};
const OFFLINE = { es: 'Sin conexión', en: 'Offline' };
const NEAR_ME = { es: 'Cerca de mí', en: 'Near me' };
const UPDATE = { es: 'Recargar', en: 'Reload' };

/** The built frontends, copied: the deploy below replaces the copy's files, never the repository's. */
let frontends;
let product;
let browser;
let shops;

beforeAll(async () => {
  // Inside the repository (an ignored folder), so the server builds find node_modules.
  mkdirSync(path.join(ROOT, 'e2e', 'artifacts'), { recursive: true });
  frontends = mkdtempSync(path.join(ROOT, 'e2e', 'artifacts', 'frontends-'));
  for (const dist of [
    'frontend-shell/dist',
    'frontend-shell/dist-ssr',
    'frontend-directory/dist',
    'frontend-directory/dist-ssr',
    'frontend-admin/dist',
  ])
    cpSync(path.join(ROOT, dist), path.join(frontends, dist), { recursive: true });
  product = await startProduct({ FRONTEND_ROOT: frontends });
  browser = await launchChromium();
  shops = await (await fetch(`${product.url}/api/shops`)).json();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  if (frontends) rmSync(frontends, { recursive: true, force: true });
});

const journey = journeys(test, 'installable-offline', () => browser);

/** Until the page's service worker is active and has kept `urls` (pages, the catalogue). */
async function keptForOffline(page, urls) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await eventually(
    () =>
      page.evaluate(
        async (wanted) => (await Promise.all(wanted.map((url) => caches.match(url)))).every(Boolean),
        urls.map((url) => new URL(url, product.url).href),
      ),
    true,
  );
}

/** What the page's scripts and styles of the directory remote are, by path. */
const remoteFiles = (page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((pathname) => /^\/remotes\/directory\/(js|css)\//.test(pathname)),
  );

for (const lang of ['es', 'en']) {
  const T = TEXTS[lang];
  const app = APP[lang];

  test(`${lang}: the manifest is valid and the browser offers to install the app from the side menu`, async () => {
    // A profile of its own: an incognito context is never offered an install.
    const profile = mkdtempSync(path.join(tmpdir(), 'atm-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      // Install offers normally wait for the visitor's engagement with the site.
      args: [
        ...CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
        '--bypass-app-banner-engagement-checks',
      ],
      headless: true,
      viewport: { width: 1280, height: 900 },
    });
    try {
      const page = trackConsole(context.pages()[0] ?? (await context.newPage()));
      await page.goto(`${product.url}${app.start}`);
      const devtools = await context.newCDPSession(page);
      const { url, errors, data } = await devtools.send('Page.getAppManifest');
      expect(new URL(url).pathname).toBe(
        lang === 'en' ? '/en/manifest.webmanifest' : '/manifest.webmanifest',
      );
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data);
      expect(manifest).toMatchObject({ name: app.name, start_url: app.start, display: 'standalone' });
      expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const response = await page.request.get(new URL(icon.src, product.url).href);
        expect(response.headers()['content-type']).toBe('image/png');
      }
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await eventually(
        () => devtools.send('Page.getInstallabilityErrors'),
        (answer) => answer.installabilityErrors.length === 0,
      );
      // beforeinstallprompt came, and pwa.js kept it for the menu.
      await page.waitForFunction(() => Boolean(window.__atmInstallPrompt));
      await page.getByRole('button', { name: T.openMenu }).click();
      const menu = page.getByRole('dialog');
      await menu.getByRole('button', { name: app.install }).waitFor();
      expect(unexpectedErrors(page)).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  journey(`${lang}: a browser that offers no install gets no install entry`, async (open) => {
    const page = await open({ language: lang });
    await page.goto(`${product.url}${app.start}`);
    await page.getByRole('button', { name: T.openMenu }).click();
    const menu = page.getByRole('dialog');
    await menu.getByText(T.menuTitle, { exact: true }).waitFor();
    expect(await menu.getByRole('button', { name: app.install }).count()).toBe(0);
  });

  journey(
    `${lang}: after one visit, offline: the listing, the shop page, a search and near me`,
    async (open) => {
      // The URL says the language (no remembered one: its init script would run on the offline error page too).
      const page = await open(here);
      const context = page.context();
      const shop = shops[1];
      const shopUrl = `${app.start === '/' ? '' : '/en'}/shops/${shop.slug}`;
      await page.goto(`${product.url}${app.start}`);
      await keptForOffline(page, [app.start, '/api/shops']);
      // Online, the service worker passes on the page the server renders (never its static shell).
      await page.reload();
      expect(await page.locator('html').getAttribute('data-atm-hydrate')).toBe('on-intent');
      await page.goto(`${product.url}${shopUrl}`);
      await keptForOffline(page, [shopUrl]);

      await context.setOffline(true);
      const banner = page.locator('#atm-offline');
      // The listing, from the copy kept of it, with the banner and the copy's date.
      await page.goto(`${product.url}${app.start}`);
      await banner.waitFor();
      expect(await banner.innerText()).toContain(OFFLINE[lang]);
      expect(await page.locator('#atm-offline-time time').getAttribute('datetime')).toMatch(/^\d{4}-/);
      await page.locator('.atm-dir-card').first().waitFor();

      // Near me, from the kept catalogue: the nearest shop first.
      await page.mouse.move(2, 2);
      await page.mouse.move(4, 4);
      await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('button', { name: NEAR_ME[lang] }).click();
      const located = shops.filter((item) => item.latitude !== null);
      const distance = (item) =>
        Math.hypot(item.latitude - GUADALAJARA.latitude, item.longitude - GUADALAJARA.longitude);
      const nearest = located.reduce((best, item) => (distance(item) < distance(best) ? item : best));
      await eventually(() => page.locator('.atm-dir-card h2').first().innerText(), nearest.name);

      // A search from the form (a page never visited): drawn from the kept catalogue.
      await page.goto(`${product.url}${app.start}?q=${encodeURIComponent(shop.name)}`);
      await banner.waitFor();
      await page.locator('.atm-dir-card h2').first().waitFor();
      // The shell's kept static page drew it (the network was gone for the service worker too).
      expect(await page.locator('html').getAttribute('data-atm-hydrate')).toBeNull();
      const names = await page.locator('.atm-dir-card h2').allInnerTexts();
      expect(names).toContain(shop.name);
      expect(names.length).toBeLessThan(shops.length);

      // The shop page visited before.
      await page.goto(`${product.url}${shopUrl}`);
      await eventually(() => page.locator('h1').innerText(), shop.name);
      await banner.waitFor();

      // The admin is never kept: offline it does not open.
      await expect(page.goto(`${product.url}/admin/login`)).rejects.toThrow(
        /ERR_INTERNET_DISCONNECTED|ERR_FAILED/,
      );
      await context.setOffline(false);
      // ...and online it comes from the network, as does its session call.
      const admin = await page.goto(`${product.url}/admin/login`);
      expect(admin.fromServiceWorker()).toBe(false);
      const kept = await page.evaluate(async () => {
        const urls = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            urls.push(new URL(request.url).pathname);
        return urls;
      });
      expect(kept.filter((url) => /^\/(admin|api\/admin|api\/auth|remotes\/admin)(\/|$)/.test(url))).toEqual(
        [],
      );
      expect(
        unexpectedErrors(page, /status of 401|ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/),
      ).toEqual([]);
    },
  );
}

/**
 * A new build into `dist-next` beside the served one: the directory remote's browser build and
 * the shell's, whose service worker precaches that remote. Not minified: quicker, and every
 * hashed name changes, as in a release. The server builds are unchanged.
 */
async function buildNextRelease() {
  const build = async (name, env) => {
    const saved = { ...process.env };
    Object.assign(process.env, env);
    try {
      const { default: configOf } = await import(path.join(ROOT, name, 'webpack.config.mjs'));
      const [config] = [configOf({}, { mode: 'production' })].flat();
      config.output.path = path.join(frontends, name, 'dist-next');
      // No source maps: the shared config moves them beside the repository's own build.
      config.devtool = false;
      config.plugins = config.plugins.filter(
        (plugin) => !String(plugin.apply).includes('SourceMapsBesideDist'),
      );
      config.optimization.minimize = false;
      const stats = await new Promise((resolve, reject) =>
        webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
      );
      if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    } finally {
      process.env = saved;
    }
  };
  await build('frontend-directory', {});
  await build('frontend-shell', { DIRECTORY_DIST: path.join(frontends, 'frontend-directory', 'dist-next') });
}

/**
 * Puts the new build in place of the served one and restarts the backend on the same origin, as a
 * deploy does (the backend reads the remote's stylesheets for its pages when it starts).
 */
async function deployNextRelease() {
  await product.stop();
  for (const name of ['frontend-directory', 'frontend-shell']) {
    const dir = path.join(frontends, name);
    renameSync(path.join(dir, 'dist'), path.join(dir, 'dist-previous'));
    renameSync(path.join(dir, 'dist-next'), path.join(dir, 'dist'));
  }
  product = await startProduct({ FRONTEND_ROOT: frontends, PORT: String(product.port) });
}

/** The remote's scripts and styles as its mf-manifest.json names them. */
function remoteFilesOf(dist) {
  const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const files = [...manifest.exposes, ...manifest.shared].flatMap(({ assets }) =>
    [assets.js, assets.css].flatMap(({ sync, async }) => [...sync, ...async]),
  );
  return new Set(files.map((file) => `/remotes/directory/${file}`));
}

/** The page loaded the directory remote, and only files of `build` (remoteFilesOf) of it. */
async function expectRemoteOf(page, build) {
  const loaded = await remoteFiles(page);
  expect(loaded.length).toBeGreaterThan(0);
  expect(loaded.filter((file) => !build.has(file))).toEqual([]);
}

journey(
  'a deploy is picked up on the next visit with the notice, never mixing two remote builds',
  async (open) => {
    await buildNextRelease();
    const page = await open();
    // Pages kept by the first build and not seen again (below, offline after the update): a
    // listing, and a shop's page, whose shop the new build finds in the kept catalogue.
    const shop = shops[0];
    const shopUrl = `/en/shops/${shop.slug}`;
    await page.goto(`${product.url}/en/`);
    await keptForOffline(page, ['/en/', '/api/shops']);
    await page.goto(`${product.url}${shopUrl}`);
    await keptForOffline(page, [shopUrl]);
    await page.goto(`${product.url}/`);
    await keptForOffline(page, ['/']);
    // The first visit's scripts, live: the remote of the first build.
    await page.mouse.move(2, 2);
    await page.mouse.move(4, 4);
    await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
    const first = remoteFilesOf(path.join(frontends, 'frontend-directory', 'dist'));
    await expectRemoteOf(page, first);
    const notice = page.locator('#atm-update');
    expect(await notice.isVisible()).toBe(false);

    await deployNextRelease();
    const next = remoteFilesOf(path.join(frontends, 'frontend-directory', 'dist'));

    // A weak signal during the deploy: the new backend's page comes later than the service
    // worker waits, so it shows the copy kept from the first visit, and that page's remote is
    // the first build's too, never the deployed one's.
    let release;
    const held = new Promise((resolve) => {
      release = resolve;
    });
    await page.context().route(
      (url) => url.pathname === '/',
      async (route) => {
        if (route.request().serviceWorker()) await held;
        await route.continue();
      },
    );
    await page.reload();
    await page.mouse.move(2, 2);
    await page.mouse.move(4, 4);
    await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
    release();
    await page.context().unrouteAll({ behavior: 'wait' });
    await expectRemoteOf(page, first);

    // The next visit, on a good signal: the new backend has rendered its first page (the held one
    // may still be on its way, and a loaded machine can make it outlast the worker's wait), so the
    // page comes from the network; the new version installs and waits, and the page offers to reload.
    await fetch(`${product.url}/`).then((answer) => answer.arrayBuffer());
    await page.reload();
    await notice.waitFor();
    await page.mouse.move(2, 2);
    await page.mouse.move(4, 4);
    await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
    await expectRemoteOf(page, next);

    await notice.getByRole('button', { name: UPDATE.es }).click();
    await page.waitForEvent('load');
    await page.mouse.move(2, 2);
    await page.mouse.move(4, 4);
    await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
    await expectRemoteOf(page, next);
    expect(await notice.isVisible()).toBe(false);
    // The new service worker controls the page, with the new remote precached: offline, its
    // manifest is the deployed one.
    const deployed = readFileSync(
      path.join(frontends, 'frontend-directory', 'dist', 'mf-manifest.json'),
      'utf8',
    );
    expect(unexpectedErrors(page)).toEqual([]);
    await page.context().setOffline(true);
    expect(
      await page.evaluate(() => fetch('/remotes/directory/mf-manifest.json').then((answer) => answer.text())),
    ).toBe(deployed);

    // The page kept by the first build, whose files left with its precache: offline, the new
    // build's static page draws it from the kept catalogue.
    await page.goto(`${product.url}/en/`);
    await page.locator('.atm-dir-card').first().waitFor();
    expect(await page.locator('html').getAttribute('data-atm-hydrate')).toBeNull();
    await expectRemoteOf(page, next);
    // The shop page too: its one-shop request fails offline, and the shop comes from the catalogue.
    await page.goto(`${product.url}${shopUrl}`);
    await eventually(() => page.locator('h1').innerText(), shop.name);
    expect(await page.locator('html').getAttribute('data-atm-hydrate')).toBeNull();
    expect(await page.getByRole('alert').count()).toBe(0);
    await expectRemoteOf(page, next);
    await page.context().setOffline(false);
    expect(
      unexpectedErrors(page, /status of 401|ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch/),
    ).toEqual([]);
  },
);
