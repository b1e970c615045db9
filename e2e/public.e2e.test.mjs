// The public side, in Spanish and in English: the listing and its filters, the '+N' badges, the
// shop's dialog and page and its links, and the keyboard-only journey. One fresh product for the
// file. (Server rendering, twin URLs, sharing and no-JavaScript paging: pages.e2e.test.mjs; the
// 404 page, menu, footer and language switch: shell.e2e.test.mjs.)
/* global document -- in functions that run in the page (evaluate) */
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { LISTING_PAGE_SIZE as PAGE_SIZE } from 'contract';
import { expectAccessible } from './support/axe.mjs';
import {
  eventually,
  journeys,
  newTabOpenedBy,
  openListing,
  unexpectedErrors,
  waitForDirectory,
} from './support/browser.mjs';
import { expectFocusRing, focusIsWithin, tabTo, untilFocused } from './support/keyboard.mjs';
import { cardNames, shopCard, shopCards } from './support/public-page.mjs';
import { startProductAndBrowser, stopProductAndBrowser } from './support/servers.mjs';
import { TEXTS } from './support/texts.mjs';

let product;
let browser;
/** The directory as the API serves it: the journeys' expectations come from here. */
let shops;

beforeAll(async () => ({ product, browser, shops } = await startProductAndBrowser()), 120_000);
afterAll(() => stopProductAndBrowser({ product, browser }));

const journey = journeys(test, 'public', () => browser);
const fold = (text) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const byName = (a, b) => a.localeCompare(b);
/** The names on the first page of results: the first PAGE_SIZE matches in the API's order. */
const firstPage = (matches) =>
  matches
    .slice(0, PAGE_SIZE)
    .map((shop) => shop.name)
    .sort(byName);

/**
 * The listing settles on the first page of `matches`: waits until the cards show exactly those
 * names (a count alone cannot tell a filtered first page from the unfiltered one), and returns them.
 */
async function settlesOn(page, matches) {
  const wanted = firstPage(matches).join('|');
  return eventually(
    async () => (await page.locator('.atm-dir-card h2').allInnerTexts()).sort(byName),
    (names) => names.join('|') === wanted,
  );
}

test('the fresh install serves the demo directory the journeys rely on', () => {
  expect(shops.length).toBeGreaterThanOrEqual(6);
  expect(shops.some((shop) => shop.categories.length > 3)).toBe(true);
  expect(shops.some((shop) => shop.categories.length <= 3)).toBe(true);
  expect(shops.some((shop) => /[áéíóú]/i.test(shop.name))).toBe(true);
});

