// Signing in: the route guard while logged out, the first admin on an empty database, a refused and
// an accepted login.
import { expect } from '@jest/globals';
import { ADMIN } from '../admin-texts.mjs';
import { expectAccessible } from '../axe.mjs';
import { ADMIN_USER } from './accounts.mjs';

/** Registers these steps of the admin journey, in order; `journey` holds what the steps share. */
export function signInSteps(journey) {
  const { lang, A, E, passwords, state, step, me, login, expectTitle } = journey;

  step('route guard: an admin page shows the login screen while logged out', async () => {
    const { product, page } = journey;
    await page.goto(`${product.url}/admin/backup`);
    await page.getByRole('heading', { name: ADMIN.es.loginTitle }).waitFor();
    if (lang === 'en') {
      await page.getByLabel(ADMIN.es.languageLabel).getByText('EN').click();
      await page.getByRole('heading', { name: A.loginTitle }).waitFor();
    }
    expect(await page.getByText(A.totalShops).count()).toBe(0);
    expect(await me()).toBe(401);
    await expectTitle(A.loginTitle);
    await expectAccessible(page, `the ${lang} login page`);
    await page.goto(`${product.url}/admin/users`);
    await page.getByRole('heading', { name: A.loginTitle }).waitFor();
    expect(await page.getByText(A.usersTotal).count()).toBe(0);
  });

  step('first admin from an empty database', async () => {
    const { product, page } = journey;
    await page.goto(`${product.url}/admin/login`);
    await page.getByRole('button', { name: A.toggleCreate }).click();
    await page.getByRole('heading', { name: A.createTitle }).waitFor();
    await expectTitle(A.createTitle);
    await page.getByLabel(A.username).fill(ADMIN_USER);
    await page.getByLabel(A.password, { exact: true }).fill(passwords.first);
    await page.getByLabel(A.confirm).fill('otra-cosa');
    await page.getByRole('button', { name: A.createSubmit }).click();
    await page.getByText(A.passwordsDontMatch).waitFor();
    await expectAccessible(page, `the ${lang} first-admin form with an error`);
    await page.getByLabel(A.confirm).fill(passwords.first);
    await page.getByRole('button', { name: A.createSubmit }).click();
    await page.getByText(A.firstCreated).waitFor();
    await page.getByRole('heading', { name: A.loginTitle }).waitFor();
    expect(await me()).toBe(401); // creating the first admin does not log in
    // An admin exists now: the page stops offering to create one.
    await page.getByRole('button', { name: A.toggleCreate }).waitFor({ state: 'detached' });
  });

  step('login: a wrong password is refused, the right one opens the dashboard', async () => {
    const { product, page } = journey;
    await login(ADMIN_USER, 'no-es-la-clave');
    await page.getByText(A.loginFailed).first().waitFor();
    // The server's INVALID_CREDENTIALS, in the page's language (alert and toast).
    await page.getByTestId('login-error').getByText(E.INVALID_CREDENTIALS, { exact: true }).waitFor();
    expect(await me()).toBe(401);
    await login(ADMIN_USER, passwords.first);
    await page.getByText(A.welcome(ADMIN_USER)).waitFor();
    await page.waitForURL(`${product.url}/admin`);
    await page.getByTestId('shop-row').first().waitFor();
    expect(await me()).toBe(200);
    state.demoCount = (await (await page.request.get(`${product.url}/api/shops`)).json()).length;
    expect(state.demoCount).toBeGreaterThan(0);
    await expectTitle(A.panelTitle);
    await expectAccessible(page, `the ${lang} dashboard`);
  });
}
