// Certification that stays true, as the administrator and the visitor meet it, in both languages:
// a shop verified with a number and a period ending tomorrow, its certificate downloaded (the PDF's
// text names the shop and the number; its QR code, decoded from the pixels, is the shop's
// verification URL), that URL opened and read as current, and another shop's number read as not
// this shop's. Then the server is started again on the same data two days later (its clock moved
// by a preload, the browser's by Playwright): the listing, the shop's page, its JSON-LD and the API
// no longer show the shop as verified, its QR link says the certification expired, and the
// dashboard counts it as expired and filters the list to it.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pdfQrCode, pdfText } from '../tools/pdf-reading.mjs';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { eventually, journeys, launchChromium, unexpectedErrors } from './support/browser.mjs';
import { startProduct, stopProductAndBrowser } from './support/servers.mjs';
import { TEXTS } from './support/texts.mjs';

const CREDENTIALS = { username: 'admin', password: 'clave-del-certificado-1' };
const DAY_MS = 86_400_000;
const LATER_MS = 2 * DAY_MS;
const SHOP_ZONE = 'America/Mexico_City';
/** A day (`YYYY-MM-DD`) in the shops' zone, `days` from now. */
const dayFromNow = (days) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_ZONE }).format(new Date(Date.now() + days * DAY_MS));
/** A day as the shop's page spells it in full ("30 de noviembre de 2026", "November 30, 2026"). */
const spelled = (day, lang) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'es-MX', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

const dataDir = mkdtempSync(path.join(tmpdir(), 'atm-e2e-certificate-'));
let product;
let browser;
/** One demo shop per language, and the certificate each is given. */
const certified = {};