for (const lang of ['es', 'en']) {
  const T = TEXTS[lang];
  // Spanish is what a first visit shows; English is a returning visitor who chose it before.
  const options = lang === 'es' ? {} : { language: 'en' };

  describe(`public directory (${lang})`, () => {
    journey(`${lang} listing: hero, every shop, results count, top bar`, async (open) => {
      const page = await open(options);
      await openListing(page, `${product.url}/`);
      await page.getByRole('heading', { level: 1, name: `ATM ${T.heroSubtitle}`, exact: true }).waitFor();
      await page.getByText(T.heroDescription).waitFor();
      // The first page holds the first PAGE_SIZE shops in the API's order; the pager has the rest.
      expect(await cardNames(page, shops.length)).toEqual(firstPage(shops));
      await page.getByText(T.results(shops.length)).waitFor();
      expect(await page.title()).toBe(T.pageTitle);
      await expectAccessible(page, `the ${lang} listing`);
      if (shops.length > PAGE_SIZE) {
        await page.getByRole('link', { name: T.nextPage }).click();
        await eventually(() => new URL(page.url()).searchParams.get('page'), '2');
        await settlesOn(page, shops.slice(PAGE_SIZE));
        await page.goBack();
        await settlesOn(page, shops);
      }
      await page.getByRole('link', { name: T.contact }).waitFor();
      await page.getByRole('link', { name: T.login }).waitFor();
      expect(await page.getByRole('button', { name: T.languageName }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(unexpectedErrors(page)).toEqual([]);
    });

    journey(`${lang} filters: accents and case, category, city, state, empty result, clear`, async (open) => {
      const page = await open(options);
      // The listing asks the server for one page at a time: the whole list is never downloaded.
      const listRequests = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/shops' || pathname === '/api/shops/listing') listRequests.push(pathname);
      });
      await openListing(page, `${product.url}/`);
      await cardNames(page, shops.length);
      expect(listRequests).toEqual([]); // the page the server rendered needs no request

      // 'ARMERIA' (no accent, capitals) finds 'Armería' in names, descriptions or categories.
      const search = page.getByRole('searchbox', { name: T.search }).or(page.getByLabel(T.search));
      await search.first().fill('ARMERIA');
      const armeria = shops.filter((shop) =>
        [shop.name, shop.description, shop.city, ...shop.categories].some((field) =>
          fold(field).includes('armeria'),
        ),
      );
      expect(armeria.some((shop) => shop.name.includes('Armería'))).toBe(true);
      expect(armeria.length).toBeLessThan(shops.length);
      expect(await settlesOn(page, armeria)).toEqual(firstPage(armeria));
      await page.getByText(T.results(armeria.length)).waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe('ARMERIA');
      await page.getByRole('button', { name: T.clear }).click();
      await cardNames(page, shops.length);

      // State 'Nuevo León' (accented value), then a city within it, then a category.
      await page.getByLabel(T.state).selectOption('Nuevo León');
      const inState = shops.filter((shop) => shop.state === 'Nuevo León');
      expect(inState.length).toBeGreaterThan(0);
      expect(await settlesOn(page, inState)).toEqual(firstPage(inState));
      const city = inState[0].city;
      await page.getByLabel(T.city).selectOption(city);
      const inCity = inState.filter((shop) => shop.city === city);
      expect(await settlesOn(page, inCity)).toEqual(firstPage(inCity));
      await page.getByRole('button', { name: T.clear }).click();
      await cardNames(page, shops.length);

      const category = 'Capacitación';
      await page.getByLabel(T.category).selectOption(category);
      const inCategory = shops.filter((shop) => shop.categories.includes(category));
      expect(inCategory.length).toBeGreaterThan(0);
      expect(await settlesOn(page, inCategory)).toEqual(firstPage(inCategory));
      expect(new URL(page.url()).searchParams.get('category')).toBe(category);
      await page.getByLabel(T.category).selectOption({ label: T.allCategories });
      await cardNames(page, shops.length);

      await search.first().fill('zzzz-nada');
      await page.getByRole('heading', { name: T.emptyTitle }).waitFor();
      await page.getByText(T.emptyDescription).waitFor();
      await cardNames(page, 0);
      await page.getByRole('button', { name: T.clear }).click();
      expect(await cardNames(page, shops.length)).toHaveLength(Math.min(shops.length, PAGE_SIZE));
      expect(listRequests.length).toBeGreaterThan(0);
      expect(listRequests.filter((path) => path === '/api/shops')).toEqual([]);
      expect(unexpectedErrors(page)).toEqual([]);
    });

    journey(`${lang} cards show at most 3 category badges, then +N`, async (open) => {
      const page = await open(options);
      await openListing(page, `${product.url}/`);
      await cardNames(page, shops.length);
      for (const shop of shops.slice(0, PAGE_SIZE)) {
        // The card's link is named by the shop's visible name (label in name).
        const card = page.locator('.atm-dir-card').filter({
          has: page.getByRole('link', { name: shop.name, exact: true }),
        });
        const badges = (await card.locator('li').allInnerTexts()).map((text) => text.split('\n')[0].trim());
        const extra = shop.categories.length - 3;
        if (extra > 0) {
          expect(badges).toEqual([...shop.categories.slice(0, 3), `+${extra}`]);
          await card
            .getByText(T.more(extra, shop.categories.slice(3).join(', ')))
            .waitFor({ state: 'attached' });
        } else {
          expect(badges).toEqual(shop.categories);
        }
      }
    });

    journey(
      `${lang} a card opens the shop's detail dialog on its URL; Escape, close and Back return to the card; reload and Ctrl+click give its page`,
      async (open) => {
        const page = await open(options);
        // A shop on the second page, so that closing must come back to that very page.
        const onSecondPage = shops.slice(PAGE_SIZE, 2 * PAGE_SIZE);
        const shop =
          onSecondPage.find((s) => s.website && s.isVerified === 'true' && s.mapImageUrl) ??
          onSecondPage.find((s) => s.website && s.mapImageUrl);
        expect(shop).toBeDefined();
        const home = `${product.url}${lang === 'en' ? '/en/' : '/'}`;
        const listing = `${home}?page=2`;
        const shopUrl = `${product.url}${lang === 'en' ? '/en' : ''}/shops/${shop.slug}`;
        await openListing(page, listing);
        await cardNames(page, shops.length);
        const link = page.getByRole('link', { name: shop.name, exact: true });
        const isFocused = (locator) => locator.evaluate((element) => element === document.activeElement);

        await link.click();
        await page.waitForURL(shopUrl);
        const dialog = page.getByRole('dialog', { name: shop.name });
        await dialog.waitFor();
        // Over the listing, which stays as it was under it.
        expect(await shopCards(page).count()).toBe(PAGE_SIZE);
        expect(await page.locator('.atm-dir-dialog').evaluate((element) => element.open)).toBe(true);
        for (const heading of T.sections) await dialog.getByRole('heading', { name: heading }).waitFor();
        await dialog.getByText(shop.description).waitFor();
        await dialog.getByText(shop.address).waitFor();
        for (const category of shop.categories) await dialog.getByText(category, { exact: true }).waitFor();
        const phone = dialog.getByRole('link', { name: shop.phone });
        expect(await phone.getAttribute('href')).toBe(`tel:${shop.phone.replace(/[^\d+]/g, '')}`);
        const email = dialog.getByRole('link', { name: shop.email });
        expect(await email.getAttribute('href')).toBe(`mailto:${shop.email}`);
        const website = dialog.getByRole('link', { name: shop.website });
        expect(await website.getAttribute('href')).toBe(new URL(shop.website).href);
        const maps = dialog.getByRole('link', { name: new RegExp(`^${T.googleMaps}`) });
        expect(await maps.getAttribute('href')).toBe(new URL(shop.googleMapsUrl).href);
        expect(await maps.getAttribute('target')).toBe('_blank');
        expect(await maps.getAttribute('rel')).toContain('noopener');
        const map = dialog.getByRole('img', { name: T.mapAlt(shop.name) });
        await map.scrollIntoViewIfNeeded();
        await eventually(
          () => map.evaluate((img) => img.complete && img.naturalWidth),
          (value) => value > 0,
        );
        await expectAccessible(page, `the ${lang} shop dialog`);
        // Focus stays in the dialog: Tab goes round its controls, never to the listing under it.
        for (let step = 0; step < 12; step += 1) {
          await page.keyboard.press('Tab');
          expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))).toBe(
            true,
          );
        }

        // Escape: the listing at the same page, focus on the card.
        await page.keyboard.press('Escape');
        await page.waitForURL(listing);
        await dialog.waitFor({ state: 'detached' });
        await eventually(() => isFocused(link), true);
        await cardNames(page, shops.length);

        // Enter on the card opens it again; the close button closes it, focus back on the card.
        await page.keyboard.press('Enter');
        await page.waitForURL(shopUrl);
        await dialog.getByRole('button', { name: T.close }).click();
        await page.waitForURL(listing);
        await dialog.waitFor({ state: 'detached' });
        await eventually(() => isFocused(link), true);

        // Back closes it too; a reload on the shop's URL is its whole page.
        await link.click();
        await dialog.waitFor();
        await page.goBack();
        await page.waitForURL(listing);
        await dialog.waitFor({ state: 'detached' });
        await link.click();
        await dialog.waitFor();
        await page.reload();
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: shop.name }).waitFor();
        expect(await page.getByRole('dialog', { name: shop.name }).count()).toBe(0);
        await main.getByText(shop.description).waitFor();
        await page.goBack();
        await page.waitForURL(listing);
        await cardNames(page, shops.length);

        // Ctrl+click (Cmd on a Mac): the shop's page in a new tab; this tab keeps the listing.
        await waitForDirectory(page);
        // The tab as the browser lists it: Debian's headless shell does not always report it to
        // Playwright (see newTabOpenedBy).
        await newTabOpenedBy(page, () => link.click({ modifiers: ['ControlOrMeta'] }), {
          url: shopUrl,
          title: shop.name,
        });
        expect(page.url()).toBe(listing);
        expect(await page.getByRole('dialog', { name: shop.name }).count()).toBe(0);
        expect(unexpectedErrors(page)).toEqual([]);
      },
    );

    journey(
      `${lang} a shop's own page has its links, and its back link returns to the listing`,
      async (open) => {
        const page = await open(options);
        const shop = shops.find(
          (s) => s.website && s.isVerified === 'true' && s.categories.length > 3 && s.mapImageUrl,
        );
        expect(shop).toBeDefined();
        await page.goto(`${product.url}${lang === 'en' ? '/en' : ''}/shops/${shop.slug}`);
        const main = page.getByRole('main');
        await main.getByRole('heading', { level: 1, name: shop.name }).waitFor();
        for (const heading of T.sections) await main.getByRole('heading', { name: heading }).waitFor();
        await expectAccessible(page, `the ${lang} shop page`);
        await main.getByText(shop.description).waitFor();
        await main.getByText(T.verifiedLong).waitFor();
        for (const category of shop.categories) await main.getByText(category, { exact: true }).waitFor();
        const website = main.getByRole('link', { name: shop.website });
        expect(await website.getAttribute('target')).toBe('_blank');
        const map = main.getByRole('img', { name: T.mapAlt(shop.name) });
        await map.scrollIntoViewIfNeeded();
        await eventually(
          () => map.evaluate((img) => img.complete && img.naturalWidth),
          (value) => value > 0,
        );
        await main.getByRole('link', { name: T.back }).click();
        await page.waitForURL(`${product.url}${lang === 'en' ? '/en/' : '/'}`);
        await cardNames(page, shops.length);
        expect(unexpectedErrors(page)).toEqual([]);
      },
    );
  });
}

