// In Chromium: server-rendered public pages, hydrated without a difference (any console
// error fails a journey, and the shell logs one for a hydration mismatch), bilingual twin URLs and
// the remembered language, sharing a shop, scripts that wait for the visitor's first touch, the
// listing's pagination and search without JavaScript, and a renamed shop's old URL. One fresh
// product and one browser for the file.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { LISTING_PAGE_SIZE as PAGE_SIZE } from 'contract';
import {
  eventually,
  journeys,
  trackConsole,
  unexpectedErrors,
  waitForDirectory,
} from './support/browser.mjs';
import { expectAccessible } from './support/axe.mjs';
import { startProductAndBrowser, stopProductAndBrowser } from './support/servers.mjs';
import { TEXTS } from './support/texts.mjs';

let product;
let browser;
/** The directory as the API serves it, in its order (the listing's order). */
let shops;

beforeAll(async () => ({ product, browser, shops } = await startProductAndBrowser()), 120_000);
afterAll(() => stopProductAndBrowser({ product, browser }));

const journey = journeys(test, 'pages', () => browser);
const cardNames = (page) => page.locator('.atm-dir-card h2').allInnerTexts();
/** A shop with everything a page can show. */
const richShop = () => shops.find((shop) => shop.website && shop.mapImageUrl && shop.latitude !== null);

/** Clicks until the hydrated page reacts (a click before hydration may be lost), as a person retries. */
async function clickUntil(locator, reacted) {
  return eventually(
    async () => {
      await locator.click();
      return reacted();
    },
    (value) => Boolean(value),
  );
}

