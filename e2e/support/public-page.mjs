// Locators of the public listing that several files share.
import { LISTING_PAGE_SIZE as PAGE_SIZE } from 'contract';
import { eventually } from './browser.mjs';

/** Every shop card of the listing. */
export const shopCards = (page) => page.locator('.atm-dir-card');

/**
 * The card of the shop named `name` (its heading, exactly): a card is named by its own text
 * (WCAG 2.5.3, label in name), which starts with the shop's name but goes on.
 */
export const shopCard = (page, name) =>
  shopCards(page).filter({ has: page.locator('h2').getByText(name, { exact: true }) });

const byName = (a, b) => a.localeCompare(b);

/** The names on the cards of the listing, once it has settled on `count` cards. */
export async function cardNames(page, count) {
  const cards = shopCards(page);
  await eventually(() => cards.count(), Math.min(count, PAGE_SIZE));
  if (count === 0) return [];
  return (await page.locator('.atm-dir-card h2').allInnerTexts()).sort(byName);
}
