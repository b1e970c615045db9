// Debian's Chromium through playwright-core, never a downloaded browser, with the flags this
// machine needs (root, no GPU, no network beyond loopback). One place for every Node script and
// test that opens a browser: e2e/, deploy/test/, bench/, the frontends' scripts.
import { chromium } from 'playwright-core';

/** The whole browser: Lighthouse (bench/) drives it. CHROMIUM_PATH replaces both paths. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Debian's build of Chromium's headless shell (package chromium-headless-shell, the same engine
 * and release as /usr/bin/chromium without the desktop browser around it; what Playwright runs
 * for headless tests): the same end-to-end file costs about a third less CPU in it (pages: 23 s
 * against 36 s), and the test suites are CPU-bound on CI's two cores.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];

/** A new headless browser; the caller closes it (browser.close() also ends its process). */
export function launchChromium() {
  return chromium.launch({ executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_FLAGS });
}
