// The shell around the directory, in Spanish and in English: a shared ?shop= link, the 404 page,
// the side menu and footer, and the language switch reaching the remotes. One fresh product for
// the file. (The listing, its filters and a shop's page: public.e2e.test.mjs.)
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { expectAccessible } from './support/axe.mjs';
import { eventually, journeys, openListing, unexpectedErrors } from './support/browser.mjs';
import { cardNames } from './support/public-page.mjs';
import { startProductAndBrowser, stopProductAndBrowser } from './support/servers.mjs';
import { MENU_TARGETS, TEXTS } from './support/texts.mjs';

let product;
let browser;
/** The directory as the API serves it: the journeys' expectations come from here. */
let shops;

beforeAll(async () => ({ product, browser, shops } = await startProductAndBrowser()), 120_000);
afterAll(() => stopProductAndBrowser({ product, browser }));

const journey = journeys(test, 'shell', () => browser);

for (const lang of ['es', 'en']) {
  const T = TEXTS[lang];
  // Spanish is what a first visit shows; English is a returning visitor who chose it before.
  const options = lang === 'es' ? {} : { language: 'en' };

  describe(`the shell around the directory (${lang})`, () => {
    journey(`${lang} a shared ?shop= link opens that shop's page`, async (open) => {
      const page = await open(options);
      const shop = shops[shops.length - 1];
      await page.goto(`${product.url}/?shop=${shop.id}`);
      await page.waitForURL(`${product.url}${lang === 'en' ? '/en' : ''}/shops/${shop.slug}`);
      await page.getByRole('heading', { level: 1, name: shop.name }).waitFor();
      await page.getByText(shop.description).waitFor();
      expect(unexpectedErrors(page)).toEqual([]);
    });

    journey(`${lang} an unknown path shows the 404 page with a way home`, async (open) => {
      const page = await open(options);
      // An unknown path is in its URL's language too: English under /en/.
      const response = await page.goto(`${product.url}${lang === 'en' ? '/en' : ''}/no-existe/esta-pagina`);
      expect(response.status()).toBe(404);
      await page.getByRole('heading', { name: T.notFound }).waitFor();
      await page.getByRole('contentinfo').getByText(T.copyright).waitFor();
      expect(await page.title()).toBe(T.notFoundTitle);
      await expectAccessible(page, `the ${lang} 404 page`);
      await page.getByRole('link', { name: T.notFoundHome, exact: true }).click();
      // A visitor who chose English lands on the English listing.
      await page.waitForURL(`${product.url}${lang === 'en' ? '/en/' : '/'}`);
      await cardNames(page, shops.length);
    });

    journey(`${lang} side menu entries and their targets; footer and contact anchor`, async (open) => {
      const page = await open(options);
      await openListing(page, `${product.url}/`);
      await cardNames(page, shops.length);
      await page.getByRole('button', { name: T.openMenu }).click();
      const menu = page.getByRole('dialog');
      await menu.getByText(T.menuTitle, { exact: true }).waitFor();
      const entries = menu.getByRole('navigation').getByRole('listitem');
      expect(await entries.allInnerTexts()).toEqual(T.menu);
      await expectAccessible(page, `the ${lang} side menu`);
      for (const [index, target] of MENU_TARGETS.entries()) {
        const entry = entries.nth(index);
        if (target === null) {
          expect(await entry.getByRole('link').count()).toBe(0);
          expect(await entry.locator('[aria-current="page"]').innerText()).toBe(T.menu[index]);
        } else {
          expect(await entry.getByRole('link').getAttribute('href')).toBe(target);
        }
      }
      await menu.getByRole('link', { name: T.menu[1] }).click();
      await menu.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).hash).toBe('#education');
      await page.getByRole('button', { name: T.openMenu }).click();
      await menu.waitFor();
      await menu.getByRole('button', { name: T.closeMenu }).click();
      await menu.waitFor({ state: 'hidden' });

      const footer = page.getByRole('contentinfo');
      await footer.getByText('ATM · Alianza de Tiradores de México').waitFor();
      await footer.getByText(T.footerDescription).waitFor();
      await footer.getByRole('heading', { name: T.footerContact }).waitFor();
      await footer.getByText('contacto@alianza-atm.example').waitFor();
      await footer.getByText('+52 (55) 0000-0000').waitFor();
      await footer.getByText(T.footerAddress).waitFor();
      await footer.getByText(T.copyright).waitFor();
      await page.getByRole('link', { name: T.contact }).click();
      expect(new URL(page.url()).hash).toBe('#contact');
      await eventually(
        () =>
          footer.evaluate((el) => el.getBoundingClientRect().top < el.ownerDocument.defaultView.innerHeight),
        true,
      );
      expect(unexpectedErrors(page)).toEqual([]);
    });
  });
}

journey('the language switch moves to the twin URL, reaches the remotes and is remembered', async (open) => {
  const es = TEXTS.es;
  const en = TEXTS.en;
  const page = await open();
  await openListing(page, `${product.url}/?page=2`);
  await page.getByText(es.heroDescription).waitFor();
  await page.getByText(es.results(shops.length)).waitFor();
  await page.getByRole('button', { name: en.languageName }).click();
  await page.waitForURL(`${product.url}/en/?page=2`);
  // The directory remote's own texts, not only the shell's, change.
  await page.getByText(en.heroDescription).waitFor();
  await page.getByText(en.results(shops.length)).waitFor();
  expect(await page.getByLabel(en.search).getAttribute('placeholder')).toBe(en.searchPlaceholder);
  await page.getByRole('contentinfo').getByText(en.copyright).waitFor();
  await page.getByRole('link', { name: en.contact }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');

  await openListing(page, `${product.url}/`);
  await page.waitForURL(`${product.url}/en/`);
  await page.getByText(en.heroDescription).waitFor();
  // The admin remote starts in the chosen language as well.
  await page.getByRole('link', { name: en.login }).click();
  await page.getByRole('heading', { name: 'ATM Admin Login' }).waitFor();
  await page.goBack();
  await page.getByText(en.heroDescription).waitFor();
  await page.getByRole('button', { name: es.languageName }).click();
  await page.waitForURL(`${product.url}/`);
  await page.getByText(es.heroDescription).waitFor();
  await page.getByText(es.results(shops.length)).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('es');
  expect(unexpectedErrors(page)).toEqual([]);
});
