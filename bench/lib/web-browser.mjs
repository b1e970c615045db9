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
