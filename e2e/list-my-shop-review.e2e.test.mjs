// A listing request from the visitor's form to the public page, in Spanish and in English: a
// gunsmith lists a shop with a logo on a phone; an administrator, with the keyboard alone, finds
// it with the kind filter, opens it as the prefilled shop form, sees the quarantined logo
// (previewed through the admin-only route), corrects one field and approves; the public page shows
// the shop unverified with its logo. axe checks the queue and the review at 390 and 1280 px.
/* global document, window -- in functions that run in the page (evaluate) */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { REQUEST_REFERENCE_PATTERN } from 'contract';
import { expectAccessible, WIDTHS } from './support/axe.mjs';
import {
  eventually,
  journeys,
  launchChromium,
  unexpectedErrors,
  waitForDirectory,
} from './support/browser.mjs';
import { makePng } from './support/images.mjs';
import { tabTo } from './support/keyboard.mjs';
import { startProduct } from './support/servers.mjs';

const TEXTS = {
  es: {
    prefix: '',
    link: 'Registrar mi taller',
    name: 'Armería Revisada del Norte',
    fields: {
      'Descripción de los servicios': 'Reparación de armas deportivas.',
      Servicios: 'Armería',
      Dirección: 'Av. Juárez 200, Centro',
      Ciudad: 'Saltillo',
      Estado: 'Coahuila',
      Teléfono: '844 123 4567',
      'Correo del taller': 'taller@norte.example',
      'Enlace de Google Maps': 'https://maps.google.com/?q=25.42,-101.0',
      'Imagen del mapa (URL)': 'https://maps.example/saltillo.png',
    },
    shopName: 'Nombre del taller',
    logo: 'O sube tu logotipo (opcional)',
    uploaded: 'Imagen subida: logo.png',
    send: 'Enviar solicitud',
    username: 'Usuario',
    password: 'Contraseña',
    login: 'Iniciar sesión',
    requests: /^Solicitudes/,
    kindFilter: 'Tipo',
    listing: 'Alta de taller',
    open: (reference) => `Abrir la solicitud ${reference}`,
    heading: (reference) => `Alta de taller ${reference}`,
    city: 'Ciudad',
    edited: 'Ramos Arizpe',
    approve: 'Aprobar y crear el taller',
    approved: (reference) => `Solicitud ${reference} aprobada`,
  },
  en: {
    prefix: '/en',
    link: 'List my shop',
    name: 'Reviewed Northern Armory',
    fields: {
      'Description of the services': 'Repair of sporting arms.',
      Services: 'Armory',
      Address: 'Av. Juárez 202, Centro',
      City: 'Saltillo',
      State: 'Coahuila',
      Phone: '844 765 4321',
      'Shop e-mail': 'shop@north.example',
      'Google Maps link': 'https://maps.google.com/?q=25.42,-101.0',
      'Map image (URL)': 'https://maps.example/saltillo.png',
    },
    shopName: 'Shop name',
    logo: 'Or upload your logo (optional)',
    uploaded: 'Picture uploaded: logo.png',
    send: 'Send request',
    username: 'Username',
    password: 'Password',
    login: 'Login',
    requests: /^Requests/,
    kindFilter: 'Kind',
    listing: 'Listing request',
    open: (reference) => `Open request ${reference}`,
    heading: (reference) => `Listing request ${reference}`,
    city: 'City',
    edited: 'Arteaga',
    approve: 'Approve and create the shop',
    approved: (reference) => `Request ${reference} approved`,
  },
};
const ADMIN = { username: 'admin', password: 'una-clave-bastante-larga-2026' };
const SHOTS = process.env.SHOTS_DIR;

