// Near me and the map in real Chromium: "near me" with a position Playwright gives (Guadalajara), the radius,
// a refused position, and the map view (clusters, a popup linking to the shop, the visitor's
// position) with tiles from a local tile server, then without any. One product and one browser.
/* global document, window -- page.evaluate() code runs in Chromium */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { expectAccessible } from './support/axe.mjs';
import { eventually, journeys, launchChromium, openListing, unexpectedErrors } from './support/browser.mjs';
import { startProduct } from './support/servers.mjs';
import { startTileServer } from './support/tiles.mjs';

const GUADALAJARA = { latitude: 20.6597, longitude: -103.3496 };

let product;
let browser;
let tiles;
/** The directory as the API serves it: distances are computed here from its coordinates. */
let shops;

beforeAll(async () => {
  tiles = await startTileServer();
  product = await startProduct({ MAP_TILE_URL: tiles.url, MAP_TILE_ATTRIBUTION: 'Test tiles' });
  browser = await launchChromium();
  shops = await (await fetch(`${product.url}/api/shops`)).json();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await tiles?.close();
});

const journey = journeys(test, 'nearby', () => browser);

/** Great-circle distance in km, written again here so the page is checked against the API's data. */
function haversineKm(a, b) {
  const rad = (deg) => (deg * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}
const located = () => shops.filter((shop) => shop.latitude !== null && shop.longitude !== null);
const byDistance = () =>
  located()
    .map((shop) => ({ shop, km: haversineKm(GUADALAJARA, shop) }))
    .sort((a, b) => a.km - b.km);
const here = { geolocation: GUADALAJARA, permissions: ['geolocation'] };
/** The shops the map shows: its pins plus the counts on its clusters. */
const shopsOnMap = (page) =>
  page.evaluate(
    () =>
      document.querySelectorAll('.atm-map-pin').length +
      [...document.querySelectorAll('.atm-map-cluster')].reduce(
        (sum, cluster) => sum + Number(cluster.textContent),
        0,
      ),
  );
const countText = (page) => page.locator('.atm-dir-filters__summary [role="status"]').innerText();

journey('near me sorts by distance, shows it, and the radius narrows the list (es)', async (open) => {
  const page = await open(here);
  const requested = [];
  page.on('request', (request) => requested.push(request.url()));
  await openListing(page, `${product.url}/`);
  await eventually(() => countText(page), `${shops.length} resultados encontrados`);

  await page.getByRole('button', { name: 'Cerca de mí' }).click();
  const [nearest] = byDistance();
  expect(nearest.km).toBeGreaterThan(1); // the demo data keeps the expected text in kilometres
  const distance = `a ${new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 }).format(nearest.km)} km`;
  const firstCard = page.locator('.atm-dir-card').first();
  await eventually(() => firstCard.locator('h2').innerText(), nearest.shop.name);
  expect(await firstCard.locator('.atm-dir-card__distance').innerText()).toBe(distance);
  await eventually(() => countText(page), `${shops.length} resultados encontrados, ordenados por distancia`);

  const within10 = byDistance().filter((entry) => entry.km <= 10).length;
  expect(within10).toBeGreaterThan(0);
  expect(within10).toBeLessThan(shops.length);
  await page.getByRole('combobox', { name: 'Distancia' }).selectOption({ label: 'Hasta 10 km' });
  await eventually(
    () => countText(page),
    `${within10} ${within10 === 1 ? 'resultado encontrado' : 'resultados encontrados'}, a menos de 10 km, ordenados por distancia`,
  );
  expect(new URL(page.url()).search).toBe('?sort=distance&radius=10');

  // Back undoes the radius; the position was never written anywhere the page keeps.
  await page.goBack();
  await eventually(() => countText(page), `${shops.length} resultados encontrados, ordenados por distancia`);
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(stored).not.toContain('20.65');
  expect(requested.some((url) => url.includes('20.65') || url.includes('103.34'))).toBe(false);
  // None of the map's code was loaded by the list.
  expect(await page.evaluate(() => typeof window.L)).toBe('undefined');
  expect(requested.filter((url) => /\/js\/map\.|\/css\/map\./.test(url))).toEqual([]);

  // The nearest shop's own page, reached from its card, says how far it is too.
  await firstCard.getByRole('link', { name: nearest.shop.name }).click();
  await page.waitForURL(`${product.url}/shops/${nearest.shop.slug}`);
  await eventually(() => page.locator('.atm-shop__distance').innerText(), distance);
});

journey('a refused position shows the message and keeps the list (en)', async (open) => {
  const page = await open({ language: 'en', permissions: [] });
  await page.goto(`${product.url}/?sort=distance&radius=25`);
  // Opened from a link that asks for the distance order: the position is asked for again, refused.
  await expect(page.getByRole('alert').innerText()).resolves.toContain(
    'We do not have permission to use your location.',
  );
  await eventually(() => countText(page), `${shops.length} results found`);
  expect(new URL(page.url()).search).toBe('');
  await page.getByRole('button', { name: 'Choose a state' }).click();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('atm-dir-filter-state');
});

journey(
  'the map shows clusters, the visitor and a popup linking to the shop; no tiles, no errors',
  async (open) => {
    const page = await open(here);
    await openListing(page, `${product.url}/`);
    await page.getByRole('button', { name: 'Cerca de mí' }).click();
    await eventually(
      () => countText(page),
      `${shops.length} resultados encontrados, ordenados por distancia`,
    );
    await page.getByRole('button', { name: 'Mapa' }).click();
    expect(new URL(page.url()).searchParams.get('view')).toBe('map');

    const clusters = page.locator('.atm-map-cluster');
    await clusters.first().waitFor();
    const pins = page.locator('.atm-map-pin');
    // Every located shop is on the map exactly once, in fewer elements than shops.
    await eventually(() => shopsOnMap(page), located().length);
    const clusterCounts = (await clusters.allInnerTexts()).map(Number);
    expect(clusterCounts.reduce((sum, n) => sum + n, 0) + (await pins.count())).toBe(located().length);
    expect(clusterCounts.length + (await pins.count())).toBeLessThan(located().length);
    await page.locator('.atm-map-position').waitFor();
    await eventually(
      () => page.locator('img.leaflet-tile-loaded').count(),
      (n) => n > 0,
    );
    expect(tiles.served()).toBeGreaterThan(0);
    expect(await page.locator('.leaflet-control-attribution').innerText()).toContain('Test tiles');

    // A cluster splits when pressed (here with the keyboard, as Leaflet's markers are focusable).
    const markerCount = () =>
      page.evaluate(() => document.querySelectorAll('.atm-map-cluster, .atm-map-pin').length);
    const before = await markerCount();
    const zoom = await page.locator('.leaflet-tile-container').first().getAttribute('style');
    await clusters.first().focus();
    await page.keyboard.press('Enter');
    await eventually(
      async () =>
        `${await markerCount()} ${await page.locator('.leaflet-tile-container').first().getAttribute('style')}`,
      (now) => now !== `${before} ${zoom}`,
    );

    // The map with its clusters and pins: no WCAG 2.2 A/AA violation. It checks at 390 and
    // 1280 px, so it runs before the radius frames the map anew: the map redraws after a resize,
    // and a redraw late enough would close the popup opened below.
    await expectAccessible(page, 'the map');

    // Within 10 km the map frames the nearest shops; the nearest one's pin opens its popup.
    await page.getByRole('combobox', { name: 'Distancia' }).selectOption({ label: 'Hasta 10 km' });
    const within10 = byDistance().filter((entry) => entry.km <= 10).length;
    await eventually(() => shopsOnMap(page), within10);
    const [nearest] = byDistance();
    const pin = page.locator(`.atm-map-pin[title="${nearest.shop.name}"]`);
    await pin.waitFor();
    await pin.focus();
    await page.keyboard.press('Enter');
    const popup = page.locator('.atm-map-popup');
    await expect(popup.locator('strong').innerText()).resolves.toBe(nearest.shop.name);
    expect(await popup.innerText()).toContain(`${nearest.shop.city}, ${nearest.shop.state}`);
    if (nearest.shop.isVerified === 'true') expect(await popup.innerText()).toContain('Verificado');
    const link = popup.getByRole('link', { name: 'Ver ficha' });
    expect(await link.getAttribute('href')).toBe(`/shops/${nearest.shop.slug}`);
    await link.click();
    await page.waitForURL(`${product.url}/shops/${nearest.shop.slug}`);
    await page.getByRole('heading', { level: 1, name: nearest.shop.name }).waitFor();

    // Without a tile server the map still draws its markers on the plain background.
    await tiles.close();
    await openListing(page, `${product.url}/?view=map`);
    await page.locator('.atm-map-cluster, .atm-map-pin').first().waitFor();
    expect(unexpectedErrors(page, /status of 401|Failed to load resource/)).toEqual([]);
  },
);

journey('the map in English has no accessibility violation either', async (open) => {
  const page = await open({ ...here, language: 'en' });
  await openListing(page, `${product.url}/en/?view=map`);
  await page.locator('.atm-map-cluster, .atm-map-pin').first().waitFor();
  await eventually(() => shopsOnMap(page), located().length);
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  await expectAccessible(page, 'the en map');
  expect(unexpectedErrors(page, /status of 401|Failed to load resource/)).toEqual([]);
});
