#!/usr/bin/env node
/**
 * npm run bench:nearby -- [--shops=10000] [--no-save]
 *
 * The "near me" and map budgets alone (lib/web-nearby.mjs): a fresh backend (SQLite, NODE_ENV=production,
 * serving the built frontends as `npm start` does) restored with `shops` shops, then in
 * Chromium: "Cerca de mí" → sorted grid, "Mapa" → clusters drawn, and the map code's gzip size.
 * Appends a section to RESULTS.md and writes results/latest-nearby-sqlite-node<N>.json.
 * Needs `npm run build` first (backend and the three frontends).
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import './lib/processes.mjs'; // installs the SIGINT/exit clean-up first
import { machineInfo } from './lib/machine.mjs';
import { figuresMarkdown, printFigures } from './lib/report.mjs';
import { resolveRuntime } from './lib/runtime.mjs';
import { adminSession } from './lib/seed.mjs';
import { startBackend } from './lib/server.mjs';
import { launchChromium } from './lib/web-browser.mjs';
import { nearbyAtScale } from './lib/web-nearby.mjs';
import { restoreShops } from './lib/web-seed.mjs';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const { values: opts } = parseArgs({
  options: {
    shops: { type: 'string', default: '10000' },
    save: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const { runtime } = resolveRuntime(opts);
const shops = Number(opts.shops);

console.log(`\n=== nearby: "near me" and the map on Node ${runtime.version}, ${shops} shops ===`);
const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-nearby-`);
let backend, browser;
try {
  backend = await startBackend({
    nodeBin: runtime.nodeBin,
    preloads: runtime.preloads,
    // Port 9 (discard) on loopback refuses connections: no tile is reachable, as offline.
    env: {
      DATA_DIR: dataDir,
      MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      MAP_TILE_ATTRIBUTION: 'none',
    },
  });
  console.log(`backend pid ${backend.pid} at ${backend.url}`);
  const seed = await restoreShops(backend.url, await adminSession(backend.url), shops);
  console.log(`restored ${shops} shops in ${seed.seconds.toFixed(1)} s`);
  browser = await launchChromium();
  const result = await nearbyAtScale(browser, backend.url, shops);
  console.log('');
  printFigures(result.rows);
  const budgetsHold = result.rows.every((row) => row.holds !== false);
  console.log(`\nBudgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}`);
  const run = {
    date: new Date().toISOString(),
    nodeVersion: runtime.version,
    machine: machineInfo(),
    shops,
    ...result,
    budgetsHold,
  };
  if (opts.save) save(run);
  process.exitCode = budgetsHold ? 0 : 2; // 2: measured fine, but a budget does not hold
} catch (error) {
  if (backend) console.error(`backend log (tail):\n${backend.output().slice(-3000)}`);
  throw error;
} finally {
  await browser?.close();
  await backend?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

function save(run) {
  const m = run.machine;
  const section = [
    '',
    `## ${run.date} — nearby: "near me" and the map, ${run.shops} shops (SQLite), Node ${run.nodeVersion}`,
    '',
    `Command: \`npm run bench:nearby\` (needs \`npm run build\`).`,
    '',
    `- Machine: ${m.cpuModel}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; load average at start ${m.loadAverage.join(' / ')}`,
    `- "Cerca de mí" presses (ms): ${run.presses.map((ms) => ms.toFixed(1)).join(', ')}`,
    `- "Mapa" openings (ms): ${run.openings.map((ms) => ms.toFixed(1)).join(', ')}`,
    `- Map code: ${run.mapFiles.join(', ')}`,
    '',
    figuresMarkdown(run.rows),
    '',
    `Budgets: ${run.budgetsHold ? 'all hold' : 'NOT all hold'}.`,
    '',
  ].join('\n');
  appendFileSync(`${BENCH_DIR}/RESULTS.md`, section);
  mkdirSync(`${BENCH_DIR}/results`, { recursive: true });
  const json = `${BENCH_DIR}/results/latest-nearby-sqlite-node${run.nodeVersion.replace(/^v/, '').split('.')[0]}.json`;
  writeFileSync(json, JSON.stringify(run, null, 2) + '\n');
  console.log(`appended to ${BENCH_DIR}/RESULTS.md, wrote ${json}`);
}
