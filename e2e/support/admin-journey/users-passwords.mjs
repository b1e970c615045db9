// Admin users and passwords: a second admin added, reset and deleted (never the last), the server's
// refusals shown in the page language, my own password changed.
import { expect } from '@jest/globals';
import { LOCALES } from '../admin-texts.mjs';
import { expectAccessible } from '../axe.mjs';
import { eventually, openPage, waitForDirectory } from '../browser.mjs';
import { TEXTS } from '../texts.mjs';
import { ADMIN_USER, SECOND_USER } from './accounts.mjs';

/** Registers these steps of the admin journey, in order; `journey` holds what the steps share. */
export function userAndPasswordSteps(journey) {
  const { lang, A, E, passwords, step, me, login, toast, expectTitle } = journey;

  step('admin users: add a second admin, reset their password, delete them; never the last', async () => {
    const { browser, product, page } = journey;
    await page.goto(`${product.url}/admin/users`);
    await page.getByRole('heading', { name: A.usersTitle }).waitFor();
    let cards = page.getByTestId('admin-card');
    await eventually(() => cards.count(), 1);
    await cards.first().getByText(A.you, { exact: true }).waitFor();
    await expectTitle(A.usersTitle);
    await expectAccessible(page, `the ${lang} users page`);
    expect(await page.getByRole('button', { name: A.deleteAdmin(ADMIN_USER) }).isDisabled()).toBe(true);
    await page.getByText(A.lastAdmin).first().waitFor();

    await page.getByRole('button', { name: A.addAdmin }).click();
    await page.getByLabel(A.username).waitFor();
    await expectAccessible(page, `the ${lang} add-admin form`);
    await page.getByLabel(A.username).fill(SECOND_USER);
    await page.getByLabel(A.password, { exact: true }).fill(passwords.second);
    await page.getByLabel(A.confirm).fill(passwords.second);
    await page.getByRole('button', { name: A.createSubmit }).click();
    await toast(A.adminCreated);
    await eventually(() => cards.count(), 2);
    expect(await page.getByRole('button', { name: A.deleteAdmin(ADMIN_USER) }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: A.reset(ADMIN_USER) }).count()).toBe(0);

    await page.getByRole('button', { name: A.reset(SECOND_USER) }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: A.resetTitle(SECOND_USER) });
    await expectAccessible(page, `the ${lang} reset-password dialog`);
    await dialog.getByLabel(A.newPassword, { exact: true }).fill(passwords.reset);
    await dialog.getByLabel(A.confirmNew).fill(passwords.reset);
    await dialog.getByRole('button', { name: A.resetSubmit }).click();
    await toast(A.resetDone(SECOND_USER));

    // The second admin logs in elsewhere with the reset password, not the old one.
    const other = await openPage(browser, { language: lang });
    try {
      await other.page.goto(`${product.url}/admin/login`);
      await login(SECOND_USER, passwords.second, other.page);
      await other.page.getByText(A.loginFailed).first().waitFor();
      await login(SECOND_USER, passwords.reset, other.page);
      await other.page.getByText(A.welcome(SECOND_USER)).waitFor();
      expect(await me(other.page)).toBe(200);

      await page.getByRole('button', { name: A.deleteAdmin(SECOND_USER) }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: A.deleteAdminConfirm(SECOND_USER) });
      await confirm.getByRole('button', { name: A.deleteOk }).waitFor();
      await expectAccessible(page, `the ${lang} delete-admin confirmation`);
      await confirm.getByRole('button', { name: A.deleteOk }).click();
      await toast(A.adminDeleted);
      cards = page.getByTestId('admin-card');
      await eventually(() => cards.count(), 1);
      expect(await page.getByRole('button', { name: A.deleteAdmin(ADMIN_USER) }).isDisabled()).toBe(true);
      await page.getByText(A.lastAdmin).first().waitFor();
      // Deleting an admin ends their session.
      expect(await me(other.page)).toBe(401);
    } finally {
      await other.context.close();
    }
  });

  step('the error catalogue: what the server refuses is shown in the page language', async () => {
    const { product, page, pub } = journey;
    const L = LOCALES[lang];
    // USERNAME_TAKEN (409): the toast and the field, both translated.
    await page.getByRole('button', { name: A.addAdmin }).click();
    await page.getByLabel(A.username).fill(ADMIN_USER.toUpperCase());
    await page.getByLabel(A.password, { exact: true }).fill(passwords.second);
    await page.getByLabel(A.confirm).fill(passwords.second);
    await page.getByRole('button', { name: A.createSubmit }).click();
    await page.getByText(L.admin.users.createFailed.title, { exact: true }).waitFor();
    await eventually(() => page.getByText(E.USERNAME_TAKEN, { exact: true }).count(), 2); // toast + field
    await page.getByRole('button', { name: L.admin.common.cancel, exact: true }).click();
    // SHOP_NOT_FOUND: an edit link to a shop that does not exist.
    await page.goto(`${product.url}/admin/shops/edit/00000000-0000-4000-8000-000000000000`);
    await page.getByText(L.admin.shopForm.notFound.title, { exact: true }).waitFor();
    // An unknown admin path is the shell's one 404 page, with a 404 status (defect 9). Like every
    // public page the server renders, it is in its URL's language: Spanish, as /admin has no /en.
    const missing = await page.goto(`${product.url}/admin/no-existe`);
    expect(missing.status()).toBe(404);
    await page.getByRole('heading', { name: TEXTS.es.notFound }).waitFor();
    await expectAccessible(page, `the ${lang} admin 404 page`);
    // An unknown category in a public link is named, with a way out (defect 10).
    // The page is rendered on the server: press its button once it is hydrated, and an English
    // visitor is on the English twin URL.
    await pub.goto(`${product.url}/?category=Pesca`);
    await pub.getByText(L.directory.unknownFilter.category.replace('{{value}}', 'Pesca')).waitFor();
    await waitForDirectory(pub);
    await pub.getByRole('button', { name: L.directory.unknownFilter.clear.category }).click();
    await pub.waitForURL(`${product.url}${lang === 'en' ? '/en/' : '/'}`);
    await page.goto(`${product.url}/admin/users`);
    await page.getByRole('heading', { name: A.usersTitle }).waitFor();
  });

  step('change my password, log out, log in with the new one, log out', async () => {
    const { product, page } = journey;
    await page.getByRole('button', { name: A.change }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: A.current });
    await dialog.getByLabel(A.current).fill('no-es-la-actual');
    await dialog.getByLabel(A.newPassword, { exact: true }).fill(passwords.changed);
    await dialog.getByLabel(A.confirmNew).fill(passwords.changed);
    await dialog.getByRole('button', { name: A.changeSubmit }).click();
    await dialog.getByText(A.currentIncorrect).waitFor();
    await expectAccessible(page, `the ${lang} change-password dialog with an error`);
    await dialog.getByLabel(A.current).fill(passwords.first);
    await dialog.getByRole('button', { name: A.changeSubmit }).click();
    await toast(A.changed);
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: A.backToDashboard }).click();
    await page.getByRole('button', { name: A.logout }).click();
    await page.getByText(A.loggedOut).waitFor();
    await page.waitForURL(`${product.url}/admin/login`);
    expect(await me()).toBe(401);
    await login(ADMIN_USER, passwords.first);
    await page.getByText(A.loginFailed).first().waitFor();
    await login(ADMIN_USER, passwords.changed);
    await page.getByText(A.welcome(ADMIN_USER)).waitFor();
    expect(await me()).toBe(200);
    await page.getByRole('button', { name: A.logout }).click();
    await page.waitForURL(`${product.url}/admin/login`);
    expect(await me()).toBe(401);
    await page.goto(`${product.url}/admin`);
    await page.getByRole('heading', { name: A.loginTitle }).waitFor();
  });
}
