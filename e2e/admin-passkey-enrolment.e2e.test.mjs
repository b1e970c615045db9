// The second-factor policy with a passkey instead of an app, in each language, with Chromium's
// virtual authenticator: the password alone leads to the enrolment page (no "Login
// Successful"), which offers a passkey; adding one opens the panel, and the next login asks for
// it after the password. Keyboard only; axe (WCAG 2.2 A/AA) at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { expectAccessible } from './support/axe.mjs';
import { launchChromium, openPage, withArtifacts } from './support/browser.mjs';
import { tabTo, untilFocused } from './support/keyboard.mjs';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { startProduct } from './support/servers.mjs';

const PASSWORD = 'faro-del-este-31';

describe.each(['es', 'en'])('a passkey as the factor the policy requires (%s)', (lang) => {
  const A = ADMIN[lang];
  const T = LOCALES[lang].admin;
  let product;
  let browser;
  let window;
  let site;

  beforeAll(async () => {
    // MFA_REQUIRED unset: the new installation's own default (required) decides.
    [product, browser] = await Promise.all([startProduct({ MFA_REQUIRED: '' }), launchChromium()]);
    site = product.url.replace('127.0.0.1', 'localhost');
    const created = await fetch(`${product.url}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
    window = await openPage(browser, { language: lang });
    const cdp = await window.context.newCDPSession(window.page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await window?.context.close().catch(() => {});
    await browser?.close();
    await product?.stop();
  });

  const step = (title, run) =>
    test(title, () =>
      withArtifacts(
        `passkey-enrolment-${lang}-${title}`,
        () => [window.page],
        () => run(window.page),
      ),
    );

  /** The login form with the keyboard: it starts in the username field. */
  async function givePassword(page) {
    await page.goto(`${site}/admin/login`);
    const username = page.getByLabel(A.username);
    await untilFocused(username);
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
  }

  step('the password leads to enrolment, where a passkey is added (keyboard only)', async (page) => {
    await givePassword(page);
    await page.getByRole('heading', { level: 1, name: T.mfa.enrol.pageTitle }).waitFor();
    const addPasskey = page.getByRole('button', { name: T.passkeys.add });
    await addPasskey.waitFor();
    // The app's key is ready too: both ways are offered.
    await page.getByTestId('totp-secret').waitFor();
    expect(await page.getByText(T.login.success.title).count()).toBe(0);
    await expectAccessible(page, `the ${lang} enrolment page with a passkey`);
    await tabTo(page, addPasskey, { max: 10 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').filter({ hasText: T.passkeys.addTitle });
    const nameField = dialog.getByLabel(T.passkeys.name);
    await untilFocused(nameField);
    await page.keyboard.type(lang === 'es' ? 'Teléfono' : 'Phone');
    await page.keyboard.press('Enter');
    await page.getByText(A.panelTitle).first().waitFor();
    expect((await page.request.get(`${site}/api/admin/users`)).status()).toBe(200);
  });

  step('the next login asks for the passkey after the password (keyboard only)', async (page) => {
    await page.request.post(`${site}/api/auth/logout`);
    await givePassword(page);
    await page.getByRole('heading', { name: T.mfa.login.title }).waitFor();
    // The passkey is the account's only way: its button is the step's first control, focused.
    const usePasskey = page.getByRole('button', { name: T.mfa.login.passkey });
    await untilFocused(usePasskey);
    await page.keyboard.press('Enter');
    await page.getByText(A.panelTitle).first().waitFor();
    expect((await page.request.get(`${site}/api/auth/me`)).status()).toBe(200);
  });
});
