// Debian's Chromium (/usr/bin/chromium) through playwright-core, never a downloaded browser, with
// the flags this machine needs (root, no GPU, no network beyond loopback). One place for every
// Node script and test that opens a browser: e2e/, deploy/test/, bench/, the frontends' scripts.
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** A new browser; the caller closes it (browser.close() also ends its process). */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}