test('the server answers each public URL with its content, and 404 or 301 where due', async () => {
  const shop = richShop();
  const html = await (await fetch(`${product.url}/shops/${shop.slug}`)).text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${shop.name}</h1>`));
  expect(html).toContain(`href="tel:${shop.phone.replace(/[^\d+]/g, '')}"`);
  const english = await (await fetch(`${product.url}/en/`)).text();
  expect(english).toMatch(/<html lang="en"/);
  for (const listed of shops.slice(0, PAGE_SIZE))
    expect(english).toContain(listed.name.replace(/&/g, '&amp;'));
  expect((await fetch(`${product.url}/shops/nope`)).status).toBe(404);
  const shared = await fetch(`${product.url}/en/?shop=${shop.id}`, { redirect: 'manual' });
  expect(shared.status).toBe(301);
  expect(shared.headers.get('location')).toBe(`/en/shops/${shop.slug}`);
});

journey('a shop page opened directly, then the language switch between twin URLs', async (open) => {
  const es = TEXTS.es;
  const en = TEXTS.en;
  const shop = richShop();
  const page = await open();
  await page.goto(`${product.url}/shops/${shop.slug}`);
  await page.getByRole('heading', { level: 1, name: shop.name }).waitFor();
  const main = page.getByRole('main');
  for (const heading of es.sections) await main.getByRole('heading', { level: 2, name: heading }).waitFor();
  await page.getByText(shop.address).waitFor();
  expect(await page.getByRole('link', { name: new RegExp(`^${es.directions}`) }).getAttribute('href')).toBe(
    `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${shop.latitude},${shop.longitude}`)}`,
  );
  expect(await page.title()).toContain(shop.name);

  await clickUntil(page.getByRole('button', { name: en.languageName }), async () =>
    new URL(page.url()).pathname === `/en/shops/${shop.slug}` ? true : null,
  );
  await page.getByRole('heading', { level: 2, name: en.sections[0] }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  // The choice is remembered: a Spanish URL now opens its English twin, in the browser.
  await page.goto(`${product.url}/?page=2`);
  await page.waitForURL(`${product.url}/en/?page=2`);
  await page.getByText(en.results(shops.length)).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect((await cardNames(page)).sort()).toEqual(
    shops
      .slice(PAGE_SIZE, 2 * PAGE_SIZE)
      .map((s) => s.name)
      .sort(),
  );
  // Once live, a card opens the shop's dialog on the shop's URL; reloaded, that URL is the page.
  await waitForDirectory(page);
  await page.getByRole('link', { name: shops[PAGE_SIZE].name, exact: true }).click();
  await page.waitForURL(`${product.url}/en/shops/${shops[PAGE_SIZE].slug}`);
  await page.getByRole('dialog', { name: shops[PAGE_SIZE].name }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: shops[PAGE_SIZE].name }).waitFor();
  await waitForDirectory(page);
  await page.getByRole('button', { name: es.languageName }).click();
  await page.waitForURL(`${product.url}/shops/${shops[PAGE_SIZE].slug}`);
  await page.getByRole('heading', { level: 2, name: es.sections[0] }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('es');
  await page.reload();
  await page.getByRole('heading', { level: 1, name: shops[PAGE_SIZE].name }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/shops/${shops[PAGE_SIZE].slug}`);
  expect(unexpectedErrors(page)).toEqual([]);
});

journey('share copies the link where there is no Web Share API, and shares on WhatsApp', async (open) => {
  const T = TEXTS.en;
  const shop = richShop();
  const page = await open();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
  // Desktop Chromium on Linux has no share sheet; make sure of it, as on most desktops.
  await page.addInitScript(() => delete Navigator.prototype.share);
  const url = `${product.url}/en/shops/${shop.slug}`;
  await page.goto(url);
  const toast = page.getByRole('status').filter({ hasText: T.copied });
  await clickUntil(page.getByRole('button', { name: T.share, exact: true }), () => toast.count());
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const whatsApp = new URL(
    await page.getByRole('link', { name: new RegExp(`^${T.shareWhatsApp}`) }).getAttribute('href'),
  );
  expect(whatsApp.origin).toBe('https://wa.me');
  expect(whatsApp.searchParams.get('text')).toContain(url);
  // One toast, gone after its 5 seconds.
  await toast.waitFor({ state: 'detached', timeout: 10_000 });
  expect(unexpectedErrors(page)).toEqual([]);
});

journey('a public page runs no script until touched; the press that wakes it is not lost', async (open) => {
  const shop = richShop();
  const page = await open();
  const scripts = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${product.url}/shops/${shop.slug}`);
  await page.waitForLoadState('networkidle');
  // Loaded and idle: the server's page, with its scripts prefetched but none run. Only the small
  // app script (public/pwa.js: the service worker, the install offer, the offline banner) runs.
  expect(scripts.filter((path) => path !== '/pwa.js')).toEqual([]);
  expect(await page.locator('html').getAttribute('data-atm-hydrate')).toBe('on-intent');
  expect(await page.locator('html[data-directory-hydrated]').count()).toBe(0);
  // One press of the language switch, before any script: it starts them, and is replayed once live.
  await page.getByRole('button', { name: TEXTS.en.languageName }).click();
  await page.waitForURL(`${product.url}/en/shops/${shop.slug}`);
  expect(scripts.some((path) => /^\/js\/main\.[0-9a-f]+\.js$/.test(path))).toBe(true);
  await page.getByRole('heading', { level: 2, name: TEXTS.en.sections[0] }).waitFor();
  // A listing in the distance order is the browser's to draw: its scripts run at load.
  const drawn = await open({ permissions: [] });
  await drawn.goto(`${product.url}/?sort=distance`);
  await drawn.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
  expect(await drawn.locator('html').getAttribute('data-atm-hydrate')).toBeNull();
});

journey('"Abierto ahora" ticked before any script runs filters the listing once they do', async (open) => {
  const page = await open();
  // A slow phone: the router applies the tick's URL a transition after the press, and a box bound
  // to the URL alone went off again meanwhile (seen once on CI's two cores; every time at 8×).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto(`${product.url}/`);
  await page.waitForLoadState('networkidle');
  expect(await page.locator('html[data-directory-hydrated]').count()).toBe(0);
  // The tick wakes the scripts; hydration keeps the server's box, and the tick is replayed.
  await page.getByRole('checkbox', { name: 'Abierto ahora' }).click();
  await page.waitForURL(`${product.url}/?open=now`);
  await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
  expect(await page.getByRole('checkbox', { name: 'Abierto ahora' }).isChecked()).toBe(true);
  // Filtered: fewer results than shops (some demo shops have no hours, one is open 24 hours),
  // and every card left says it is open.
  const count = await eventually(
    async () => Number(/\d+/.exec(await page.locator('.atm-dir-filters__summary p').innerText())?.[0]),
    (n) => n > 0 && n < shops.length,
  );
  const cards = await page.locator('.atm-dir-card').evaluateAll((all) => all.map((card) => card.innerText));
  expect(cards).toHaveLength(Math.min(count, PAGE_SIZE));
  expect(cards.filter((text) => !/Abierto ahora|Abierto las 24 horas/.test(text))).toEqual([]);
  expect(unexpectedErrors(page)).toEqual([]);
});

