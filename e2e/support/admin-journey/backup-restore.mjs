// Backup and restore: both downloads saved and read, the shop deleted and brought back from the
// downloaded ZIP with upload progress, a file that is not a ZIP refused.
import { expect } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { searchDashboard } from '../admin-dashboard.mjs';
import { expectAccessible } from '../axe.mjs';
import { tabTo, untilFocused } from '../keyboard.mjs';
import { zipEntryNames } from '../zip.mjs';

/** Registers these steps of the admin journey, in order; `journey` holds what the steps share. */
export function backupRestoreSteps(journey) {
  const { lang, A, T, E, shopName, logoFile, downloads, state, step, toast, publicCard } = journey;

  step('backup: the complete ZIP and the JSON data are downloaded to disk', async () => {
    const { product, page } = journey;
    await page.getByRole('button', { name: A.backup }).click();
    await page.waitForURL(`${product.url}/admin/backup`);
    await page.getByText(A.totalShops).waitFor();
    await expectAccessible(page, `the ${lang} backup page`);
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: A.fullButton }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^atm-directory-backup-\d{4}-\d{2}-\d{2}\.zip$/);
    state.zipPath = path.join(downloads, `${lang}-${zip.suggestedFilename()}`);
    await zip.saveAs(state.zipPath);
    await toast(A.fullCreated);
    const names = zipEntryNames(readFileSync(state.zipPath));
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'shops.json', 'activity.json']));
    // The demo map plus this shop's logo and map at least.
    expect(names.filter((name) => name.startsWith('images/')).length).toBeGreaterThanOrEqual(3);

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: A.dataButton }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/\.json$/);
    const jsonPath = path.join(downloads, `${lang}-${json.suggestedFilename()}`);
    await json.saveAs(jsonPath);
    await toast(A.dataCreated);
    const data = JSON.parse(readFileSync(jsonPath, 'utf8'));
    const shops = Array.isArray(data) ? data : data.shops;
    expect(shops).toHaveLength(state.demoCount + 1);
    expect(shops.find((shop) => shop.name === shopName)?.isVerified).toBe('true');
  });

  step('backup page at 390 px: the Recommended badge lies inside its card', async () => {
    const { page } = journey;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const card = await page.getByTestId('full-backup-card').boundingBox();
      const badge = page.getByTestId('recommended-badge');
      await badge.getByText(A.recommended, { exact: true }).waitFor();
      const box = await badge.boundingBox();
      // Inside the card, and not hidden by the title's overflow (what a person would see).
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
      const visible = await badge.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const title = element.closest('.ant-card-head-title').getBoundingClientRect();
        return rect.right <= title.right + 0.5 && rect.bottom <= title.bottom + 0.5;
      });
      expect(visible).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  step('delete the shop: it disappears from the public listing', async () => {
    const { product, page, pub } = journey;
    await page.getByRole('button', { name: A.backToDashboard }).click();
    await page.waitForURL(`${product.url}/admin`);
    await searchDashboard(page, A.searchShops, shopName);
    // Delete and then a reflexive Enter must not delete: the confirmation
    // starts on the safe choice. Then Tab to the delete button and Enter deletes.
    const deleteButton = page.getByRole('button', { name: A.deleteShop(shopName) });
    await deleteButton.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog');
    await confirm.getByText(A.deleteShopConfirm(shopName)).waitFor();
    const cancel = confirm.getByRole('button', { name: A.cancel });
    await untilFocused(cancel);
    await expectAccessible(page, `the ${lang} delete confirmation`);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached' });
    expect((await page.request.get(`${product.url}/api/shops/${state.shopId}`)).status()).toBe(200);
    await untilFocused(deleteButton);
    await page.keyboard.press('Enter');
    await untilFocused(cancel);
    await tabTo(page, confirm.getByRole('button', { name: A.deleteOk }), { max: 3 });
    await page.keyboard.press('Enter');
    await toast(A.shopDeleted);
    await page.getByTestId('shop-row').filter({ hasText: shopName }).waitFor({ state: 'detached' });
    expect((await page.request.get(`${product.url}/api/shops/${state.shopId}`)).status()).toBe(404);
    await pub.goto(`${product.url}/?q=${encodeURIComponent(shopName)}`);
    await pub.getByRole('heading', { name: T.emptyTitle }).waitFor();
  });

  step('restore the downloaded ZIP with upload progress: the shop is back', async () => {
    const { product, context, page, pub } = journey;
    await page.getByRole('button', { name: A.backup }).click();
    await page.waitForURL(`${product.url}/admin/backup`);
    await page.getByText(A.totalShops).waitFor();
    // A slower uplink (as on a phone) so the upload's progress can be watched.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    await page.getByLabel(A.choose).setInputFiles(state.zipPath);
    const confirm = page.getByRole('dialog').filter({ hasText: A.restoreTitle });
    await confirm.getByTestId('restore-summary').getByText(path.basename(state.zipPath)).waitFor();
    await expectAccessible(page, `the ${lang} restore confirmation`);
    // Every progress value the page shows, recorded by the page itself as it changes.
    const body = page.locator('body');
    await body.evaluate((element) => {
      const win = element.ownerDocument.defaultView;
      win.progressSeen = [];
      new win.MutationObserver(() => {
        for (const bar of element.querySelectorAll('[role="progressbar"]'))
          win.progressSeen.push(Number(bar.getAttribute('aria-valuenow')));
      }).observe(element, { subtree: true, childList: true, attributes: true });
    });
    await confirm.getByRole('button', { name: A.restoreOk }).click();
    await page.getByText(A.uploading, { exact: true }).waitFor();
    await page
      .getByText(A.restored, { exact: true })
      .or(page.getByText(A.restoreFailed).first())
      .waitFor({ timeout: 120_000 });
    const seen = await body.evaluate((element) => element.ownerDocument.defaultView.progressSeen);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();
    await page.getByText(A.restored, { exact: true }).waitFor({ timeout: 1_000 });
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);

    const restored = await (await page.request.get(`${product.url}/api/shops/${state.shopId}`)).json();
    expect(restored.name).toBe(shopName);
    expect(restored.isVerified).toBe('true');
    const logo = await page.request.get(`${product.url}${restored.logo}`);
    expect(logo.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await logo.body(), readFileSync(logoFile))).toBe(0);
    await page.getByRole('button', { name: A.backToDashboard }).click();
    await searchDashboard(page, A.searchShops, shopName);
    await pub.goto(`${product.url}/?q=${encodeURIComponent(shopName)}`);
    await publicCard(shopName).getByText(T.verified, { exact: true }).waitFor();
    const all = await (await page.request.get(`${product.url}/api/shops`)).json();
    expect(all).toHaveLength(state.demoCount + 1);
  });

  step('a file that is not a ZIP is refused, by the page and by the server', async () => {
    const { product, page } = journey;
    await page.getByRole('button', { name: A.backup }).click();
    await page.getByText(A.totalShops).waitFor();
    await page.getByLabel(A.choose).setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('esto no es un respaldo'),
    });
    await page.getByText(A.invalidType, { exact: true }).waitFor();
    await page.getByText(A.invalidTypeDescription, { exact: true }).waitFor();
    expect(await page.getByText(A.restoreTitle).count()).toBe(0);
    // Named .zip but holding a PNG: the server's preview (a dry run) refuses it before any
    // confirmation is offered.
    await page.getByLabel(A.choose).setInputFiles({
      name: 'respaldo-falso.zip',
      mimeType: 'application/zip',
      buffer: readFileSync(logoFile),
    });
    await page.getByText(A.restoreFailed).first().waitFor();
    expect(await page.getByRole('dialog').filter({ hasText: A.restoreTitle }).count()).toBe(0);
    // The server's reason (BACKUP_INVALID_FILE: not a ZIP inside) in the page's language,
    // after the spec's sentence.
    await page.getByText(E.BACKUP_INVALID_FILE, { exact: false }).first().waitFor();
    const all = await (await page.request.get(`${product.url}/api/shops`)).json();
    expect(all).toHaveLength(state.demoCount + 1);
  });
}
