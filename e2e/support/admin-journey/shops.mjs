// A shop created with an uploaded logo and map image, seen in the public directory, verified, and
// the activity log naming who did it.
/* global document -- in functions that run in the page (evaluate) */
import { expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { searchDashboard } from '../admin-dashboard.mjs';
import { expectAccessible } from '../axe.mjs';
import { eventually, waitForDirectory } from '../browser.mjs';
import { ADMIN_USER } from './accounts.mjs';

/** Registers these steps of the admin journey, in order; `journey` holds what the steps share. */
export function shopSteps(journey) {
  const { lang, A, T, shopName, logoFile, mapFile, state, step, toast, publicCard, expectTitle } = journey;

  step('create a shop with an uploaded logo and map image; it shows in the public directory', async () => {
    const { product, page, pub } = journey;
    await page.getByRole('button', { name: A.addShop }).click();
    await page.waitForURL(`${product.url}/admin/shops/new`);
    await page.getByText(A.categoryRequired).first().waitFor();
    const save = page.getByRole('button', { name: A.create });
    expect(await save.isDisabled()).toBe(true);
    await expectTitle(A.addShopTitle);
    // A route change inside the admin moves focus to the new page's heading.
    await eventually(() => page.evaluate(() => document.activeElement?.tagName), 'H1');
    await expectAccessible(page, `the ${lang} new shop form`);
    const f = A.fields;
    await page.getByLabel(f.name).fill(shopName);
    await page.getByLabel(f.email).fill('prueba@armeria.example');
    await page.getByLabel(f.phone).fill('+52 55 5555 0199');
    await page.getByLabel(f.website).fill('https://armeria-prueba.example');
    await page.getByLabel(f.description).fill(`Taller creado por la prueba en Chromium (${lang}).`);
    await page.getByLabel(f.address).fill('Av. Reforma 100');
    await page.getByLabel(f.city).fill('Ciudad de México');
    await page.getByLabel(f.state).fill('CDMX');
    await page.getByLabel(f.googleMapsUrl).fill('https://maps.google.com/?q=19.43,-99.13');
    await page.getByLabel(f.latitude).fill('19.4326077');
    await page.getByLabel(f.longitude).fill('-99.133208');
    await page.getByRole('checkbox', { name: 'Armería' }).check();
    await page.getByRole('checkbox', { name: 'Mantenimiento' }).check();
    await page.getByRole('checkbox', { name: 'Capacitación' }).check();
    await page.getByRole('checkbox', { name: 'Caza' }).check();
    await page.getByLabel(A.logoUpload).setInputFiles(logoFile);
    await page.getByText(A.logoUploaded).waitFor();
    await page.getByLabel(A.mapUpload).setInputFiles(mapFile);
    await page.getByText(A.mapUploaded).waitFor();
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await toast(A.shopCreated);
    await page.waitForURL(`${product.url}/admin`);
    await searchDashboard(page, A.searchShops, shopName);
    const card = page.getByTestId('shop-row').filter({ hasText: shopName });
    const logoSrc = await card.locator('img').first().getAttribute('src');
    expect(logoSrc).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const logo = await page.request.get(`${product.url}${logoSrc}`);
    expect(logo.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await logo.body(), readFileSync(logoFile))).toBe(0);

    await pub.goto(`${product.url}/?q=${encodeURIComponent(shopName)}`);
    await publicCard(shopName).waitFor();
    expect(await publicCard(shopName).getByText(T.verified, { exact: true }).count()).toBe(0);
    await publicCard(shopName).getByText('+1').waitFor();
    await waitForDirectory(pub);
    await publicCard(shopName).getByRole('link', { name: shopName, exact: true }).click();
    const dialog = pub.getByRole('dialog', { name: shopName }); // the shop's detail dialog
    await dialog.getByRole('heading', { level: 2, name: shopName }).waitFor();
    const map = dialog.getByRole('img', { name: T.mapAlt(shopName) });
    await map.scrollIntoViewIfNeeded();
    await eventually(() => map.evaluate((img) => img.complete && img.naturalWidth), 600);
    expect(await map.getAttribute('src')).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const shownLogo = dialog.getByRole('img', { name: new RegExp(shopName) }).first();
    await eventually(() => shownLogo.evaluate((img) => img.complete && img.naturalWidth), 64);
  });

  step('verify it: the public listing shows it as verified', async () => {
    const { product, page, pub } = journey;
    await page.getByRole('button', { name: A.edit(shopName) }).click();
    await page.waitForURL(/\/admin\/shops\/edit\/[0-9a-f-]{36}$/);
    state.shopId = page.url().split('/').pop();
    await eventually(() => page.getByLabel(A.fields.name).inputValue(), shopName);
    await expectTitle(A.editShopTitle);
    await expectAccessible(page, `the ${lang} edit shop form`);
    await page.getByLabel(A.verify).check();
    await page.getByRole('button', { name: A.update }).click();
    await toast(A.shopUpdated);
    await page.waitForURL(`${product.url}/admin`);
    const api = await (await page.request.get(`${product.url}/api/shops/${state.shopId}`)).json();
    expect(api.isVerified).toBe('true');
    await pub.goto(`${product.url}/?q=${encodeURIComponent(shopName)}`);
    await publicCard(shopName).getByText(T.verified, { exact: true }).waitFor();
  });

  step('activity: the log shows who verified it, and so does the shop’s own history', async () => {
    const { product, page } = journey;
    await page.getByRole('button', { name: A.activity }).click();
    await page.waitForURL(`${product.url}/admin/activity`);
    await page.getByRole('heading', { level: 1, name: A.activity }).waitFor();
    const row = page.getByRole('row').filter({ hasText: A.activityVerified }).filter({ hasText: shopName });
    await row.getByRole('cell', { name: ADMIN_USER, exact: true }).waitFor();
    await expectAccessible(page, `the ${lang} activity page`);
    await row.getByRole('link', { name: shopName }).click();
    await page.waitForURL(`${product.url}/admin/shops/edit/${state.shopId}`);
    await page.getByTestId('shop-history').getByText(A.lastChangedBy(ADMIN_USER)).waitFor();
    await page.getByRole('button', { name: A.backToDashboard }).click();
    await page.waitForURL(`${product.url}/admin`);
  });
}
