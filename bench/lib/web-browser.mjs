/** Debian's Chromium through playwright-core (never a downloaded browser), and the flags every web figure uses. */
export { CHROMIUM_FLAGS, CHROMIUM_PATH, launchChromium } from '../../tools/chromium.mjs';

/** A phone-sized page in Spanish, like Lighthouse's mobile preset (412×823, DPR 1.75). */
export async function mobilePage(browser) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'es-MX',
  });
  return { context, page: await context.newPage() };
}

/**
 * Opens a public page and makes it live as a visitor does: a server-rendered page starts its
 * scripts on the first sign of use (the shell's preamble, frontend-shell/README.md "Hydration on
 * intent"), here a pointer move, then waits for the directory's hydration.
 */
export async function openLive(page, url) {
  await page.goto(url);
  await makeLive(page, 120_000);
}

/** On an open public page: the first pointer move starts its scripts; until the directory has hydrated. */
export async function makeLive(page, timeout) {
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached', timeout });
}
