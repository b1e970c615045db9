/** Debian's Chromium through playwright-core (never a downloaded browser), and the flags every web figure uses. */
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** Playwright closes the browser (and kills its process) in browser.close(); callers do it in finally. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

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
