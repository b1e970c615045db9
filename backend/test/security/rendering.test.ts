import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../tools/chromium.mjs';
import { shopBody } from '../support/fixtures.js';
import { loggedInAdmin } from '../support/http.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const SHELL_INDEX = fileURLToPath(new URL('../../../frontend-shell/dist/index.html', import.meta.url));

/** Each payload sets window.__pwned (or opens a dialog) if the page ever runs it as markup. */
const PAYLOADS = {
  name: '<img src=x onerror="window.__pwned=\'name\'">Armería <b>Tóxica</b>',
  description: '<script>window.__pwned="description"</script><svg onload="window.__pwned=\'svg\'"></svg>',
  address: '"><iframe src="javascript:window.__pwned=\'address\'"></iframe>',
  city: '<a href="javascript:alert(1)">Puebla</a>',
  category: '<img src=y onerror=alert(document.cookie)>',
};

describe.each(ANY_DIALECT)('security: HTML in shop texts is shown as text in Chromium on %s', (dialect) => {
  let server: Started;
  let browser: Browser;
  let shopId: string;

  beforeAll(async () => {
    if (!existsSync(SHELL_INDEX)) {
      throw new Error(
        'frontend-shell/dist is missing: run `npm run build` (npm test does) before this suite',
      );
    }
    server = await startAppOnFreshDatabase(dialect);
    const admin = await loggedInAdmin(server.url);
    const created = await admin
      .post('/api/admin/shops')
      .send(
        shopBody({
          name: PAYLOADS.name,
          description: PAYLOADS.description,
          address: PAYLOADS.address,
          city: PAYLOADS.city,
          categories: [PAYLOADS.category, 'Armería'],
        }),
      )
      .expect(201);
    shopId = created.body.id;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('#18 names, descriptions, addresses, cities and categories are text: no script runs, no element is injected', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // The hostile text also arrives through the URL (shared filter and shop links).
    const query = new URLSearchParams({ q: 'Tóxica', shop: shopId });
    await page.goto(`${server.url}/?${query}`);

    // A shared `?shop=<id>` link lands on the shop's own page (server-rendered, then hydrated).
    const shopPage = page.locator('article.atm-shop__article');
    await shopPage.waitFor({ timeout: 30_000 });
    // The exact characters are on screen, as text, on the shop's page.
    await expect(shopPage.getByText(PAYLOADS.description, { exact: true }).count()).resolves.toBe(1);
    await expect(shopPage.getByText(PAYLOADS.category, { exact: true }).count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: PAYLOADS.name }).count()).resolves.toBeGreaterThan(0);
    const pageText = await shopPage.innerText();
    expect(pageText).toContain(PAYLOADS.address);
    expect(pageText).toContain(PAYLOADS.city);

    // Nothing ran and nothing was parsed into elements, on the page.
    // An injected <img src=x> or <iframe> would have loaded or failed, and run its handler, by
    // the time the network is idle and every image has settled.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction('Array.from(document.images).every((image) => image.complete)');
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(dialogs).toEqual([]);
    const injected = await page.evaluate(
      `document.querySelectorAll('img[src="x"], img[src="y"], iframe, svg[onload], a[href^="javascript:"]').length`,
    );
    expect(injected).toBe(0);
    await page.close();

    // The same data through the search box typed by a visitor.
    const typed = await browser.newPage();
    typed.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await typed.goto(`${server.url}/?q=${encodeURIComponent('<script>window.__pwned="q"</script>')}`);
    await typed
      .getByRole('searchbox')
      .or(typed.locator('input[type="search"]'))
      .first()
      .waitFor({ timeout: 30_000 });
    await typed.waitForLoadState('networkidle');
    expect(await typed.evaluate('window.__pwned')).toBeUndefined();
    expect(dialogs).toEqual([]);
    await typed.close();
  });
});
