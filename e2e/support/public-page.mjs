// Locators of the public listing that several files share.

/** Every shop card of the listing. */
export const shopCards = (page) => page.locator('.atm-dir-card');

/**
 * The card of the shop named `name` (its heading, exactly): a card is named by its own text
 * (WCAG 2.5.3, label in name), which starts with the shop's name but goes on.
 */
export const shopCard = (page, name) =>
  shopCards(page).filter({ has: page.locator('h2').getByText(name, { exact: true }) });
