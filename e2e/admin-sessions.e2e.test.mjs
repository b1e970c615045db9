// Sessions and re-authentication in the browser, in each language: the users page lists my
// sessions; ending one from this browser logs the other browser out on its next request; a
// deletion without a recent password opens the "confirm it's you" prompt, and after the password
// the deletion goes on. Every screen passes axe (WCAG 2.2 A/AA) at 390 and 1280 px and the flow
// works with the keyboard alone.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import path from 'node:path';
import Database from 'better-sqlite3';
import { expectAccessible } from './support/axe.mjs';
import { eventually, launchChromium, openPage, withArtifacts } from './support/browser.mjs';
import { focusIsWithin, tabTo, untilFocused } from './support/keyboard.mjs';
import { ADMIN, LOCALES } from './support/admin-texts.mjs';
import { startProduct } from './support/servers.mjs';

const PASSWORD = 'faro-del-norte-22';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

describe.each(['es', 'en'])('sessions and re-authentication (%s)', (lang) => {
  const A = ADMIN[lang];
  const T = LOCALES[lang].admin;
  let product;
  let browser;
  const opened = [];

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchChromium()]);
    const created = await fetch(`${product.url}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    expect(created.status).toBe(201);
  }, 120_000);
  afterAll(async () => {
    for (const { context } of opened) await context.close().catch(() => {});
    await browser?.close();
    await product?.stop();
  });

  /** A browser window logged in as admin through the login form, with the keyboard. */
  async function loggedInWindow(options = {}) {
    const window = await openPage(browser, { language: lang, ...options });
    opened.push(window);
    const { page } = window;
    await page.goto(`${product.url}/admin/login`);
    await page.getByLabel(A.username).fill('admin');
    await page.getByLabel(A.password, { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText(A.panelTitle).first().waitFor();
    return page;
  }

  test('ending a session from another browser logs that browser out on its next request', async () => {
    const desk = await loggedInWindow();
    const phone = await loggedInWindow({ userAgent: ANDROID, viewport: { width: 390, height: 844 } });
    await withArtifacts(
      `sessions-${lang}`,
      () => [desk, phone],
      async () => {
        await desk.goto(`${product.url}/admin/users`);
        const rows = desk.getByTestId('session-row');
        await eventually(() => rows.count(), 2);
        await desk.getByRole('heading', { name: T.sessions.title }).waitFor();
        expect(await rows.filter({ hasText: T.sessions.current }).count()).toBe(1);
        await expectAccessible(desk, `the ${lang} sessions list`);
        const phoneName = 'Chrome 131 · Android 14';
        const end = desk.getByRole('button', {
          name: T.sessions.endOneLabel.replace('{{device}}', phoneName),
        });
        await tabTo(desk, end, { max: 80 });
        await desk.keyboard.press('Enter');
        await desk.getByText(T.sessions.ended.replace('{{device}}', phoneName)).first().waitFor();
        await eventually(() => rows.count(), 1);
        // The phone's next request finds no session: the login screen.
        await phone.reload();
        await phone.getByRole('heading', { name: A.loginTitle }).waitFor();
        expect((await phone.request.get(`${product.url}/api/auth/me`)).status()).toBe(401);
      },
    );
  });

  test('a deletion without a recent password asks for it, then goes on (keyboard only)', async () => {
    const page = await loggedInWindow();
    await withArtifacts(
      `reauth-${lang}`,
      () => [page],
      async () => {
        const created = await page.request.post(`${product.url}/api/admin/users`, {
          data: { username: `borrable-${lang}`, password: 'reloj-de-arena-azul' },
        });
        expect(created.status()).toBe(201);
        // As if the admin had left the desk: every session's password check 6 minutes old.
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
        await page.goto(`${product.url}/admin/users`);
        const remove = page.getByRole('button', { name: `${T.users.delete.button}: borrable-${lang}` });
        await remove.waitFor();
        await page.getByTestId('session-row').first().waitFor();
        await tabTo(page, remove, { max: 80 });
        await page.keyboard.press('Enter');
        const confirm = page.getByRole('dialog').filter({ hasText: T.users.delete.title });
        await confirm.waitFor();
        // The confirmation starts on Cancel; Tab goes to Delete.
        const cancel = confirm.getByRole('button', { name: T.common.cancel });
        await untilFocused(cancel);
        await tabTo(page, confirm.getByRole('button', { name: T.common.delete, exact: true }), { max: 3 });
        await page.keyboard.press('Enter');
        const prompt = page.getByRole('dialog').filter({ hasText: T.reauth.title });
        await prompt.waitFor();
        await expectAccessible(page, `the ${lang} re-authentication prompt`);
        // The cursor is already in the password field.
        const password = prompt.getByLabel(T.reauth.password);
        await untilFocused(password);
        expect(await focusIsWithin(prompt)).toBe(true);
        await page.keyboard.type('no-es-mi-clave');
        await page.keyboard.press('Enter');
        await prompt.getByText(T.reauth.wrong).waitFor();
        await page.keyboard.press('ControlOrMeta+A');
        await page.keyboard.type(PASSWORD);
        await page.keyboard.press('Enter');
        await page.getByText(T.users.delete.success).first().waitFor();
        await prompt.waitFor({ state: 'hidden' });
        await eventually(() => remove.count(), 0);
      },
    );
  });
});