// The keyboard-only journey: Enter opens the shop's dialog, Escape returns to the listing, on its
// very card.
journey(
  "keyboard only: skip link, search, open a shop's dialog with Enter, Escape back on its card",
  async (open) => {
    const T = TEXTS.es;
    const page = await open();
    await openListing(page, `${product.url}/`);
    await cardNames(page, shops.length);
    // The skip link is the first stop and takes focus to the main content.
    await page.keyboard.press('Tab');
    expect((await expectFocusRing(page)).text).toBe(T.skipLink);
    await page.keyboard.press('Enter');
    await eventually(() => page.evaluate(() => document.activeElement?.id), 'main-content');

    const search = page.getByLabel(T.search);
    await tabTo(page, search);
    await page.keyboard.type('armeria');
    const armeria = shops.filter((shop) =>
      [shop.name, shop.description, shop.city, ...shop.categories].some((field) =>
        fold(field).includes('armeria'),
      ),
    );
    await settlesOn(page, armeria);
    const listing = page.url();

    const name = await shopCards(page).nth(1).locator('h2').innerText();
    const link = shopCard(page, name).getByRole('link', { name, exact: true });
    await tabTo(page, link);
    await page.keyboard.press('Enter');
    // The shop's detail dialog, focus inside it; Tab stays there with a visible ring.
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    await eventually(() => focusIsWithin(dialog), true);
    for (let step = 0; step < 4; step += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsWithin(dialog)).toBe(true);
      await expectFocusRing(page);
    }
    await page.keyboard.press('Escape');
    await page.waitForURL(listing);
    // Back on the very card the shop was opened from, with its focus ring, the search kept.
    await untilFocused(link);
    await expectFocusRing(page);
    expect(await search.inputValue()).toBe('armeria');
    expect(unexpectedErrors(page)).toEqual([]);
  },
);