let product;
let browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  const created = await fetch(`${product.url}/api/auth/create-admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(created.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const journey = journeys(test, 'list-my-shop-review', () => browser);

/** Sends "List my shop" with an uploaded logo, on a phone; answers the reference. */
async function listShop(page, text) {
  await page.goto(`${product.url}${text.prefix}/list-my-shop`);
  await waitForDirectory(page);
  const form = page.getByRole('form', { name: text.link });
  await form.waitFor();
  const textbox = (label) => form.getByRole('textbox', { name: label, exact: true });
  await textbox(text.shopName).fill(text.name);
  for (const [label, value] of Object.entries(text.fields)) await textbox(label).fill(value);
  await form.getByLabel(text.logo).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: makePng(48, 48, [24, 90, 140]),
  });
  await form.getByText(text.uploaded, { exact: false }).waitFor();
  await form.getByRole('button', { name: text.send }).click();
  const done = page.locator('.atm-correction__done');
  await done.waitFor({ timeout: 60_000 });
  const reference = await done.locator('.atm-correction__reference').innerText();
  expect(reference).toMatch(REQUEST_REFERENCE_PATTERN);
  return reference;
}

/** Checks axe at both widths and takes the screenshots, back at 1280 px afterwards. */
async function checkScreen(page, where, shot) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${where} at ${width} px`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${shot}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Whether an image on the page finished loading real pixels. */
const loaded = (image) => image.evaluate((element) => element.complete && element.naturalWidth > 0);

for (const [lang, text] of Object.entries(TEXTS)) {
  journey(
    `a listing request with a logo, reviewed with the keyboard, edited and approved (${lang})`,
    async (open) => {
      const visitor = await open({ language: lang, viewport: { width: 390, height: 844 } });
      const reference = await listShop(visitor, text);

      const admin = await open({ language: lang, viewport: { width: 1280, height: 900 } });
      await admin.goto(`${product.url}/admin/login`);
      await admin.getByLabel(text.username).fill(ADMIN.username);
      await admin.getByLabel(text.password, { exact: true }).fill(ADMIN.password);
      await admin.getByRole('button', { name: text.login, exact: true }).click();
      await admin.waitForURL(`${product.url}/admin`);
      admin.setDefaultTimeout(30_000);

      // From here on, the keyboard alone (the dashboard has focused its heading once shown).
      const requests = admin.getByRole('button', { name: text.requests });
      await requests.waitFor();
      await tabTo(admin, requests);
      await admin.keyboard.press('Enter');
      await admin.waitForURL(`${product.url}/admin/requests`);
      const kind = admin.getByLabel(text.kindFilter, { exact: true });
      await kind.waitFor();
      await tabTo(admin, kind);
      await admin.keyboard.press('Enter');
      // The options: all, correction, listing request; the arrows move the active one.
      const listingOption = admin.locator(`.ant-select-item-option[title="${text.listing}"]`);
      await listingOption.waitFor();
      await admin.keyboard.press('ArrowDown');
      await admin.keyboard.press('ArrowDown');
      await admin.locator('.ant-select-item-option-active', { hasText: text.listing }).waitFor();
      const filtered = admin.waitForResponse((response) => response.url().includes('type=listing'));
      await admin.keyboard.press('Enter');
      await filtered;
      const row = admin.locator('tr').filter({ hasText: reference });
      await row.waitFor();
      expect(await admin.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
      expect(await admin.locator('tbody tr.ant-table-row').filter({ hasNotText: text.listing }).count()).toBe(
        0,
      );
      await checkScreen(
        admin,
        `the requests queue filtered to listing requests (${lang})`,
        `listing-queue-${lang}`,
      );

      const opener = row.getByRole('button', { name: text.open(reference) });
      await opener.waitFor();
      await tabTo(admin, opener, { max: 60 });
      await admin.keyboard.press('Enter');
      await admin.getByRole('heading', { level: 1, name: text.heading(reference) }).waitFor();
      const logo = admin.getByTestId('image-field-logo').getByRole('img');
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toMatch(/^\/api\/admin\/quarantine\/[0-9a-f-]{36}$/);
      await eventually(() => loaded(logo), true);
      await checkScreen(admin, `the listing review (${lang})`, `listing-review-${lang}`);

      const city = admin.getByLabel(text.city, { exact: true });
      await city.waitFor();
      await tabTo(admin, city, { max: 60 });
      await admin.keyboard.press('ControlOrMeta+a');
      await admin.keyboard.type(text.edited);
      const approve = admin.getByRole('button', { name: text.approve });
      await approve.waitFor();
      await tabTo(admin, approve, { max: 80 });
      await admin.keyboard.press('Enter');
      await admin.getByText(text.approved(reference), { exact: true }).first().waitFor();
      await admin.waitForURL(`${product.url}/admin/requests`);

      // Public, unverified, with the edit and the visitor's logo, now an ordinary uploaded image.
      const shops = await (await fetch(`${product.url}/api/shops`)).json();
      const shop = shops.find((candidate) => candidate.name === text.name);
      expect(shop).toMatchObject({ city: text.edited, isVerified: 'false' });
      expect(shop.logo).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
      await visitor.goto(`${product.url}${text.prefix}/shops/${shop.slug}`);
      await waitForDirectory(visitor);
      const publicLogo = visitor.locator(`main img[src="${shop.logo}"]`).first();
      await publicLogo.waitFor();
      await eventually(() => loaded(publicLogo), true);
      expect(await visitor.evaluate(() => document.body.innerText)).toContain(text.edited);
      expect(await admin.evaluate(() => window.location.pathname)).toBe('/admin/requests');
      // The map picture's address is a made-up host, which the browser cannot resolve.
      const expected = /status of 401|ERR_NAME_NOT_RESOLVED/;
      expect(unexpectedErrors(visitor, expected)).toEqual([]);
      expect(unexpectedErrors(admin, expected)).toEqual([]);
    },
  );
}
