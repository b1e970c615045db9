// A gunsmith asks to be listed with "Registrar mi taller" / "List my shop", in Spanish and in
// English, on a phone and on a desktop: reached from the footer, the real ALTCHA proof of work
// solved in Chromium, a field the rules refuse shown beside it in the visitor's language, the
// reference shown, the request waiting in the administrators' queue and nothing public. axe
// checks the form and the confirmation at 390 and 1280 px.
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { REQUEST_REFERENCE_PATTERN } from 'contract';
import { expectAccessible } from './support/axe.mjs';
import { journeys, launchChromium, unexpectedErrors, waitForDirectory } from './support/browser.mjs';
import { makePng } from './support/images.mjs';
import { startProduct } from './support/servers.mjs';

const TEXTS = {
  es: {
    prefix: '',
    link: 'Registrar mi taller',
    fields: {
      'Nombre del taller': 'Taller Nuevo del Bajío',
      'Descripción de los servicios': 'Reparación y mantenimiento de armas deportivas.',
      Servicios: 'Armería, Mantenimiento',
      Dirección: 'Calle Juárez 10, Centro',
      Ciudad: 'León',
      Estado: 'Guanajuato',
      Teléfono: '477 123 4567',
      'Correo del taller': 'taller@bajio.example',
      'Enlace de Google Maps': 'https://maps.google.com/?q=21.12,-101.68',
      'Imagen del mapa (URL)': 'https://maps.example/leon.png',
    },
    logo: 'O sube tu logotipo (opcional)',
    uploaded: 'Imagen subida: logo.png',
    website: 'Sitio web (opcional)',
    websiteError: 'Escribe una dirección que empiece con http:// o https://.',
    send: 'Enviar solicitud',
    done: 'Tu número de referencia es',
  },
  en: {
    prefix: '/en',
    link: 'List my shop',
    fields: {
      'Shop name': 'New Bajío Workshop',
      'Description of the services': 'Repair and maintenance of sporting arms.',
      Services: 'Armory, Maintenance',
      Address: 'Calle Juárez 12, Centro',
      City: 'León',
      State: 'Guanajuato',
      Phone: '477 765 4321',
      'Shop e-mail': 'shop@bajio.example',
      'Google Maps link': 'https://maps.google.com/?q=21.12,-101.68',
      'Map image (URL)': 'https://maps.example/leon.png',
    },
    logo: 'Or upload your logo (optional)',
    uploaded: 'Picture uploaded: logo.png',
    website: 'Website (optional)',
    websiteError: 'Enter an address that starts with http:// or https://.',
    send: 'Send request',
    done: 'Your reference is',
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

const journey = journeys(test, 'list-my-shop', () => browser);

/** The listing requests waiting in the administrators' queue, through the admin API. */
async function pendingListings() {
  const login = await fetch(`${product.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const answer = await fetch(`${product.url}/api/admin/requests?type=listing&status=pending`, {
    headers: { cookie },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()).items;
}

for (const [lang, text] of Object.entries(TEXTS)) {
  for (const width of [390, 1280]) {
    journey(`a gunsmith asks to be listed at ${width} px (${lang})`, async (open) => {
      const page = await open({ language: lang, viewport: { width, height: 900 } });
      await page.goto(`${product.url}${text.prefix}/`);
      await waitForDirectory(page);
      await page.getByRole('link', { name: text.link }).click();
      await page.waitForURL(`${product.url}${text.prefix}/list-my-shop`);
      // Reloaded: the page the server renders, as a link from elsewhere opens it.
      await page.reload();
      await waitForDirectory(page);
      const form = page.getByRole('form', { name: text.link });
      await form.waitFor();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(text.link);
      await expectAccessible(page, `the list-my-shop form (${lang})`);
      if (SHOTS)
        await page.screenshot({ path: `${SHOTS}/list-my-shop-form-${lang}-${width}.png`, fullPage: true });

      const name = Object.values(text.fields)[0];
      const textbox = (label) => form.getByRole('textbox', { name: label, exact: true });
      for (const [label, value] of Object.entries(text.fields))
        await textbox(label).fill(`${value}${width === 390 ? '' : ' '}`);
      await textbox(text.website).fill('javascript:alert(1)');
      await form.getByRole('button', { name: text.send }).click();
      const website = textbox(text.website);
      await expect(website.getAttribute('aria-invalid')).resolves.toBe('true');
      expect(await page.getByText(text.websiteError).isVisible()).toBe(true);
      await expectAccessible(page, `the list-my-shop form with an error (${lang})`);
      if (SHOTS && width === 390)
        await form.screenshot({ path: `${SHOTS}/list-my-shop-error-${lang}-${width}.png` });

      // On the phone, the logo is uploaded: to quarantine, where no one is served it.
      if (width === 390) {
        const put = page.waitForResponse((response) => response.url().includes('/api/quarantine/'));
        await form.getByLabel(text.logo).setInputFiles({
          name: 'logo.png',
          mimeType: 'image/png',
          buffer: makePng(48, 48, [140, 29, 24]),
        });
        const quarantined = (await (await put).json()).path;
        expect(quarantined).toMatch(/^\/objects\/quarantine\/[0-9a-f-]{36}$/);
        await form.getByText(text.uploaded, { exact: false }).waitFor();
        if (SHOTS)
          await form
            .locator('.atm-list-my-shop__field')
            .filter({ has: page.getByLabel(text.logo) })
            .screenshot({ path: `${SHOTS}/list-my-shop-uploaded-${lang}-${width}.png` });
        expect((await fetch(`${product.url}${quarantined}`)).status).toBe(404);
      }
      await website.fill('');
      await form.getByRole('button', { name: text.send }).click();
      const done = page.locator('.atm-correction__done');
      await done.waitFor({ timeout: 60_000 });
      expect(await done.innerText()).toContain(text.done);
      const reference = await done.locator('.atm-correction__reference').innerText();
      expect(reference).toMatch(REQUEST_REFERENCE_PATTERN);
      await page.evaluate(() => globalThis.scrollTo(0, 0));
      await expectAccessible(page, `the list-my-shop confirmation (${lang})`);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/list-my-shop-done-${lang}-${width}.png` });

      // Waiting for an administrator, and nowhere public.
      const listing = (await pendingListings()).find((item) => item.reference === reference);
      expect(listing).toMatchObject({ type: 'listing', status: 'pending', shopName: name });
      const shops = await (await fetch(`${product.url}/api/shops`)).json();
      expect(shops.some((shop) => shop.name === name)).toBe(false);
      expect(unexpectedErrors(page)).toEqual([]);
    });
  }
}
