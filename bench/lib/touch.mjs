/**
 * First touch → live (npm run bench -- --only=touch): what a visitor on a mid-range phone waits
 * for after touching a server-rendered page (frontend-shell/README.md, "Hydration on intent").
 *
 * The built backend with the demo data (as `npm start`) serves the built frontends. Each public
 * page (`/`, `/en/`, a shop page) is opened fresh in its own browser context, left to settle
 * (network idle, then 1 s: the preamble's idle prefetch is done), then the CPU is slowed 4× through
 * the DevTools protocol and the visitor touches the page:
 *   - a listing: a tap on the search box and a word typed (a shop's city, so the listing narrows).
 *     Live = the listing answered it: its result count (the FilterBar's status line) changed, i.e.
 *     the hydrated FilterBar applied the word and the filtered listing was committed;
 *   - a shop page (no search box): a tap on "Compartir". Live = the page answered the tap: its
 *     toast says the link was copied (or could not be).
 * The time is from the tap's `pointerdown` to that answer, both read in the page's own clock.
 * Median of 5 per page, with the JavaScript bytes the page fetched (as transferred, compressed),
 * before the tap and in all. A same-run baseline (a fixed loop of work timed at the same slowdown
 * in a blank page) says how fast the machine was during the run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { machineInfo } from './machine.mjs';
import { appendFiguresSection, median, printFigures } from './report.mjs';
import { startBackend } from './server.mjs';
import { launchChromium, mobilePage } from './web-browser.mjs';
import { publicPaths } from './web-pages.mjs';
/* global document, window, location, addEventListener, MutationObserver -- page code runs in Chromium */

const RUNS = 5;
const CPU_SLOWDOWN = 4;
/** The budget (#56): live within half a second of the first touch, at 4× CPU slowdown. */
export const TOUCH_BUDGET_MS = 500;

/** JavaScript bytes as transferred, counted from the DevTools protocol's network events. */
async function countScriptBytes(cdp) {
  const scripts = new Set();
  const counter = { total: 0 };
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    if (/javascript/.test(response.mimeType)) scripts.add(requestId);
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (scripts.has(requestId)) counter.total += encodedDataLength;
  });
  return counter;
}

export async function oneTouch(browser, url, word, profileFile) {
  const isShop = word === undefined;
  const { context, page } = await mobilePage(browser);
  try {
    const cdp = await context.newCDPSession(page);
    const bytes = await countScriptBytes(cdp);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    if (await page.evaluate(() => 'directoryHydrated' in document.documentElement.dataset)) {
      throw new Error(`${url} was live before anyone touched it: its scripts ran at load`);
    }
    const beforeTap = bytes.total;
    await page.evaluate(
      ({ isShop }) => {
        addEventListener('pointerdown', () => (window.__atmTouchAt ??= performance.now()), { capture: true });
        // Watched where the answer appears, so the watching itself costs the page next to nothing.
        const mark = () => (window.__atmLiveAt ??= performance.now());
        const answer = document.querySelector(
          isShop ? '.atm-shop__toast' : '[role="search"] [role="status"]',
        );
        const before = answer.textContent;
        new MutationObserver(() => answer.textContent !== before && mark()).observe(answer, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      },
      { isShop },
    );
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    if (profileFile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    if (isShop) {
      await page.locator('.atm-shop__actions button').first().tap();
    } else {
      await page.locator('input[type="search"]').tap();
      await page.keyboard.type(word);
    }
    await page.waitForFunction(() => window.__atmLiveAt !== undefined, undefined, {
      polling: 100,
      timeout: 60_000,
    });
    const ms = await page.evaluate(() => window.__atmLiveAt - window.__atmTouchAt);
    if (profileFile) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileFile, JSON.stringify(profile));
      // What the page fetched after the tap, from the tap: the waterfall beside the profile.
      const fetched = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= window.__atmTouchAt - 1)
          .map((entry) => ({
            name: entry.name.replace(location.origin, ''),
            start: Math.round(entry.startTime - window.__atmTouchAt),
            end: Math.round(entry.responseEnd - window.__atmTouchAt),
            bytes: entry.transferSize,
          })),
      );
      writeFileSync(profileFile.replace(/\.cpuprofile$/, '.requests.json'), JSON.stringify(fetched, null, 1));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.waitForLoadState('networkidle');
    return { ms, beforeTap, total: bytes.total };
  } finally {
    await context.close();
  }
}

