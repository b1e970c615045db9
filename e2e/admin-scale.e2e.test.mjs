// The dashboard at scale, in Chromium against the built product: 2,000 shops (seeded in
// seconds through the real restore endpoint, as the bench does), then from the dashboard: a
// second page, a sort by city, the unverified filter, back to the previous view, and 50 shops
// verified with one confirmation; the public listing then shows them verified.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { restoreShops } from '../bench/lib/web-seed.mjs';
import { eventually, launchChromium, openPage, withArtifacts } from './support/browser.mjs';
import { ADMIN } from './support/admin-texts.mjs';
import { startProduct } from './support/servers.mjs';
import { TEXTS } from './support/texts.mjs';

const SHOPS = 2000;
const CREDENTIALS = { username: 'admin', password: 'clave-de-escala-1' };
const A = ADMIN.es;
const T = TEXTS.es;

describe('dashboard at 2,000 shops (es)', () => {
  let browser;
  let product;
  let context;
  let page;
  let seeded;

  beforeAll(async () => {
    [browser, product] = await Promise.all([launchChromium(), startProduct()]);
    const json = { 'content-type': 'application/json' };
    const created = await fetch(`${product.url}/api/auth/create-admin`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(CREDENTIALS),
    });
    expect(created.status).toBe(201);
    const login = await fetch(`${product.url}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(CREDENTIALS),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith('atm.sid='))
      .split(';')[0];
    seeded = await restoreShops(product.url, cookie, SHOPS);
    ({ context, page } = await openPage(browser));
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await product?.stop();
  });

  const rows = () => page.getByTestId('shop-row');
  const firstRowName = () => rows().first().locator('strong').textContent();
  const api = async (query) =>
    (await page.request.get(`${product.url}/api/admin/shops?${new URLSearchParams(query)}`)).json();

  test('pages, sorts, filters and bulk-verifies 50 shops; the public listing shows them verified', () =>
    withArtifacts(
      'admin-scale',
      () => [page],
      async () => {
        expect(seeded.answer).toBeDefined();
        await page.goto(`${product.url}/admin/login`);
        await page.getByLabel(A.username).fill(CREDENTIALS.username);
        await page.getByLabel(A.password, { exact: true }).fill(CREDENTIALS.password);
        await page.getByRole('button', { name: A.submit, exact: true }).click();
        await page.waitForURL(`${product.url}/admin`);
        await rows().first().waitFor();
        const all = await api({});
        expect(all.stats.total).toBeGreaterThanOrEqual(SHOPS);
        expect(await rows().count()).toBe(20);
        await page.getByText(A.dashboardTotal(all.stats.total)).waitFor();

        // Page 2, through the pagination.
        await page.locator('.ant-pagination-item-2').click();
        await page.waitForURL(/[?&]page=2\b/);
        await eventually(firstRowName, (await api({ page: 2 })).items[0].name);

        // Sorted by city, through the column header.
        await page.getByRole('columnheader', { name: A.columnCity }).click();
        await page.waitForURL(/[?&]sort=city\b/);
        expect(page.url()).not.toMatch(/[?&]page=/); // a new order starts at page 1
        const byCity = await api({ sort: 'city' });
        await eventually(firstRowName, byCity.items[0].name);

        // Back returns to page 2 by name; forward to the city order.
        await page.goBack();
        await page.waitForURL(/[?&]page=2\b/);
        await page.goForward();
        await page.waitForURL(/[?&]sort=city\b/);

        // The unverified ones, 50 to a page (the page size lives in the URL too).
        // A button-style radio: its input has no size, its label is what a person presses.
        await page.locator('label', { has: page.getByRole('radio', { name: A.filterUnverified }) }).click();
        await page.waitForURL(/[?&]verified=false\b/);
        await page.goto(`${page.url()}&pageSize=50`);
        await eventually(() => rows().count(), 50);
        const before = await api({ sort: 'city', verified: 'false', pageSize: 50 });
        const chosen = before.items.map((shop) => shop.id);
        await eventually(firstRowName, before.items[0].name);

        // Select the page, verify, one confirmation, one request.
        const bulkRequests = [];
        page.on(
          'request',
          (request) => request.url().endsWith('/api/admin/shops/bulk') && bulkRequests.push(request),
        );
        // antd names the header checkbox in English only ('Select all'): found by its place.
        await page.locator('thead input[type="checkbox"]').check();
        await page.getByTestId('selected-count').getByText(A.selected(50)).waitFor();
        await page.getByRole('button', { name: A.bulkVerify, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(A.bulkVerifyConfirm(50)).waitFor();
        await dialog.getByRole('button', { name: A.bulkVerify, exact: true }).click();
        await page.getByText(A.bulkVerified(50), { exact: true }).first().waitFor();
        expect(bulkRequests).toHaveLength(1);
        await page.getByText(A.dashboardTotal(before.total - 50)).waitFor();
        const after = await api({});
        expect(after.stats.verified).toBe(all.stats.verified + 50);

        // The public listing, on its next read.
        const listing = await (await page.request.get(`${product.url}/api/shops`)).json();
        const verified = new Set(listing.filter((shop) => shop.isVerified === 'true').map((shop) => shop.id));
        expect(chosen.every((id) => verified.has(id))).toBe(true);
        const pub = await context.newPage();
        const name = before.items[0].name;
        await pub.goto(`${product.url}/?q=${encodeURIComponent(name)}`);
        // A card is the article whose heading links to the shop's page (server-rendered too).
        await pub
          .locator('.atm-dir-card')
          .filter({ has: pub.getByRole('link', { name, exact: true }) })
          .first()
          .getByText(T.verified, { exact: true })
          .waitFor();
        await pub.close();
      },
    ));
});
