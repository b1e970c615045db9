/**
 * The back office at scale, on a fresh backend (SQLite, NODE_ENV=production, serving
 * the built frontends as `npm start` does) holding `shops` shops restored as lib/web.mjs does:
 *   1. GET /api/admin/shops (a page of 50, logged in) against GET /api/shops (gzip), each with
 *      autocannon in the same run: the ratio of their req/s;
 *   2. one shop update (PUT /api/admin/shops/{id}), one connection, one after another: p50;
 *   3. one bulk verify of 500 shops (POST /api/admin/shops/bulk): wall time;
 *   4. in Chromium (1280×900): /admin, logged in, from navigation to usable (the first row of
 *      the table and the search box shown), the page's DOM elements, and search key presses
 *      until the table shows the new results (from the keydown event to the animation frame
 *      after the table changed; the dashboard's debounce included).
 * `npm run bench -- --only=admin` runs this part alone.
 */
/* global document, window, MutationObserver, requestAnimationFrame -- page.evaluate() code runs in Chromium */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { measure } from './load.mjs';
import { machineInfo } from './machine.mjs';
import { figuresMarkdown, printFigures } from './report.mjs';
import { adminSession } from './seed.mjs';
import { rawRequest, startBackend } from './server.mjs';
import { launchChromium } from './web-browser.mjs';
import { restoreShops } from './web-seed.mjs';
import { appendFileSync } from 'node:fs';

export const ADMIN_BUDGETS = {
  usableMs: 1500,
  domElements: 3000,
  keyMs: 200,
  listRatio: 0.5,
  updateP50Ms: 300,
  bulkSeconds: 3,
};
const UPDATES = 40;
const BULK = 500;
/**
 * Keys typed into the empty search box, each measured. Digits: every generated shop's name and
 * e-mail carry its number, and its description most letters, so a digit always changes the first
 * page (a letter such as 'z' matches every shop through "caza").
 */
const KEYS = ['7', '3', '9', '5', '8', '4', '6'];
const SEARCH_BOX = '.ant-input-search input';

