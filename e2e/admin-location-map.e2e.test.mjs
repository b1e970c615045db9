// The shop placed on a map, in the admin's shop form, in real Chromium and both languages, with
// tiles from a local tile server: a click on the map, and a pasted Google Maps link of each kind
// (`@lat,lng`, `q=`, `query=`), set the coordinates; a point in the ocean is refused by the form
// and by the server; a point far from the chosen state is only warned about; the same by keyboard
// alone (Tab in and out of the map, arrows, Enter); axe finds nothing at 390 and 1280 px.
/* global document, getComputedStyle, DOMMatrix -- page.evaluate() code runs in Chromium */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { expectAccessible } from './support/axe.mjs';
import { eventually, journeys, launchChromium, unexpectedErrors } from './support/browser.mjs';
import { expectFocusRing, tabTo } from './support/keyboard.mjs';
import { startProduct } from './support/servers.mjs';
import { startTileServer } from './support/tiles.mjs';

const CREDENTIALS = { username: 'admin', password: 'clave-del-mapa-1' };
const MONTERREY = ['25.6866142', '-100.3161126'];
const LINKS = {
  '@': 'https://www.google.com/maps/place/Armer%C3%ADa/@25.6866142,-100.3161126,17z/data=!3m1!4b1',
  'q=': 'https://maps.google.com/?q=25.6866142,-100.3161126',
  'query=': 'https://www.google.com/maps/search/?api=1&query=25.6866142%2C-100.3161126',
};
/** A wrong sign: the Pacific, south of the equator. */
const OCEAN = 'https://maps.google.com/?q=-19.4326,-99.1332';

let tiles;
let product;
let browser;

