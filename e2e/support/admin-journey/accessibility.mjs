// Accessibility: the journey by keyboard alone, and every admin page and dialog with 1,000 more
// shops checked by axe-core and, as drawn, by the Nu Html Checker.
/* global document -- in functions that run in the page (evaluate) */
import { expect } from '@jest/globals';
import { restoreShops } from '../../../bench/lib/web-seed.mjs';
import { searchDashboard } from '../admin-dashboard.mjs';
import { htmlErrors } from '../../../tools/nu-html-checker.mjs';
import { expectAccessible } from '../axe.mjs';
import { eventually } from '../browser.mjs';
import { expectFocusRing, tabTo, untilFocused } from '../keyboard.mjs';
import { renderedHtml } from '../rendered-html.mjs';
import { ADMIN_USER } from './accounts.mjs';

/** Registers these steps of the admin journey, in order; `journey` holds what the steps share. */
export function accessibilitySteps(journey) {
  const { lang, A, passwords, logoFile, mapFile, step, me, login, toast } = journey;

  // The keyboard-only admin journey (in one language: the keys are the same in both).
  if (lang === 'es')
    step('keyboard only: log in, create a shop with its logo, edit it, delete it, log out', async () => {
      const { product, page } = journey;
      const name = 'Armería del Teclado';
      // After a route change the admin moves focus to the new page's heading (AdminPage): wait
      // for it, or the next Tab races the move.
      const landed = () => eventually(() => page.evaluate(() => document.activeElement?.tagName), 'H1');
      const type = async (target, text) => {
        await tabTo(page, target);
        await page.keyboard.type(text);
      };
      const findShop = () => searchDashboard(page, A.searchShops, name, (box) => type(box, name));
      await page.goto(`${product.url}/admin/login`);
      const username = page.getByLabel(A.username);
      await untilFocused(username);
      await page.keyboard.type(ADMIN_USER);
      await type(page.getByLabel(A.password, { exact: true }), passwords.changed);
      await page.keyboard.press('Enter');
      await page.getByText(A.welcome(ADMIN_USER)).waitFor();
      await landed();

      await tabTo(page, page.getByRole('button', { name: A.addShop }));
      await page.keyboard.press('Enter');
      await page.waitForURL(`${product.url}/admin/shops/new`);
      await landed();
      const f = A.fields;
      await type(page.getByLabel(f.name), name);
      await type(page.getByLabel(f.email), 'teclado@armeria.example');
      await type(page.getByLabel(f.phone), '+52 55 5555 0123');
      await type(page.getByLabel(f.description), 'Creada sin ratón, solo con el teclado.');
      await type(page.getByLabel(f.address), 'Calle Tab 9');
      await type(page.getByLabel(f.city), 'Puebla');
      await type(page.getByLabel(f.state), 'Puebla');
      await type(page.getByLabel(f.googleMapsUrl), 'https://maps.google.com/?q=19.04,-98.2');
      await type(page.getByLabel(f.latitude), '19.0414');
      await type(page.getByLabel(f.longitude), '-98.2063');
      await tabTo(page, page.getByRole('checkbox', { name: 'Armería' }));
      await page.keyboard.press('Space');
      // Enter on an image's button opens the file chooser (Playwright intercepts it from the
      // moment a listener exists, so one is there before the key is pressed).
      const keepChooserIntercepted = () => {};
      page.on('filechooser', keepChooserIntercepted);
      for (const [kind, file, uploaded] of [
        ['logo', logoFile, A.logoUploaded],
        ['map', mapFile, A.mapUploaded],
      ]) {
        await tabTo(
          page,
          page.getByTestId(`image-field-${kind}`).getByRole('button', { name: A.uploadButton }),
        );
        const chooser = page.waitForEvent('filechooser');
        await page.keyboard.press('Enter');
        await (await chooser).setFiles(file);
        await page.getByText(uploaded).waitFor();
      }
      page.off('filechooser', keepChooserIntercepted);
      // The form is long (map, hours, categories, images, the certificate's dates field by field).
      await tabTo(page, page.getByRole('button', { name: A.create }), { max: 70 });
      await page.keyboard.press('Enter');
      await toast(A.shopCreated);
      await page.waitForURL(`${product.url}/admin`);
      await landed();

      await findShop();
      await tabTo(page, page.getByRole('button', { name: A.edit(name) }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/admin\/shops\/edit\/[0-9a-f-]{36}$/);
      await landed();
      const id = page.url().split('/').pop();
      await eventually(() => page.getByLabel(f.city).inputValue(), 'Puebla');
      await tabTo(page, page.getByLabel(f.city));
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Cholula');
      await tabTo(page, page.getByRole('button', { name: A.update }), { max: 70 });
      await page.keyboard.press('Enter');
      await toast(A.shopUpdated);
      await page.waitForURL(`${product.url}/admin`);
      await landed();
      expect((await (await page.request.get(`${product.url}/api/shops/${id}`)).json()).city).toBe('Cholula');

      await findShop();
      await tabTo(page, page.getByRole('button', { name: A.deleteShop(name) }));
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog');
      const cancel = confirm.getByRole('button', { name: A.cancel });
      await untilFocused(cancel);
      await expectFocusRing(page);
      await tabTo(page, confirm.getByRole('button', { name: A.deleteOk }), { max: 3 });
      await page.keyboard.press('Enter');
      await toast(A.shopDeleted);
      expect((await page.request.get(`${product.url}/api/shops/${id}`)).status()).toBe(404);
      // The confirmation closes with an animation, keeping focus until it is gone: Tab from
      // the page once it has (a Shift+Tab during it went nowhere, and the step failed once).
      await confirm.waitFor({ state: 'detached' });

      await tabTo(page, page.getByRole('button', { name: A.logout }), { backwards: true });
      await page.keyboard.press('Enter');
      await page.waitForURL(`${product.url}/admin/login`);
      expect(await me()).toBe(401);
    });

  /** Each screen as drawn, for one run of the Nu checker at the end (the checker takes seconds to start). */
  const screens = [];
  /** axe at both widths, and the screen kept for the Nu checker. */
  const checkScreen = async (page, where) => {
    await expectAccessible(page, where);
    screens.push({ name: where, html: await renderedHtml(page) });
  };

  const visit = async (path, ready) => {
    await journey.page.goto(`${journey.product.url}${path}`);
    await ready();
  };

  // The admin at scale: 1,000 generated shops, restored in one request the way the web bench
  // seeds (bench/lib/web-seed.mjs). Every admin page and dialog, in this journey's language, at
  // both widths (expectAccessible), must show no violation, and neither must the public listing.
  // Two steps (the shops' pages, then the others), each well within a test's time on a busy CI.
  step('the shops pages and dialog with 1,000 more shops have no accessibility violation', async () => {
    const { product, context, page } = journey;
    await page.goto(`${product.url}/admin/login`);
    await page.getByLabel(A.username).waitFor();
    screens.push({ name: `the ${lang} login page`, html: await renderedHtml(page) });
    await login(ADMIN_USER, passwords.changed);
    await page.getByText(A.welcome(ADMIN_USER)).waitFor();
    const session = (await context.cookies()).find((cookie) => cookie.name === 'atm.sid');
    await restoreShops(product.url, `atm.sid=${session.value}`, 1000);
    await visit('/admin', () => page.getByTestId('shop-row').first().waitFor());
    await checkScreen(page, `the ${lang} dashboard with 1,000 shops`);

    const firstRow = page.getByTestId('shop-row').first();
    await firstRow.getByRole('button', { name: A.deleteShop('') }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('button', { name: A.cancel }).waitFor();
    await checkScreen(page, `the ${lang} delete confirmation with 1,000 shops`);
    await confirm.getByRole('button', { name: A.cancel }).click();
    await confirm.waitFor({ state: 'detached' });

    const { id } = (await (await page.request.get(`${product.url}/api/shops`)).json()).at(-1);
    await visit(`/admin/shops/edit/${id}`, () =>
      eventually(async () => (await page.getByLabel(A.fields.city).inputValue()) !== '', true),
    );
    await checkScreen(page, `the ${lang} edit shop form with 1,000 shops`);
    await visit('/admin/shops/new', () => page.getByText(A.categoryRequired).first().waitFor());
    await checkScreen(page, `the ${lang} new shop form with 1,000 shops`);
  });

  step('every other admin page and dialog, and the public listing, with 1,000 more shops', async () => {
    const { product, page, pub } = journey;
    await visit('/admin/activity', () => page.getByRole('row').nth(1).waitFor());
    await checkScreen(page, `the ${lang} activity page with 1,000 shops`);
    await visit('/admin/backup', () => page.getByText(A.totalShops).waitFor());
    await checkScreen(page, `the ${lang} backup page with 1,000 shops`);
    await visit('/admin/shops/import', () => page.getByRole('heading', { level: 1 }).waitFor());
    await checkScreen(page, `the ${lang} CSV page with 1,000 shops`);
    await visit('/admin/users', () => page.getByTestId('admin-card').first().waitFor());
    await checkScreen(page, `the ${lang} users page with 1,000 shops`);
    await page.getByRole('button', { name: A.addAdmin }).click();
    await page.getByLabel(A.username).waitFor();
    await checkScreen(page, `the ${lang} add-admin form with 1,000 shops`);
    await page.getByRole('button', { name: A.change }).click();
    const change = page.getByRole('dialog').filter({ hasText: A.current });
    await change.getByLabel(A.current).waitFor();
    await checkScreen(page, `the ${lang} change-password dialog with 1,000 shops`);
    await page.keyboard.press('Escape');
    await change.waitFor({ state: 'hidden' });
    await visit('/admin/no-such-page', () => page.getByRole('heading', { name: /^404 / }).waitFor());
    await checkScreen(page, `the ${lang} admin 404 page with 1,000 shops`);
    await visit('/admin/requests', () => page.getByRole('heading', { level: 1 }).waitFor());
    await checkScreen(page, `the ${lang} requests page with 1,000 shops`);

    // The public listing with them too, in this language.
    await pub.goto(`${product.url}${lang === 'en' ? '/en/' : '/'}`);
    await pub.locator('.atm-dir-card').first().waitFor();
    await expectAccessible(pub, `the ${lang} public listing with 1,000 more shops`);
  });

  // The admin's screens are drawn by the browser, so the server-rendered pages' check
  // (backend/test/valid-html.test.ts) never sees them: each one kept above, in one run.
  step('every admin screen and dialog above, as drawn, is valid HTML (Nu Html Checker)', async () => {
    expect(screens).toHaveLength(13); // every screen above: none left out by an earlier step
    // antd 6.6.8's Modal writes its close button's label on the <span> inside the button too
    // (antd/es/_util/hooks/useClosable.js clones the icon's wrapper with it, whatever the props):
    // the button keeps its name, so a screen reader hears it once. That one message, and only on
    // that span, is antd's to fix; every other error fails the step.
    const antdCloseSpan = (error) =>
      error.includes('“aria-label” attribute must not be specified on any “span”') &&
      error.includes('class="ant-modal-close-x" aria-label=');
    expect((await htmlErrors(screens)).filter((error) => !antdCloseSpan(error))).toEqual([]);
  });
}
