// Authenticator codes in the browser, in each language, with the keyboard alone: a new
// installation sends the first admin to enrolment right after the password; the test scans the QR
// code as a phone's app would (its picture decoded with jsQR), checks that the key written below
// it (what a screen reader reads) is the same, and computes codes with otplib at offset clocks,
// so each code differs. Then: log out, log in with a code; a reused code is refused; a recovery
// code works once; ten wrong codes are throttled. axe (WCAG 2.2 A/AA) passes on the enrolment and
// second-factor screens at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import jsQR from 'jsqr';
import { generate } from 'otplib';
import { PNG } from 'pngjs';
import { expectAccessible } from './support/axe.mjs';
import { eventually, launchChromium, openPage, withArtifacts } from './support/browser.mjs';
import { tabTo } from './support/keyboard.mjs';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { startProduct } from './support/servers.mjs';

const PASSWORD = 'faro-del-norte-22';
const STEP_MS = 30_000;
/** Typing a code and sending it takes a few seconds at most, even on a loaded machine. */
const MARGIN_MS = 5_000;

/**
 * The app's code at `offsetSeconds` from now (the server accepts one 30 s step either side).
 * Near the end of a step it waits for the next one: a -30 code typed as the step turns reaches
 * the server two steps old, and is refused.
 */
async function codeAt(secret, offsetSeconds = 0) {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

describe.each(['es', 'en'])('authenticator codes (%s)', (lang) => {
  const A = ADMIN[lang];
  const T = LOCALES[lang].admin;
  let product;
  let browser;
  let page;
  let context;
  let secret;
  let recoveryCodes;

  beforeAll(async () => {
    // MFA_REQUIRED unset: the new installation's own default (required) decides.
    [product, browser] = await Promise.all([startProduct({ MFA_REQUIRED: '' }), launchChromium()]);
    const created = await fetch(`${product.url}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
    ({ context, page } = await openPage(browser, { language: lang }));
  }, 120_000);
  afterAll(async () => {
    await context?.close().catch(() => {});
    await browser?.close();
    await product?.stop();
  });

  /** Username and password through the login form, with the keyboard. */
  async function givePassword() {
    await page.goto(`${product.url}/admin/login`);
    await page.getByLabel(A.username).fill('admin');
    await page.getByLabel(A.password, { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
  }
  /** The second-factor screen: type a code and press Enter. */
  async function giveCode(code) {
    const field = page.getByLabel(T.mfa.login.code, { exact: true });
    await field.waitFor();
    await field.fill(code);
    await field.press('Enter');
  }
  async function logOut() {
    await page.request.post(`${product.url}/api/auth/logout`);
  }

  /** The otpauth link in a QR code on the page, read from its picture as a phone's camera would. */
  async function scan(picture) {
    const png = PNG.sync.read(await picture.screenshot());
    const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    if (!found) throw new Error('No QR code could be read from the picture');
    return new URL(found.data);
  }

  test('the policy takes the first admin to enrolment; the QR code is scanned', async () => {
    await withArtifacts(
      `mfa-enrol-${lang}`,
      () => [page],
      async () => {
        await givePassword();
        await page.getByRole('heading', { level: 1, name: T.mfa.enrol.pageTitle }).waitFor();
        const secretText = page.getByTestId('totp-secret');
        await secretText.waitFor();
        const qr = page.getByAltText(T.mfa.enrol.qrAlt.replace('{{username}}', 'admin'));
        await qr.waitFor();
        await expectAccessible(page, `the ${lang} enrolment page`);
        const link = await scan(qr);
        expect(link.protocol).toBe('otpauth:');
        expect(link.host).toBe('totp');
        secret = link.searchParams.get('secret');
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        expect((await secretText.innerText()).replace(/\s+/g, '')).toBe(secret);
        const code = page.getByLabel(T.mfa.enrol.code);
        await tabTo(page, code, { max: 20 });
        await page.keyboard.type(await codeAt(secret, -30));
        await page.keyboard.press('Enter');
        const list = page.getByTestId('recovery-codes');
        await list.waitFor();
        recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
        expect(recoveryCodes).toHaveLength(10);
        await expectAccessible(page, `the ${lang} recovery codes`);
        await tabTo(page, page.getByRole('button', { name: T.mfa.enrol.done }), { max: 10 });
        await page.keyboard.press('Enter');
        await page.getByText(A.panelTitle).first().waitFor();
      },
    );
  });

  test('log out, log in with a code; the same code again is refused', async () => {
    await withArtifacts(
      `mfa-login-${lang}`,
      () => [page],
      async () => {
        await logOut();
        await givePassword();
        await page.getByRole('heading', { name: T.mfa.login.title }).waitFor();
        await expectAccessible(page, `the ${lang} second-factor screen`);
        const code = await codeAt(secret);
        await giveCode(code);
        await page.getByText(A.panelTitle).first().waitFor();
        await logOut();
        await givePassword();
        await giveCode(code);
        await page.getByTestId('login-error').getByText(T.errors.SECOND_FACTOR_INVALID).waitFor();
        await giveCode(await codeAt(secret, 30));
        await page.getByText(A.panelTitle).first().waitFor();
      },
    );
  });

  test('a recovery code works once', async () => {
    await withArtifacts(
      `mfa-recovery-${lang}`,
      () => [page],
      async () => {
        await logOut();
        await givePassword();
        await giveCode(recoveryCodes[0]);
        await page.getByText(A.panelTitle).first().waitFor();
        await logOut();
        await givePassword();
        await giveCode(recoveryCodes[0]);
        await page.getByTestId('login-error').getByText(T.errors.SECOND_FACTOR_INVALID).waitFor();
        await giveCode(recoveryCodes[1]);
        await page.getByText(A.panelTitle).first().waitFor();
      },
    );
  });

  test('ten wrong codes in a row are throttled', async () => {
    await withArtifacts(
      `mfa-throttle-${lang}`,
      () => [page],
      async () => {
        await logOut();
        await givePassword();
        for (let i = 0; i < 10; i += 1) {
          await giveCode('000000');
          await page.getByTestId('login-error').getByText(T.errors.SECOND_FACTOR_INVALID).waitFor();
          // The next attempt's error must be its own: the form empties the field after each refusal.
          await eventually(() => page.getByLabel(T.mfa.login.code, { exact: true }).inputValue(), '');
        }
        await giveCode(await codeAt(secret, 30));
        const throttled = T.errors.TOO_MANY_LOGIN_ATTEMPTS_other.split('{{')[0];
        await page.getByTestId('login-error').getByText(throttled, { exact: false }).waitFor();
      },
    );
  });
});