beforeAll(async () => {
  tiles = await startTileServer();
  [product, browser] = await Promise.all([
    startProduct({ MAP_TILE_URL: tiles.url, MAP_TILE_ATTRIBUTION: 'Test tiles' }),
    launchChromium(),
  ]);
  const created = await fetch(`${product.url}/api/auth/create-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  });
  expect(created.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await tiles?.close();
});

const journey = journeys(test, 'admin-location-map', () => browser);

/** The form's texts in `lang`, from the admin's own locale files. */
function textsOf(lang) {
  const admin = LOCALES[lang].admin;
  const range = (field, min, max) =>
    admin.validation[field].range.replace('{{min}}', min).replace('{{max}}', max);
  const sentence = (key, [latitude, longitude]) =>
    admin.shopForm.location[key].replace('{{latitude}}', latitude).replace('{{longitude}}', longitude);
  return {
    A: ADMIN[lang],
    fields: admin.shopForm.fields,
    map: admin.shopForm.location,
    oceanRefused: range('latitude', '14.5', '32.75'),
    fromLink: (point) => sentence('fromLink', point),
    placed: (point) => sentence('placed', point),
    far: (state) => admin.shopForm.location.farFromState.replace('{{state}}', state),
  };
}

/** Signs in and opens the new shop form, with its map drawn from the local tiles. */
async function openShopForm(open, lang) {
  const page = await open({ language: lang });
  const T = textsOf(lang);
  await page.goto(`${product.url}/admin/login`);
  await page.getByLabel(T.A.username).fill(CREDENTIALS.username);
  await page.getByLabel(T.A.password, { exact: true }).fill(CREDENTIALS.password);
  await page.getByRole('button', { name: T.A.submit, exact: true }).click();
  await page.getByText(T.A.welcome(CREDENTIALS.username)).waitFor();
  await page.goto(`${product.url}/admin/shops/new`);
  await page.getByRole('heading', { level: 1, name: T.A.addShopTitle }).waitFor();
  const map = page.getByRole('group', { name: T.map.label });
  await map.waitFor();
  await eventually(
    () => map.locator('img.leaflet-tile-loaded').count(),
    (count) => count > 0,
  );
  expect(await map.locator('.leaflet-control-attribution').innerText()).toContain('Test tiles');
  return { page, map, T };
}

const coordinatesOf = async (page, T) => [
  await page.getByLabel(T.fields.latitude).inputValue(),
  await page.getByLabel(T.fields.longitude).inputValue(),
];

for (const lang of ['es', 'en']) {
  journey(
    `${lang}: a click and each kind of link set the coordinates; the ocean is refused`,
    async (open) => {
      const { page, map, T } = await openShopForm(open, lang);
      const fields = T.fields;

      // With a state chosen, the map shows it: a click in its middle places the shop there.
      await page.getByLabel(fields.state).fill('Jalisco');
      await page.getByLabel(fields.state).press('Tab');
      await map.click();
      const clicked = await eventually(
        () => coordinatesOf(page, T),
        ([latitude, longitude]) => latitude !== '' && longitude !== '',
      );
      expect(Number(clicked[0])).toBeGreaterThan(18.9);
      expect(Number(clicked[0])).toBeLessThan(22.7);
      expect(Number(clicked[1])).toBeGreaterThan(-105.7);
      expect(Number(clicked[1])).toBeLessThan(-101.5);
      await page.getByText(T.placed(clicked)).waitFor();
      expect(await map.locator('.atm-location-pin').count()).toBe(1);
      expect(await page.getByText(T.far('Jalisco')).count()).toBe(0);

      // Each kind of link moves the pin to Monterrey, far from Jalisco: a warning, not a refusal.
      for (const [kind, link] of Object.entries(LINKS)) {
        await page.getByLabel(fields.googleMapsUrl).fill('');
        await page.getByLabel(fields.latitude).fill('');
        await page.getByLabel(fields.longitude).fill('');
        await page.getByLabel(fields.googleMapsUrl).fill(link);
        expect([
          kind,
          await eventually(
            () => coordinatesOf(page, T),
            (v) => v[0] !== '',
          ),
        ]).toEqual([kind, MONTERREY]);
        await page.getByText(T.fromLink(MONTERREY)).waitFor();
        expect(await map.locator('.atm-location-pin').count()).toBe(1);
      }
      await page.getByText(T.far('Jalisco')).waitFor();
      await expectAccessible(page, `the ${lang} shop form with its map and a warning`);

      // The ocean: refused with the latitude's own error, and by the server too.
      await page.getByLabel(fields.googleMapsUrl).fill(OCEAN);
      await page.getByText(T.oceanRefused).waitFor();
      expect(await coordinatesOf(page, T)).toEqual(['-19.4326', '-99.1332']);
      expect(await page.getByText(T.far('Jalisco')).count()).toBe(0);
      await expectAccessible(page, `the ${lang} shop form with a point in the ocean`);
      const refused = await page.request.post(`${product.url}/api/admin/shops`, {
        headers: { origin: product.url },
        data: {
          name: 'Armería del Océano',
          description: 'Mal ubicada',
          address: 'Calle 1',
          city: 'Guadalajara',
          state: 'Jalisco',
          phone: '33 1234 5678',
          email: 'oceano@armeria.example',
          categories: ['Armería'],
          logo: 'medal',
          mapImageUrl: 'https://maps.example/mapa.png',
          googleMapsUrl: OCEAN,
          latitude: -19.4326,
          longitude: -99.1332,
        },
      });
      expect(refused.status()).toBe(400);
      expect((await refused.json()).errors).toEqual([
        expect.objectContaining({ field: 'latitude', code: 'OUT_OF_RANGE' }),
      ]);
      expect(unexpectedErrors(page)).toEqual([]);
    },
  );

  journey(
    `${lang}: by keyboard alone, a pasted link, the map's keys and Enter, and Tab out`,
    async (open) => {
      const { page, map, T } = await openShopForm(open, lang);
      const fields = T.fields;
      await page.getByLabel(fields.state).focus();
      await page.keyboard.type('Nuevo León');
      await tabTo(page, page.getByLabel(fields.googleMapsUrl));
      await page.keyboard.insertText(LINKS['q=']); // what pasting types
      expect(
        await eventually(
          () => coordinatesOf(page, T),
          (v) => v[0] !== '',
        ),
      ).toEqual(MONTERREY);
      await page.getByText(T.fromLink(MONTERREY)).waitFor();
      expect(await page.getByText(T.far('Nuevo León')).count()).toBe(0);

      // Typed numbers move the pin too.
      await tabTo(page, page.getByLabel(fields.latitude));
      await page.keyboard.press('Control+A');
      await page.keyboard.type('25.6751');
      await tabTo(page, page.getByLabel(fields.longitude));
      await page.keyboard.press('Control+A');
      await page.keyboard.type('-100.3185');

      // Into the map: its arrows move it, Enter places the pin at its centre.
      await tabTo(page, map);
      await expectFocusRing(page);
      const before = await coordinatesOf(page, T);
      expect(before).toEqual(['25.6751', '-100.3185']);
      // Leaflet ignores an arrow while it still pans for the last one: each pan is awaited.
      const pane = map.locator('.leaflet-map-pane');
      const offset = () =>
        pane.evaluate((element) => {
          const { e, f } = new DOMMatrix(getComputedStyle(element).transform);
          return [e, f];
        });
      const [x, y] = await offset();
      await page.keyboard.press('ArrowRight');
      await eventually(offset, ([e, f]) => e === x - 80 && f === y);
      await page.keyboard.press('ArrowDown');
      await eventually(offset, ([e, f]) => e === x - 80 && f === y - 80);
      await page.keyboard.press('Enter');
      const placed = await eventually(
        () => coordinatesOf(page, T),
        (value) => value[0] !== before[0] || value[1] !== before[1],
      );
      await page.getByText(T.placed(placed)).waitFor();
      // East and south of where it was.
      expect(Number(placed[1])).toBeGreaterThan(Number(before[1]));
      expect(Number(placed[0])).toBeLessThan(Number(before[0]));

      // The map keeps no one in: Tab leaves it after its own controls, Shift+Tab comes back.
      const inMap = () => map.evaluate((element) => element.contains(document.activeElement));
      for (let presses = 0; (await inMap()) && presses < 10; presses++) await page.keyboard.press('Tab');
      expect(await inMap()).toBe(false);
      await expectFocusRing(page);
      await tabTo(page, map, { backwards: true });

      // The ocean typed in the field is refused there.
      await tabTo(page, page.getByLabel(fields.latitude), { backwards: true });
      await page.keyboard.press('Control+A');
      await page.keyboard.type('-25.6751');
      await page.keyboard.press('Tab');
      await page.getByText(T.oceanRefused).waitFor();
      await expectAccessible(page, `the ${lang} shop form by keyboard`);
      expect(unexpectedErrors(page)).toEqual([]);
    },
  );
}
