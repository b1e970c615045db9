// The back office's promise, proven in the browser in one language on a fresh data folder: from an empty
// database to a first admin, login (and the route guard), a shop created with an uploaded logo
// and map image, seen in the public directory, verified (and the activity log says by whom),
// backed up (both downloads), deleted, restored from the downloaded ZIP (with upload progress),
// a non-ZIP refused, a second admin added, reset and deleted (the last-admin rule), my password
// changed, logout. Each language is its own test file (admin-es, admin-en), so Jest can run the
// two journeys side by side. The steps live in admin-journey/, one module per part of the journey.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN, LOCALES } from './admin-texts.mjs';
import { accessibilitySteps } from './admin-journey/accessibility.mjs';
import { backupRestoreSteps } from './admin-journey/backup-restore.mjs';
import { shopSteps } from './admin-journey/shops.mjs';
import { signInSteps } from './admin-journey/sign-in.mjs';
import { userAndPasswordSteps } from './admin-journey/users-passwords.mjs';
import { eventually, launchChromium, openPage, unexpectedErrors, withArtifacts } from './browser.mjs';
import { makePng } from './images.mjs';
import { startProduct } from './servers.mjs';
import { TEXTS } from './texts.mjs';

/** The whole admin journey in `lang` ('es' or 'en'), with its own browser and product. */
export function describeAdminJourney(lang) {
  let browser;
  const downloads = mkdtempSync(path.join(tmpdir(), 'atm-e2e-downloads-'));
  const logoFile = path.join(downloads, 'logo.png');
  const mapFile = path.join(downloads, 'mapa.png');

  beforeAll(async () => {
    browser = await launchChromium();
    writeFileSync(logoFile, makePng(64, 64, [180, 20, 40]));
    // Random pixels do not compress: ~1 MB, so the restore upload lasts long enough to show progress.
    writeFileSync(mapFile, makePng(600, 600, undefined, { noise: true }));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(downloads, { recursive: true, force: true });
  });

  const A = ADMIN[lang];
  const T = TEXTS[lang];
  /** What each API error code shows in this language (the admin's errors.<CODE>). */
  const E = LOCALES[lang].admin.errors;
  const shopName = lang === 'es' ? 'Armería Prueba Navegador' : 'Browser Test Gunsmith';
  const passwords = {
    first: `primera-clave-${lang}`,
    changed: `nueva-clave-${lang}`,
    second: 'segunda-1-brújula',
    reset: 'reseteada-2',
  };

  describe(`admin journey (${lang})`, () => {
    let product;
    let context;
    let page; // the admin's tab
    let pub; // a visitor's window in the same browser, in the admin's language
    let publicContext;
    let failed = false;
    const state = {};

    beforeAll(async () => {
      product = await startProduct();
      ({ context, page } = await openPage(browser));
      // A window of its own, not a second tab: headless Chromium gives a background tab about
      // one animation frame a second, and Playwright waits for two before every click.
      ({ context: publicContext, page: pub } = await openPage(browser, { language: lang }));
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      await publicContext?.close();
      await product?.stop();
    });

    /** One step of the journey; after a failed step the rest fail at once instead of timing out. */
    const step = (name, body) =>
      test(name, async () => {
        if (failed) throw new Error('not run: an earlier step of this journey failed');
        try {
          await withArtifacts(`admin-${lang}-${name}`, () => [page, pub], body);
        } catch (error) {
          failed = true;
          throw error;
        }
      });

    const me = async (target = page) => (await target.request.get(`${product.url}/api/auth/me`)).status();
    const login = async (username, password, target = page) => {
      await target.getByLabel(A.username).fill(username);
      await target.getByLabel(A.password, { exact: true }).fill(password);
      await target.getByRole('button', { name: A.submit, exact: true }).click();
    };
    const toast = (text, target = page) => target.getByText(text, { exact: true }).first().waitFor();
    // A listing card: the one whose link is named by the shop's name (it leads to the shop's page).
    const publicCard = (name) =>
      pub.locator('.atm-dir-card').filter({ has: pub.getByRole('link', { name, exact: true }) });
    /** The page has its own document title, in the admin's language. */
    const expectTitle = async (pageTitle) => eventually(() => page.title(), A.documentTitle(pageTitle));

    // What the step modules share. The browser, the product and the windows are opened in
    // beforeAll: read them through the getters, inside a step.
    const journey = {
      lang,
      A,
      T,
      E,
      shopName,
      passwords,
      logoFile,
      mapFile,
      downloads,
      state,
      step,
      me,
      login,
      toast,
      publicCard,
      expectTitle,
      get browser() {
        return browser;
      },
      get product() {
        return product;
      },
      get context() {
        return context;
      },
      get page() {
        return page;
      },
      get pub() {
        return pub;
      },
    };

    // The steps run in this order, each on what the ones before it left.
    signInSteps(journey);
    shopSteps(journey);
    backupRestoreSteps(journey);
    userAndPasswordSteps(journey);
    accessibilitySteps(journey);

    step('no unexpected errors in the console of either tab', async () => {
      // Expected: 401s while logged out, the refused fake ZIP (400), the refused logins, the
      // unknown shop and admin path (404), the taken username (409).
      const expected = /status of (400|401|404|409)/;
      expect(unexpectedErrors(page, expected)).toEqual([]);
      expect(unexpectedErrors(pub, expected)).toEqual([]);
    });
  });
}