beforeAll(async () => {
  [product, browser] = await Promise.all([startProduct({ DATA_DIR: dataDir }), launchChromium()]);
  const created = await fetch(`${product.url}/api/auth/create-admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CREDENTIALS),
  });
  expect(created.status).toBe(201);
  const shops = await (await fetch(`${product.url}/api/shops`)).json();
  const unverified = shops.filter((shop) => shop.isVerified !== 'true');
  certified.es = { shop: unverified[0], number: 'ATM-2026/101' };
  certified.en = { shop: unverified[1], number: 'ATM-2026/102' };
}, 120_000);

afterAll(async () => {
  await stopProductAndBrowser({ product, browser });
  rmSync(dataDir, { recursive: true, force: true });
});

const journey = journeys(test, 'admin-certificate', () => browser);
const other = { es: 'en', en: 'es' };

/** The shop's verification URL, as its certificate's QR code carries it. */
const verificationUrl = (shop, number) =>
  `${product.url}/shops/${shop.slug}?certificado=${encodeURIComponent(number)}`;

/** Signs in through the login form, in `lang`. */
async function logIn(page, lang) {
  const A = ADMIN[lang];
  await page.goto(`${product.url}/admin/login`);
  await page.getByLabel(A.username).fill(CREDENTIALS.username);
  await page.getByLabel(A.password, { exact: true }).fill(CREDENTIALS.password);
  await page.getByRole('button', { name: A.submit, exact: true }).click();
  await page.getByText(A.welcome(CREDENTIALS.username)).waitFor();
}

/** The certificate panel's message on the shop's page opened at `url`. */
async function certificateMessage(page, url) {
  await page.goto(url);
  return page.locator('.atm-cert__message').innerText();
}

/** The schema.org document of a server-rendered shop page. */
async function structuredData(url) {
  const html = await (await fetch(url)).text();
  const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  if (!json) throw new Error(`no JSON-LD in ${url}`);
  return JSON.parse(json[1]);
}

for (const lang of ['es', 'en']) {
  journey(
    `${lang}: verified until tomorrow, its certificate downloaded, its QR code read as current`,
    async (open) => {
      const A = ADMIN[lang];
      const fields = LOCALES[lang].admin.shopForm.fields;
      const words = LOCALES[lang].directory.certificate;
      const { shop, number } = certified[lang];
      const page = await open({ language: lang });
      await logIn(page, lang);

      await page.goto(`${product.url}/admin/shops/edit/${shop.id}`);
      await eventually(() => page.getByLabel(A.fields.name).inputValue(), shop.name);
      await page.getByLabel(A.verify).check();
      await page.getByLabel(fields.certificateNumber).fill(number);
      await page.getByLabel(fields.verifiedOn).fill(dayFromNow(-30));
      await page.getByLabel(fields.validUntil).fill(dayFromNow(1));
      await page.getByRole('button', { name: A.update }).click();
      await page.getByText(A.shopUpdated, { exact: true }).first().waitFor();
      await page.waitForURL(`${product.url}/admin`);
      const api = await (await fetch(`${product.url}/api/shops/${shop.id}`)).json();
      expect(api).toMatchObject({ isVerified: 'true', certificateNumber: number, validUntil: dayFromNow(1) });
      expect((await structuredData(`${product.url}/shops/${shop.slug}`)).hasCredential).toMatchObject({
        identifier: number,
        expires: dayFromNow(1),
      });

      // The certificate, from the shop's admin page: what it says and where its QR code leads.
      await page.goto(`${product.url}/admin/shops/edit/${shop.id}`);
      const paper = LOCALES[lang].admin.shopForm.verification.papers.a4;
      const button = page.getByRole('button', {
        name: LOCALES[lang].admin.shopForm.verification.download.replace('{{paper}}', paper),
      });
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe(`atm-certificado-${number.replace('/', '-')}.pdf`);
      const pdf = readFileSync(await download.path());
      const text = pdfText(pdf);
      expect(text).toContain(shop.name);
      expect(text).toContain(`Certificado núm. ${number}`);
      expect(text).toContain(`Certificate no. ${number}`);
      const link = pdfQrCode(pdf);
      expect(link).toBe(verificationUrl(shop, number));

      // The visitor who scans it (in the language they chose) reads it as current.
      const visitor = await open({ language: lang, viewport: { width: 390, height: 844 } });
      expect(await certificateMessage(visitor, link)).toBe(
        words.currentUntil.replace('{{date}}', spelled(dayFromNow(1), lang)),
      );
      expect(new URL(visitor.url()).pathname).toBe(`${lang === 'en' ? '/en' : ''}/shops/${shop.slug}`);
      // Another shop's number on this shop's page is not this shop's certificate.
      expect(await certificateMessage(visitor, verificationUrl(shop, certified[other[lang]].number))).toBe(
        words.mismatch,
      );
      expect(unexpectedErrors(page)).toEqual([]);
      expect(unexpectedErrors(visitor)).toEqual([]);
    },
  );
}

describe('two days later', () => {
  // The same data, served by a server whose clock reads two days on: it catches up as it starts.
  beforeAll(async () => {
    const stopping = product;
    product = null;
    await stopping.stop();
    product = await startProduct({
      DATA_DIR: dataDir,
      NODE_OPTIONS: `--import=${new URL('./support/moved-clock.mjs', import.meta.url)}`,
      E2E_CLOCK_OFFSET_MS: String(LATER_MS),
    });
  }, 120_000);

  for (const lang of ['es', 'en']) {
    journey(
      `${lang}: two days later the listing, the page, its JSON-LD, the API and the dashboard agree it expired`,
      async (open) => {
        const T = TEXTS[lang];
        const words = LOCALES[lang].directory.certificate;
        const stats = LOCALES[lang].admin.dashboard.stats;
        const { shop, number } = certified[lang];
        const prefix = lang === 'en' ? '/en' : '';
        const page = await open({ language: lang });
        // The browser stands on the server's day too (the page's render time decides, as it does for
        // the hydration).
        await page.context().clock.install({ time: Date.now() + LATER_MS });

        const api = await (await fetch(`${product.url}/api/shops/${shop.id}`)).json();
        expect(api).toMatchObject({ isVerified: 'false', certificateNumber: number });
        const onlyVerified = await (
          await fetch(`${product.url}/api/shops/listing?verified=only&q=${encodeURIComponent(shop.name)}`)
        ).json();
        expect(onlyVerified.items.map((item) => item.id)).not.toContain(shop.id);
        expect(
          (await structuredData(`${product.url}${prefix}/shops/${shop.slug}`)).hasCredential,
        ).toBeUndefined();

        await page.goto(`${product.url}${prefix}/?q=${encodeURIComponent(shop.name)}`);
        const card = page
          .locator('.atm-dir-card')
          .filter({ has: page.getByRole('link', { name: shop.name, exact: true }) });
        await card.waitFor();
        expect(await card.getByText(T.verified, { exact: true }).count()).toBe(0);
        await page.goto(`${product.url}${prefix}/shops/${shop.slug}`);
        await page.getByRole('heading', { level: 1, name: shop.name }).waitFor();
        expect(await page.getByText(T.verifiedLong, { exact: true }).count()).toBe(0);
        expect(await certificateMessage(page, verificationUrl(shop, number))).toBe(
          words.expired.replace('{{date}}', spelled(dayFromNow(1), lang)),
        );

        // The dashboard counts both expired certificates, and its button filters the list to them.
        await logIn(page, lang);
        const expiredCard = page.locator('.ant-card').filter({ hasText: stats.expired });
        await eventually(() => expiredCard.locator('.ant-statistic-content-value').innerText(), '2');
        await expiredCard.getByRole('button', { name: stats.show.expired }).click();
        const names = await eventually(
          () => page.getByTestId('shop-row').allInnerTexts(),
          (rows) => rows.length === 2,
        );
        for (const { shop: each } of Object.values(certified))
          expect(names.some((row) => row.includes(each.name))).toBe(true);
        expect(unexpectedErrors(page)).toEqual([]);
      },
    );
  }
});