export async function benchAdmin({
  runtime,
  shops = 10_000,
  duration = 10,
  warmup = 2,
  save = true,
  benchDir,
}) {
  console.log(`\n=== admin: the back office on Node ${runtime.version}, ${shops} shops ===`);
  const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-admin-`);
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

    const read = { connections: 50, duration, warmup };
    const adminList = await measure({
      ...read,
      url: `${backend.url}/api/admin/shops?pageSize=50`,
      headers: { cookie, 'accept-encoding': 'gzip' },
    });
    const publicList = await measure({
      ...read,
      url: `${backend.url}/api/shops`,
      headers: { 'accept-encoding': 'gzip' },
    });
    const ratio = adminList.rps / publicList.rps;
    console.log(
      `admin page of 50: ${adminList.rps} req/s; public list: ${publicList.rps} req/s; ratio ${ratio.toFixed(2)}`,
    );

    const ids = await shopIds(backend.url, cookie, BULK);
    const updates = [];
    for (let i = 0; i < UPDATES; i++) {
      const started = performance.now();
      const answer = await call(backend.url, cookie, 'PUT', `/api/admin/shops/${ids[i]}`, {
        phone: `+52 55 5555 ${String(1000 + i)}`,
      });
      if (answer.status !== 200) throw new Error(`update answered ${answer.status}: ${answer.body}`);
      updates.push(performance.now() - started);
    }
    updates.sort((a, b) => a - b);
    const updateP50 = updates[Math.floor(updates.length / 2)];
    console.log(`update p50 ${updateP50.toFixed(0)} ms (max ${updates.at(-1).toFixed(0)} ms)`);

    const bulkStarted = performance.now();
    const bulk = await call(backend.url, cookie, 'POST', '/api/admin/shops/bulk', { action: 'verify', ids });
    const bulkSeconds = (performance.now() - bulkStarted) / 1000;
    if (bulk.status !== 200) throw new Error(`bulk answered ${bulk.status}: ${bulk.body}`);
    console.log(`bulk verify of ${BULK}: ${bulkSeconds.toFixed(2)} s`);

    browser = await launchChromium();
    const page = await dashboardFigures(browser, backend.url, cookie);
    console.log(
      `usable ${page.usableMs.toFixed(0)} ms, ${page.domElements} elements, key presses ${page.keyMs.map((ms) => ms.toFixed(0)).join(', ')} ms`,
      `(request sent / response ended / table: ${keyStepsText(page.keySteps, '/', ', ')})`,
    );
    const keySorted = [...page.keyMs].sort((a, b) => a - b);
    const keyMedian = keySorted[Math.floor(keySorted.length / 2)];

    const rows = [
      {
        name: `GET /api/admin/shops?pageSize=50 ÷ GET /api/shops (gzip) req/s (${adminList.rps} / ${publicList.rps}, 50 connections)`,
        // No public response within the run (e.g. on an overloaded machine) measures nothing.
        value: publicList.rps > 0 ? ratio : 'not measured',
        unit: 'x',
        budget: `≥ ${ADMIN_BUDGETS.listRatio}`,
        holds: publicList.rps > 0 && ratio >= ADMIN_BUDGETS.listRatio,
      },
      {
        name: `PUT /api/admin/shops/{id}, one connection, p50 of ${UPDATES}`,
        value: updateP50,
        unit: 'ms',
        budget: `< ${ADMIN_BUDGETS.updateP50Ms} ms`,
        holds: updateP50 < ADMIN_BUDGETS.updateP50Ms,
      },
      {
        name: `POST /api/admin/shops/bulk, verify ${BULK} shops`,
        value: bulkSeconds,
        unit: 's',
        budget: `< ${ADMIN_BUDGETS.bulkSeconds} s`,
        holds: bulkSeconds < ADMIN_BUDGETS.bulkSeconds,
      },
      {
        name: '/admin logged in → usable (first row and search box), Chromium 1280×900',
        value: page.usableMs,
        unit: 'ms',
        budget: `< ${ADMIN_BUDGETS.usableMs} ms`,
        holds: page.usableMs < ADMIN_BUDGETS.usableMs,
      },
      {
        name: 'DOM elements on /admin (max over the key presses)',
        value: page.domElements,
        digits: 0,
        budget: `< ${ADMIN_BUDGETS.domElements}`,
        holds: page.domElements < ADMIN_BUDGETS.domElements,
      },
      {
        name: `search key press → updated table (median of ${page.keyMs.length}, debounce included)`,
        value: keyMedian,
        unit: 'ms',
        budget: `< ${ADMIN_BUDGETS.keyMs} ms`,
        holds: keyMedian < ADMIN_BUDGETS.keyMs,
      },
    ];
    console.log('');
    printFigures(rows);
    const budgetsHold = rows.every((row) => row.holds !== false);
    console.log(`\nBudgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}`);
    const run = {
      date: new Date().toISOString(),
      nodeVersion: runtime.version,
      machine: machineInfo(),
      shops,
      rows,
      page,
      updates,
      budgetsHold,
    };
    if (save) {
      const m = run.machine;
      const section = [
        '',
        `## ${run.date} — admin: the back office, ${shops} shops (SQLite), Node ${run.nodeVersion}`,
        '',
        '- Command: `npm run bench -- --only=admin`',
        `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; load average at start ${m.loadAverage.join(' / ')}`,
        `- Shops restored through POST /api/admin/backup/restore in ${seed.seconds.toFixed(1)} s; autocannon ${warmup} s warm-up, then ${duration} s`,
        `- Updates (ms, sorted): ${updates.map((ms) => ms.toFixed(0)).join(', ')}`,
        `- Key presses (ms): ${page.keyMs.map((ms) => ms.toFixed(0)).join(', ')}`,
        `- Each key press: request sent / response ended / table updated, ms after the key: ${keyStepsText(page.keySteps, ' / ', '; ')}`,
        '',
        figuresMarkdown(rows),
        '',
        `Budgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}.`,
        '',
      ].join('\n');
      appendFileSync(`${benchDir}/RESULTS.md`, section);
      console.log(`appended to ${benchDir}/RESULTS.md`);
    }
    return run;
  } catch (error) {
    if (backend) console.error(`backend log (tail):\n${backend.output().slice(-3000)}`);
    throw error;
  } finally {
    await browser?.close();
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Where each key press's time went: "request sent / response ended / table updated" in ms. */
function keyStepsText(steps, within, between) {
  const ms = (value) => (value == null ? '—' : value.toFixed(0));
  return steps
    .map((step) => [step.requestStart, step.responseEnd, step.ms].map(ms).join(within))
    .join(between);
}

async function call(url, cookie, method, path, body) {
  return rawRequest(method, `${url}${path}`, { headers: { cookie }, body });
}

/** The first `count` shop ids in the admin list's default order. */
async function shopIds(url, cookie, count) {
  const ids = [];
  for (let page = 1; ids.length < count; page++) {
    const answer = await call(url, cookie, 'GET', `/api/admin/shops?pageSize=100&page=${page}`);
    const items = JSON.parse(answer.body).items;
    if (!items.length) break;
    ids.push(...items.map((shop) => shop.id));
  }
  return ids.slice(0, count);
}

export async function dashboardFigures(browser, base, cookie) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'es-MX' });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  try {
    // Once to warm the browser's cache of the bundles (as an admin who comes back), then measured.
    await page.goto(`${base}/admin`);
    await page.locator('[data-testid="shop-row"]').first().waitFor({ timeout: 60_000 });
    const started = performance.now();
    await page.goto(`${base}/admin`);
    await page.locator('[data-testid="shop-row"]').first().waitFor({ timeout: 60_000 });
    await page.locator(SEARCH_BOX).first().waitFor();
    const usableMs = performance.now() - started;
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => {
      const input = document.querySelector('.ant-input-search input');
      input.addEventListener('keydown', (event) => (window.__atmKeyAt = event.timeStamp), { capture: true });
      // The rows' text before the key press; the table may be re-rendered as a whole, so the
      // observer watches its wrapper and compares the text of whichever body is there now.
      const rowsText = () => document.querySelector('.ant-table-tbody')?.textContent;
      window.__atmNextTable = () =>
        new Promise((resolve, reject) => {
          const before = rowsText();
          const wrapper = document.querySelector('.ant-table-wrapper');
          const timer = setTimeout(() => {
            observer.disconnect();
            reject(new Error('the table did not change within 5 s'));
          }, 5000);
          const observer = new MutationObserver(() => {
            if (rowsText() === before) return;
            observer.disconnect();
            clearTimeout(timer);
            requestAnimationFrame(() => {
              performance.mark('atm-key', { startTime: window.__atmKeyAt });
              performance.mark('atm-table');
              const m = performance.measure('atm-key-to-table', 'atm-key', 'atm-table');
              // Where the time went: the request for the new page, relative to the key press.
              const request = performance
                .getEntriesByType('resource')
                .filter(
                  (entry) => entry.name.includes('/api/admin/shops') && entry.startTime >= window.__atmKeyAt,
                )
                .pop();
              resolve({
                ms: m.duration,
                nodes: document.getElementsByTagName('*').length,
                requestStart: request ? request.startTime - window.__atmKeyAt : null,
                responseEnd: request ? request.responseEnd - window.__atmKeyAt : null,
              });
            });
          });
          observer.observe(wrapper, { childList: true, subtree: true, characterData: true });
        });
    });
    let domElements = await page.evaluate(() => document.getElementsByTagName('*').length);
    const keyMs = [];
    const keySteps = [];
    const box = page.locator(SEARCH_BOX).first();
    for (const key of KEYS) {
      await box.fill('');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(400);
      await box.focus();
      const next = page.evaluate(() => window.__atmNextTable());
      await page.keyboard.press(key);
      const result = await next;
      keyMs.push(result.ms);
      keySteps.push(result);
      domElements = Math.max(domElements, result.nodes);
    }
    return { usableMs, domElements, keyMs, keySteps };
  } finally {
    await context.close();
  }
}