/** A fixed amount of work in a blank page at the bench's slowdown: this run's machine speed. */
async function baselineMs(browser) {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      times.push(
        await page.evaluate(() => {
          const started = performance.now();
          let sink = 0;
          for (let n = 0; n < 5_000_000; n++) sink = (sink + Math.sqrt(n)) % 1e9;
          return sink >= 0 ? performance.now() - started : 0;
        }),
      );
    }
    return median(times);
  } finally {
    await page.close();
  }
}

export async function benchTouch({ runtime, save = true, benchDir, profileDir }) {
  console.log(
    `\n=== touch: first touch → live at CPU ×${CPU_SLOWDOWN}, demo data, Node ${runtime.version} ===`,
  );
  const machine = machineInfo();
  const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-touch-`);
  let backend, browser;
  try {
    backend = await startBackend({
      nodeBin: runtime.nodeBin,
      preloads: runtime.preloads,
      env: { DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' },
    });
    const { paths, shop } = await publicPaths(backend.url);
    browser = await launchChromium();
    const baselineBefore = await baselineMs(browser);
    const rows = [];
    for (const path of paths) {
      const isShop = path.includes('/shops/');
      const runs = [];
      if (profileDir) mkdirSync(profileDir, { recursive: true });
      // With --touch-profile=<dir>, the first run of each page also writes its CPU profile from the
      // tap to live (open it in Chromium's DevTools, Performance panel) and the requests it made.
      const profileOf = (i) =>
        profileDir && i === 0
          ? `${profileDir}/touch${path.replace(/[^a-z0-9]+/gi, '-')}.cpuprofile`
          : undefined;
      for (let i = 0; i < RUNS; i++)
        runs.push(
          await oneTouch(browser, `${backend.url}${path}`, isShop ? undefined : shop.city, profileOf(i)),
        );
      const times = runs.map((run) => run.ms);
      const kb = (value) => (value / 1024).toFixed(1);
      console.log(
        `${path}: ${times.map((t) => t.toFixed(0)).join(' / ')} ms; JS ${kb(median(runs.map((r) => r.beforeTap)))} KB before the tap, ${kb(median(runs.map((r) => r.total)))} KB in all`,
      );
      rows.push(
        {
          name: `First touch → live, ${path} (${isShop ? 'tap on Compartir' : 'tap on the search box, a city typed'}, CPU ×${CPU_SLOWDOWN})`,
          value: median(times),
          digits: 0,
          unit: `ms (median of ${RUNS}: ${times.map((t) => t.toFixed(0)).join(' / ')})`,
          budget: `< ${TOUCH_BUDGET_MS}`,
          holds: median(times) < TOUCH_BUDGET_MS,
        },
        {
          name: `JS fetched, ${path}: before the tap / in all (transferred)`,
          value: `${kb(median(runs.map((r) => r.beforeTap)))} / ${kb(median(runs.map((r) => r.total)))}`,
          unit: 'KB',
        },
      );
    }
    const baselineAfter = await baselineMs(browser);
    rows.push({
      name: `Baseline: a fixed loop in a blank page at CPU ×${CPU_SLOWDOWN}, before / after the pages`,
      value: `${baselineBefore.toFixed(0)} / ${baselineAfter.toFixed(0)}`,
      unit: 'ms',
    });
    printFigures(rows);
    const budgetsHold = rows.every((row) => row.holds !== false);
    if (save)
      appendFiguresSection(benchDir, {
        title: `touch: first touch → live at CPU ×${CPU_SLOWDOWN}, demo data (SQLite), Node ${runtime.version}`,
        machine,
        lines: [
          `Each page fresh in its own context (412×823 phone), settled (network idle + 1 s), then CPU ×${CPU_SLOWDOWN} (Emulation.setCPUThrottlingRate) and the tap; live = the listing's result count changed for the typed city, or the shop page's toast answered "Compartir" (lib/touch.mjs)`,
        ],
        rows,
      });
    return { budgetsHold };
  } catch (error) {
    if (backend) console.error(`backend log (tail):\n${backend.output().slice(-3000)}`);
    throw error;
  } finally {
    await browser?.close();
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