test('the listing pages through its links with JavaScript disabled', async () => {
  const T = TEXTS.es;
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = trackConsole(await context.newPage());
    await page.goto(`${product.url}/`);
    expect(await cardNames(page)).toEqual(shops.slice(0, PAGE_SIZE).map((shop) => shop.name));
    await page.getByRole('link', { name: T.nextPage }).click();
    await page.waitForURL(`${product.url}/?page=2`);
    expect(await cardNames(page)).toEqual(shops.slice(PAGE_SIZE, 2 * PAGE_SIZE).map((shop) => shop.name));
    await page.getByRole('link', { name: T.page(1), exact: true }).click();
    await page.waitForURL(`${product.url}/`);
    await page.getByRole('link', { name: shops[1].name, exact: true }).click();
    await page.waitForURL(`${product.url}/shops/${shops[1].slug}`);
    await page.getByRole('heading', { level: 1, name: shops[1].name }).waitFor();
  } finally {
    await context.close();
  }
});

test('the server-rendered pages without their scripts have no accessibility violation', async () => {
  const shop = richShop();
  // Every script file refused: the page is what a visitor without JavaScript gets (the inline
  // preamble only marks <html>). Not javaScriptEnabled: false, under which axe's own timers and
  // the checks' animation frames never run.
  const context = await browser.newContext();
  await context.route(/\.js(\?.*)?$/, (route) => route.abort());
  try {
    const page = trackConsole(await context.newPage());
    for (const [path, status] of [
      ['/', 200],
      ['/en/', 200],
      [`/shops/${shop.slug}`, 200],
      [`/en/shops/${shop.slug}`, 200],
      ['/?state=Jalisco&page=1', 200],
      ['/no/such/page', 404],
      ['/en/no/such/page', 404],
    ]) {
      const response = await page.goto(`${product.url}${path}`);
      expect(`${path} ${response.status()}`).toBe(`${path} ${status}`);
      expect(await page.locator('html').getAttribute('data-directory-hydrated')).toBeNull();
      await expectAccessible(page, `${path} without its scripts`);
      expect(await page.locator('html').getAttribute('data-directory-hydrated')).toBeNull();
    }
  } finally {
    await context.close();
  }
});

test('Enter in the search box filters on the server with JavaScript disabled, in the URL language', async () => {
  const T = TEXTS.en;
  const wanted = shops[PAGE_SIZE + 1]; // not on the first page: only the filter brings it up
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = trackConsole(await context.newPage());
    await page.goto(`${product.url}/en/`);
    expect(await cardNames(page)).not.toContain(wanted.name);
    const box = page.getByRole('searchbox', { name: T.search });
    await box.fill(wanted.name);
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/en/' && url.searchParams.get('q') === wanted.name);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const names = await cardNames(page);
    expect(names).toContain(wanted.name);
    expect(names.length).toBeLessThan(PAGE_SIZE);
    expect(await box.inputValue()).toBe(wanted.name);
  } finally {
    await context.close();
  }
});

journey("a renamed shop's old URL lands on its new one", async (open) => {
  const credentials = { username: 'e2e-pages', password: 'a long e2e password' };
  const json = { 'Content-Type': 'application/json', Origin: product.url };
  await fetch(`${product.url}/api/auth/create-admin`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(credentials),
  });
  const login = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(credentials),
  });
  expect(login.ok).toBe(true);
  const cookie = login.headers
    .getSetCookie()
    .find((value) => value.startsWith('atm.sid='))
    .split(';')[0];
  const shop = shops[shops.length - 1];
  const renamed = await fetch(`${product.url}/api/admin/shops/${shop.id}`, {
    method: 'PUT',
    headers: { ...json, Cookie: cookie },
    body: JSON.stringify({ name: `${shop.name} Renovada` }),
  });
  expect(renamed.ok).toBe(true);
  const { slug } = await renamed.json();
  expect(slug).not.toBe(shop.slug);

  const page = await open();
  const response = await page.goto(`${product.url}/en/shops/${shop.slug}`);
  expect(response.url()).toBe(`${product.url}/en/shops/${slug}`);
  expect(response.request().redirectedFrom()?.url()).toBe(`${product.url}/en/shops/${shop.slug}`);
  await page.getByRole('heading', { level: 1, name: `${shop.name} Renovada` }).waitFor();
  expect(unexpectedErrors(page)).toEqual([]);
});
