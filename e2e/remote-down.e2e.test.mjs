// The admin remote stops being served while the product keeps running. The
// public directory still works, /admin shows the retry message, and once the remote is served
// again, Retry loads it, without restarting the backend or reloading the page.
//
// How the remote goes down: the backend serves the built frontends from FRONTEND_ROOT (a config
// variable). Here that folder holds links to the real builds, and the admin remote's dist link
// is renamed away (every request for /remotes/admin/... then gets 404) and renamed back.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually, journeys, launchChromium, openListing } from './support/browser.mjs';
import { ADMIN } from './support/admin-texts.mjs';
import { ROOT, startProduct } from './support/servers.mjs';
import { TEXTS } from './support/texts.mjs';

const frontends = mkdtempSync(path.join(tmpdir(), 'atm-e2e-frontends-'));
const adminDist = path.join(frontends, 'frontend-admin', 'dist');
const adminDistOff = `${adminDist}.off`;
symlinkSync(path.join(ROOT, 'frontend-shell'), path.join(frontends, 'frontend-shell'));
symlinkSync(path.join(ROOT, 'frontend-directory'), path.join(frontends, 'frontend-directory'));
mkdirSync(path.join(frontends, 'frontend-admin'));
symlinkSync(path.join(ROOT, 'frontend-admin', 'dist'), adminDist);

const takeAdminDown = () => renameSync(adminDist, adminDistOff);
const bringAdminBack = () => renameSync(adminDistOff, adminDist);

let product;
let browser;
let shops;

beforeAll(async () => {
  product = await startProduct({ FRONTEND_ROOT: frontends });
  browser = await launchChromium();
  shops = await (await fetch(`${product.url}/api/shops`)).json();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  rmSync(frontends, { recursive: true, force: true });
});

const journey = journeys(test, 'remote-down', () => browser);
const manifestStatus = async () => (await fetch(`${product.url}/remotes/admin/mf-manifest.json`)).status;

for (const lang of ['es', 'en']) {
  const T = TEXTS[lang];
  const A = ADMIN[lang];
  describe(`admin remote down (${lang})`, () => {
    journey(
      `${lang}: the directory works, /admin offers Retry, Retry works once the remote is back`,
      async (open) => {
        expect(await manifestStatus()).toBe(200);
        takeAdminDown();
        try {
          expect(await manifestStatus()).toBe(404);
          const page = await open(lang === 'es' ? {} : { language: 'en' });
          const manifestRequests = [];
          page.on('request', (request) => {
            if (request.url().endsWith('/remotes/admin/mf-manifest.json'))
              manifestRequests.push(request.url());
          });

          await openListing(page, `${product.url}/`);
          await page.getByText(T.heroDescription).waitFor();
          await page.getByText(T.results(shops.length)).waitFor();
          // A shop's dialog and back: the directory works while the admin is down.
          await page.getByRole('link', { name: shops[0].name, exact: true }).click();
          await page.getByRole('dialog').getByText(shops[0].description).waitFor();
          await page.goBack();
          await page.getByRole('dialog').waitFor({ state: 'detached' });
          await page.getByLabel(T.search).fill('zzzz');
          await page.getByRole('heading', { name: T.emptyTitle }).waitFor();
          await page.getByRole('button', { name: T.clear }).click();
          await page.getByText(T.results(shops.length)).waitFor();

          // The top bar's login link: a client-side navigation to /admin/login.
          await page.getByRole('link', { name: T.login }).click();
          const alert = page.getByRole('alert');
          await alert.getByRole('heading', { name: T.adminDown }).waitFor();
          expect(manifestRequests.length).toBeGreaterThan(0);

          // Retry while still down really tries again, and fails again.
          const before = manifestRequests.length;
          await alert.getByRole('button', { name: T.adminDownRetry }).click();
          await eventually(
            () => manifestRequests.length,
            (value) => value > before,
          );
          await alert.getByRole('heading', { name: T.adminDown }).waitFor();

          // The way home from the message works, and the directory still does.
          await alert.getByRole('link', { name: T.notFoundHome, exact: true }).click();
          await page.waitForURL(`${product.url}${lang === 'en' ? '/en/' : '/'}`);
          await page.getByText(T.results(shops.length)).waitFor();

          // A direct visit to /admin shows the same message.
          await page.goto(`${product.url}/admin`);
          await page.getByRole('alert').getByRole('heading', { name: T.adminDown }).waitFor();

          bringAdminBack();
          expect(await manifestStatus()).toBe(200);
          await page.getByRole('alert').getByRole('button', { name: T.adminDownRetry }).click();
          await page.getByRole('heading', { name: A.loginTitle }).waitFor();
          expect(await page.getByRole('heading', { name: T.adminDown }).count()).toBe(0);
        } finally {
          // Leave the remote served whatever happened, for the next journey.
          try {
            bringAdminBack();
          } catch {
            // already back
          }
        }
      },
    );
  });
}
