// Debian's Chromium through playwright-core (no downloaded browser), one page per journey, and
// what a failing step leaves behind: a screenshot and the page's console in e2e/artifacts/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './servers.mjs';

export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');

export { launchChromium } from '../../tools/chromium.mjs';

/**
 * A new browser context and page. `language` presets the remembered language (as a returning
 * visitor); without it the product's own default (Spanish) applies. Other options go to the
 * context (e.g. `geolocation` and `permissions`). The page's console, page
 * errors and failed requests are recorded in `page.log` for the failure report.
 */
export async function openPage(
  browser,
  { language, viewport = { width: 1280, height: 900 }, ...contextOptions } = {},
) {
  const context = await browser.newContext({
    viewport,
    acceptDownloads: true,
    locale: 'es-MX',
    ...contextOptions,
  });
  context.setDefaultTimeout(30_000);
  if (language) await context.addInitScript((lng) => localStorage.setItem('atm.language', lng), language);
  const page = await context.newPage();
  trackConsole(page);
  return { context, page };
}

export function trackConsole(page) {
  page.log = [];
  page.on('console', (message) => page.log.push(`[console.${message.type()}] ${message.text()}`));
  page.on('pageerror', (error) => page.log.push(`[pageerror] ${error.stack ?? error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) page.log.push(`[response] ${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) =>
    page.log.push(`[requestfailed] ${request.method()} ${request.url()} ${request.failure()?.errorText}`),
  );
  return page;
}

/**
 * Opens a listing page and waits until it is hydrated, so what a journey types or presses next
 * is not lost to a page that is still only the server's HTML.
 */
export async function openListing(page, url) {
  const response = await page.goto(url);
  await waitForDirectory(page);
  return response;
}

/**
 * Until the directory's markup is live (DirectoryApp marks `<html>` once hydration committed).
 * A server-rendered page starts its scripts on the visitor's first sign of use (the shell's
 * preamble): the pointer moves over the page first, as a person's does (twice: a browser gives
 * the first move after a load no movement, and the preamble takes a move without movement for
 * the browser's own hover update).
 */
export async function waitForDirectory(page) {
  await page.mouse.move(2, 2);
  await page.mouse.move(4, 4);
  await page.locator('html[data-directory-hydrated]').waitFor({ state: 'attached' });
}

/** Errors the product logs that no working page should have (401 on /api/auth/me is expected). */
export function unexpectedErrors(page, expected = /status of 401/) {
  return page.log.filter(
    (line) => (line.startsWith('[console.error]') || line.startsWith('[pageerror]')) && !expected.test(line),
  );
}

const safe = (text) => text.replace(/[^\w.-]+/g, '-').slice(0, 100);

/**
 * Runs `body`; if it throws, saves a full-page screenshot and the console of every given page
 * under e2e/artifacts/<name>.* and rethrows, so Jest reports the failure with the paths.
 */
export async function withArtifacts(name, pages, body) {
  try {
    return await body();
  } catch (error) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const saved = [];
    for (const [index, page] of pages().entries()) {
      const base = path.join(ARTIFACTS, `${safe(name)}${index ? `-page${index + 1}` : ''}`);
      try {
        await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 10_000 });
        saved.push(`${base}.png`);
      } catch (shotError) {
        page.log?.push(`[e2e] screenshot failed: ${shotError.message}`);
      }
      writeFileSync(`${base}.console.log`, `${page.url()}\n${(page.log ?? []).join('\n')}\n`);
      saved.push(`${base}.console.log`);
    }
    error.message = `${error.message}\n(artifacts: ${saved.join(', ')})`;
    throw error;
  }
}

/**
 * Declares Jest tests that each get fresh pages from `open()` (closed afterwards) and leave
 * artifacts named `<prefix>-<test name>` when they fail.
 */
export function journeys(test, prefix, getBrowser) {
  return function journey(name, body) {
    test(name, async () => {
      const opened = [];
      const open = async (options) => {
        const entry = await openPage(getBrowser(), options);
        opened.push(entry);
        return entry.page;
      };
      try {
        await withArtifacts(
          `${prefix}-${name}`,
          () => opened.map((entry) => entry.page),
          () => body(open),
        );
      } finally {
        for (const entry of opened) await entry.context.close().catch(() => {});
      }
    });
  };
}

/**
 * Reads `read()` until `check` holds (a value to equal, or a predicate) and returns the value;
 * fails with the last value seen after `timeout` ms.
 */
export async function eventually(read, check, { timeout = 15_000, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await read();
    if (typeof check === 'function' ? check(value) : Object.is(value, check)) return value;
    if (Date.now() > deadline)
      throw new Error(`still ${JSON.stringify(value)} after ${timeout} ms (wanted ${check.toString()})`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * Runs `action` (a click that should open a new tab) and returns the one tab it opened, as the
 * browser itself lists it (CDP's Target domain): `{ url, title }` once its URL is `url` and its
 * title holds `title`. Debian's headless shell opens such a tab but does not always tell
 * Playwright: sometimes neither the tab (`context.waitForEvent('page')` waits forever) nor its
 * navigation is reported. The browser's own list of targets is what a person would see as tabs.
 */
export async function newTabOpenedBy(page, action, { url, title }) {
  const own = await page.context().newCDPSession(page);
  const { targetInfo: current } = await own.send('Target.getTargetInfo');
  await own.detach();
  const browser = await page.context().browser().newBrowserCDPSession();
  try {
    const tabsOfContext = async () =>
      (await browser.send('Target.getTargets')).targetInfos.filter(
        (target) => target.type === 'page' && target.browserContextId === current.browserContextId,
      );
    const before = new Set((await tabsOfContext()).map((target) => target.targetId));
    await action();
    const opened = await eventually(
      async () =>
        (await tabsOfContext())
          .filter((target) => !before.has(target.targetId))
          .map((target) => ({ url: target.url, title: target.title })),
      (tabs) => tabs.length === 1 && tabs[0].url === url && tabs[0].title.includes(title),
    );
    return opened[0];
  } finally {
    await browser.detach();
  }
}
