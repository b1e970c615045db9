/**
 * What hydration on intent costs the visitor (frontend-shell/README.md, "Hydration on intent"):
 * on a loaded, idle page (its scripts prefetched), the time from the first pointer move to the
 * directory's markup being live (`<html data-directory-hydrated>`), with Chromium's CPU slowed
 * by the same factor Lighthouse used. No network throttling: the page's own scripts come from
 * the prefetch cache, the rest (the shell's chunks, the remote) from this machine.
 */
import { makeLive, mobilePage } from './web-browser.mjs';
import { median } from './report.mjs';
/* global document, window, addEventListener, MutationObserver -- page.evaluate() code runs in Chromium */

const RUNS = 5;
async function oneTouch(browser, url, cpuSlowdown) {
  const { context, page } = await mobilePage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    if (await page.evaluate(() => 'directoryHydrated' in document.documentElement.dataset)) {
      throw new Error(`${url} was live before anyone touched it: its scripts ran at load`);
    }
    await page.evaluate(() => {
      addEventListener('pointermove', () => (window.__atmTouchAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if ('directoryHydrated' in document.documentElement.dataset) window.__atmLiveAt ??= performance.now();
      }).observe(document.documentElement, { attributes: true });
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await makeLive(page, 60_000);
    return await page.evaluate(() => window.__atmLiveAt - window.__atmTouchAt);
  } finally {
    await context.close();
  }
}

/** Rows for the figures table: one per path, the median of RUNS touches. */
export async function firstTouchToLive(browser, base, paths, cpuSlowdown) {
  const measured = [];
  for (const path of paths) {
    const times = [];
    for (let i = 0; i < RUNS; i++) times.push(await oneTouch(browser, `${base}${path}`, cpuSlowdown));
    console.log(
      `first touch → live, ${path}: ${times.map((t) => t.toFixed(0)).join(' / ')} ms at CPU ×${cpuSlowdown}`,
    );
    measured.push({ path, times });
  }
  const rows = measured.map(({ path, times }) => ({
    name: `First touch → live, ${path} (CPU ×${cpuSlowdown})`,
    value: median(times),
    digits: 0,
    unit: `ms (median of ${RUNS}: ${times.map((t) => t.toFixed(0)).join(' / ')})`,
  }));
  return { measured, rows };
}
