// Passkeys in the browser, in each language, with Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain: CTAP2, internal, resident keys, user verification): enrol a passkey
// from the users page, log out, sign in with the passkey alone, then with the password plus the
// passkey as the second step (the only way this account has, so no code field), confirm a dangerous action with it, and remove it. Every passkey screen passes axe (WCAG 2.2 A/AA) at 390 and 1280 px, and the
// whole flow is done with the keyboard.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expectAccessible } from './support/axe.mjs';
import { eventually, launchChromium, openPage, withArtifacts } from './support/browser.mjs';
import { expectFocusRing, focusIsWithin, tabTo, untilFocused } from './support/keyboard.mjs';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { startProduct } from './support/servers.mjs';

const PASSWORD = 'faro-del-norte-22';

describe.each(['es', 'en'])('passkeys (%s)', (lang) => {
  const A = ADMIN[lang];
  const T = LOCALES[lang].admin;
  let product;
  let browser;
  let site;
  let window;
  let authenticator;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchChromium()]);
    // WebAuthn needs a domain for the relying party: localhost (a secure context over http).
    site = product.url.replace('127.0.0.1', 'localhost');
    const created = await fetch(`${product.url}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
    window = await openPage(browser, { language: lang });
  }, 120_000);
  afterAll(async () => {
    await window?.context.close().catch(() => {});
    await browser?.close();
    await product?.stop();
  });

  /** A platform authenticator that holds discoverable passkeys and verifies the user without asking. */
  async function addVirtualAuthenticator(page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return {
      credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    };
  }

  /** As if the admin had left the desk: every session's last proof of identity 6 minutes old. */
  function ageAuthentication() {
    const db = new Database(path.join(product.dataDir, 'directory.sqlite'));
    try {
      for (const row of db.prepare('SELECT sid, data FROM session').all()) {
        const data = JSON.parse(row.data);
        data.authenticatedAt = Date.now() - 6 * 60_000;
        db.prepare('UPDATE session SET data = ? WHERE sid = ?').run(JSON.stringify(data), row.sid);
      }
    } finally {
      db.close();
    }
  }

  const name = lang === 'es' ? 'Portátil de prueba' : 'Test laptop';
  /** One step of the journey on the shared window, with artifacts when it fails. */
  const step = (title, run) =>
    test(title, () =>
      withArtifacts(
        `passkeys-${lang}-${title}`,
        () => [window.page],
        () => run(window.page),
      ),
    );
  const card = () => window.page.getByTestId('passkeys-card');

  step('enrol a passkey from the users page (keyboard only)', async (page) => {
    authenticator = await addVirtualAuthenticator(page);
    await page.goto(`${site}/admin/login`);
    await page.getByLabel(A.username).fill('admin');
    await page.getByLabel(A.password, { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText(A.panelTitle).first().waitFor();
    await page.goto(`${site}/admin/users`);
    await card().getByRole('heading', { name: T.passkeys.title }).waitFor();
    await card().getByText(T.passkeys.empty).waitFor();
    await page.getByTestId('session-row').first().waitFor();
    await expectAccessible(page, `the ${lang} users page with its passkeys`);
    await tabTo(page, card().getByRole('button', { name: T.passkeys.add }), { max: 80 });
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog').filter({ hasText: T.passkeys.addTitle });
    await dialog.waitFor();
    const nameField = dialog.getByLabel(T.passkeys.name);
    await untilFocused(nameField);
    await expectAccessible(page, `the ${lang} new passkey dialog`);
    // Submitting without a name says so beside the field.
    await page.keyboard.press('Enter');
    await dialog.getByText(T.passkeys.nameRequired).waitFor();
    await page.keyboard.type(name);
    await page.keyboard.press('Enter');
    await page.getByText(T.passkeys.added.replace('{{name}}', name)).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await card().getByTestId('passkey-row').filter({ hasText: name }).waitFor();
    await card().getByText(T.passkeys.neverUsed).waitFor();
    const [credential] = await authenticator.credentials();
    expect(credential.isResidentCredential).toBe(true);
    expect(credential.rpId).toBe('localhost');
  });

  step('log out, then sign in with the passkey alone (keyboard only)', async (page) => {
    // From the top of the dashboard, as a keyboard user starts.
    await page.goto(`${site}/admin`);
    await page.getByText(A.panelTitle).first().waitFor();
    await tabTo(page, page.getByRole('button', { name: A.logout }), { max: 30 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: A.loginTitle }).waitFor();
    const passkeyButton = page.getByRole('button', { name: T.login.passkey });
    await passkeyButton.waitFor();
    await expectAccessible(page, `the ${lang} login page with its passkey button`);
    await tabTo(page, passkeyButton, { max: 20 });
    await page.keyboard.press('Enter');
    await page.getByText(A.panelTitle).first().waitFor();
    expect((await page.request.get(`${site}/api/auth/me`)).status()).toBe(200);
  });

  step('log out, then sign in with the password plus the passkey (keyboard only)', async (page) => {
    await page.goto(`${site}/admin`);
    await page.getByText(A.panelTitle).first().waitFor();
    await tabTo(page, page.getByRole('button', { name: A.logout }), { max: 30 });
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: A.loginTitle }).waitFor();
    // The login form starts in the username field.
    const username = page.getByLabel(A.username);
    await untilFocused(username);
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    // The account has a passkey: the password alone opens nothing, the second step follows.
    await page.getByRole('heading', { name: T.mfa.login.title }).waitFor();
    expect((await page.request.get(`${site}/api/auth/me`)).status()).toBe(401);
    const usePasskey = page.getByRole('button', { name: T.mfa.login.passkey });
    await usePasskey.waitFor();
    // Only the step's own passkey button: the username-less sign-in is not offered here.
    expect(await page.getByRole('button', { name: T.login.passkey }).count()).toBe(0);
    // A passkey is this account's only way: no code field, no "or", a line saying to use the
    // passkey, and focus already on its button (the step's main action).
    await page.getByText(T.mfa.login.subtitlePasskey).waitFor();
    expect(await page.getByLabel(T.mfa.login.code, { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: T.mfa.login.submit }).count()).toBe(0);
    expect(await page.getByText(T.login.or, { exact: true }).count()).toBe(0);
    await untilFocused(usePasskey);
    await expectFocusRing(page);
    await expectAccessible(page, `the ${lang} second step with only its passkey button`);
    await page.keyboard.press('Space');
    await page.getByText(A.panelTitle).first().waitFor();
    expect((await page.request.get(`${site}/api/auth/me`)).status()).toBe(200);
  });

  step('remove it, confirming with the passkey when the desk was left (keyboard only)', async (page) => {
    await page.goto(`${site}/admin/users`);
    const row = card().getByTestId('passkey-row').filter({ hasText: name });
    await row.waitFor();
    await eventually(() => card().getByText(T.passkeys.neverUsed).count(), 0);
    ageAuthentication();
    const remove = card().getByRole('button', { name: T.passkeys.removeLabel.replace('{{name}}', name) });
    await tabTo(page, remove, { max: 80 });
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog').filter({ hasText: T.passkeys.removeTitle });
    await confirm.waitFor();
    await expectAccessible(page, `the ${lang} passkey removal confirmation`);
    // The confirmation starts on Cancel; Tab goes to Remove.
    const cancel = confirm.getByRole('button', { name: T.common.cancel });
    await untilFocused(cancel);
    await tabTo(page, confirm.getByRole('button', { name: T.passkeys.remove, exact: true }), { max: 3 });
    await page.keyboard.press('Enter');
    const prompt = page.getByRole('dialog').filter({ hasText: T.reauth.title });
    await prompt.waitFor();
    const usePasskey = prompt.getByRole('button', { name: T.reauth.usePasskey });
    await usePasskey.waitFor();
    await expectAccessible(page, `the ${lang} re-authentication prompt with a passkey`);
    expect(await focusIsWithin(prompt)).toBe(true);
    await tabTo(page, usePasskey, { max: 6 });
    await page.keyboard.press('Enter');
    await page.getByText(T.passkeys.removed.replace('{{name}}', name)).first().waitFor();
    await prompt.waitFor({ state: 'hidden' });
    await card().getByText(T.passkeys.empty).waitFor();
  });
});
