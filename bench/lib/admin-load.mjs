/**
 * A cold load of the back office: a fresh backend (SQLite, NODE_ENV=production, serving the
 * built frontends as `npm start` does) holding `shops` shops restored as lib/web.mjs does; in
 * Chromium (1280×900), an administrator with a session opens /admin in a new browser context
 * (empty cache), and the time from navigation start to the dashboard showing its total and its
 * first rows is taken in the page (performance.now() in an observer). One load first warms the
 * backend (discarded), then `runs` loads; the figure is their median, and the waterfall of the
 * median load (each request's start and end, ms from navigation start) is printed and saved.
 * In turns with those, the same load of the page with its preload hints taken out (the page's
 * HTML rewritten on its way to the browser): what the hints are worth, in the same minutes of
 * this shared machine.
 * `npm run bench -- --only=admin-load` runs this part alone.
 */
/* global document, window, MutationObserver -- addInitScript()/evaluate() code runs in Chromium */
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { machineInfo } from './machine.mjs';
import { figuresMarkdown, median, printFigures } from './report.mjs';
import { adminSession } from './seed.mjs';
import { startBackend } from './server.mjs';
import { launchChromium } from './web-browser.mjs';
import { restoreShops } from './web-seed.mjs';

export const ADMIN_LOAD_BUDGET_MS = 2000;

/**
 * Runs in the page before its own scripts: notes when the dashboard first shows a number in its
 * "total" statistic and at least one row of the table.
 */
function watchDashboard() {
  const shown = () => {
    const total = document.querySelector('.ant-statistic-content-value')?.textContent ?? '';
    return /\d/.test(total) && document.querySelector('[data-testid="shop-row"]') !== null;
  };
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    window.__atmDashboardShownAt = performance.now();
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** One cold load in a new context: { ms, waterfall }; `withoutHints` strips the page's preload links. */
async function coldLoad(browser, base, cookie, { withoutHints = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  try {
    await page.addInitScript(watchDashboard);
    if (withoutHints)
      await page.route(`${base}/admin`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<link rel="preload"[^>]*>/g, '');
        // The text is decoded: its encoding and length headers no longer describe it.
        const headers = { ...response.headers() };
        delete headers['content-encoding'];
        delete headers['content-length'];
        await route.fulfill({ status: response.status(), headers, body });
      });
    await page.goto(`${base}/admin`);
    await page.waitForFunction(() => window.__atmDashboardShownAt !== undefined, null, { timeout: 60_000 });
    return await page.evaluate(() => {
      const round = (ms) => Math.round(ms);
      const navigation = performance.getEntriesByType('navigation')[0];
      const entries = [navigation, ...performance.getEntriesByType('resource')];
      return {
        ms: window.__atmDashboardShownAt,
        waterfall: entries
          .filter((entry) => entry.startTime <= window.__atmDashboardShownAt)
          .map((entry) => ({
            path: new URL(entry.name).pathname + new URL(entry.name).search,
            start: round(entry.startTime),
            end: round(entry.responseEnd),
            kB: Math.round((entry.encodedBodySize ?? 0) / 100) / 10,
          })),
      };
    });
  } finally {
    await context.close();
  }
}

const waterfallLines = (waterfall) =>
  waterfall.map(
    ({ path, start, end, kB }) =>
      `${String(start).padStart(5)} → ${String(end).padStart(5)} ms  ${String(kB).padStart(6)} kB  ${path}`,
  );

export async function benchAdminLoad({ runtime, shops = 2000, runs = 5, save = true, benchDir }) {
  console.log(`\n=== admin-load: a cold load of /admin on Node ${runtime.version}, ${shops} shops ===`);
  const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-admin-load-`);
  const machine = machineInfo();
  let backend, browser;
  try {
    backend = await startBackend({
      nodeBin: runtime.nodeBin,
      preloads: runtime.preloads,
      env: { DATA_DIR: dataDir },
    });
    console.log(`backend pid ${backend.pid} at ${backend.url}`);
    const cookie = await adminSession(backend.url);
    const seed = await restoreShops(backend.url, cookie, shops);
    console.log(`restored ${shops} shops in ${seed.seconds.toFixed(1)} s`);
    browser = await launchChromium();
    await coldLoad(browser, backend.url, cookie); // warms the backend, not the browser
    const loads = [];
    const unhinted = [];
    for (let i = 0; i < runs; i++) {
      loads.push(await coldLoad(browser, backend.url, cookie));
      unhinted.push(await coldLoad(browser, backend.url, cookie, { withoutHints: true }));
      console.log(
        `load ${i + 1}: ${loads.at(-1).ms.toFixed(0)} ms; without the hints ${unhinted.at(-1).ms.toFixed(0)} ms`,
      );
    }
    const middle = median(loads.map((load) => load.ms));
    const shown = loads.find((load) => load.ms === middle);
    const unhintedMiddle = median(unhinted.map((load) => load.ms));
    const unhintedShown = unhinted.find((load) => load.ms === unhintedMiddle);
    console.log(`\nwaterfall of the median load (start → end, ms from navigation start):`);
    console.log(waterfallLines(shown.waterfall).join('\n'));
    console.log(`\nwithout the hints:`);
    console.log(waterfallLines(unhintedShown.waterfall).join('\n'));
    const spread = (list) =>
      `${Math.min(...list.map((l) => l.ms)).toFixed(0)}–${Math.max(...list.map((l) => l.ms)).toFixed(0)}`;
    const rows = [
      {
        name: `/admin cold load, signed in, ${shops} shops → total and first rows shown: median of ${runs} (min–max)`,
        value: `${middle.toFixed(0)} (${spread(loads)})`,
        unit: 'ms',
        budget: `< ${ADMIN_LOAD_BUDGET_MS}`,
        holds: middle < ADMIN_LOAD_BUDGET_MS,
      },
      {
        name: `the same, the page's preload hints taken out (in turns with the above)`,
        value: `${unhintedMiddle.toFixed(0)} (${spread(unhinted)})`,
        unit: 'ms',
      },
    ];
    console.log('');
    printFigures(rows);
    const budgetsHold = rows.every((row) => row.holds !== false);
    console.log(`\nBudgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}`);
    if (save) {
      const section = [
        '',
        `## ${new Date().toISOString()} — admin-load: a cold load of /admin, ${shops} shops (SQLite), Node ${runtime.version}`,
        '',
        '- Command: `npm run bench -- --only=admin-load`',
        `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB; load average at start ${machine.loadAverage.join(' / ')}`,
        `- Loads (ms): ${loads.map((load) => load.ms.toFixed(0)).join(', ')}; without the hints ${unhinted.map((load) => load.ms.toFixed(0)).join(', ')}`,
        '',
        figuresMarkdown(rows),
        '',
        'Waterfall of the median load (start → end, ms from navigation start; encoded body size):',
        '',
        '```',
        ...waterfallLines(shown.waterfall),
        '```',
        '',
        'Without the hints (median load):',
        '',
        '```',
        ...waterfallLines(unhintedShown.waterfall),
        '```',
        '',
      ].join('\n');
      appendFileSync(`${benchDir}/RESULTS.md`, section);
      console.log(`appended to ${benchDir}/RESULTS.md`);
    }
    return { loads, middle, budgetsHold };
  } catch (error) {
    if (backend) console.error(`backend log (tail):\n${backend.output().slice(-3000)}`);
    throw error;
  } finally {
    await browser?.close();
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
