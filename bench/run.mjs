#!/usr/bin/env node
/**
 * npm run bench -- [--backup] [--dialect=sqlite|mysql] [--shops=1000] [--duration=10] [--warmup=2] [--connections=50]
 *                 [--slices=3]
 *                 [--only=api|web|pages|admin|admin-load|stall|start|touch] [--web-shops=10000] [--lighthouse-runs=5]
 *
 * Per dialect (SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set): start the built
 * backend on a fresh database, seed shops through the API, measure each route with autocannon,
 * measure the same requests against a bare node:http ceiling serving the backend's own bytes,
 * print the table, append it to RESULTS.md and write results/latest-<dialect>-node<N>.json.
 * With --backup, also the backup/restore bench per dialect (lib/backup.mjs, as npm run bench:backup).
 * Then the public page's figures (lib/web.mjs: Lighthouse, bundle report, filtering at 10,000
 * shops, the server-rendered pages' size, cost and Lighthouse scores); --only=api, --only=web or
 * --only=admin runs one part, --only=pages only the server-rendered pages' figures of the web part. Needs `npm run build` (all workspaces) first.
 * The API part alone needs only `npm run build -w backend`. --only=stall runs the hostile
 * requests at 10,000 shops while the event loop is probed (lib/stall.mjs). --only=start times
 * production's command to its first health answer, 5 starts (lib/start.mjs); only on request.
 * --only=touch times a tap on each public page to its scripts' answer at 4× CPU (lib/touch.mjs);
 * --touch-profile=<dir> also writes a CPU profile of each page's first tap there.
 * --only=admin-load times a cold load of /admin at 2,000 shops, 5 loads, with the waterfall
 * (lib/admin-load.mjs); only on request.
 * --node-flag=<flag> (repeatable) starts the API part's backend with it (e.g. --cpu-prof
 * --node-flag=--cpu-prof-dir=/tmp/prof: its CPU profile, written when it stops).
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import './lib/processes.mjs'; // installs the SIGINT/exit clean-up first
import { ensureBenchDependencies } from './lib/dependencies.mjs';
import { benchBackup } from './lib/backup.mjs';
import { resolveRuntime } from './lib/runtime.mjs';

// Lighthouse and autocannon come with the bench, not the product: install them before loading
// the modules that import them.
ensureBenchDependencies();
const { benchApi } = await import('./lib/api.mjs');
const { benchWeb } = await import('./lib/web.mjs');
const { benchAdmin } = await import('./lib/admin.mjs');
const { benchStall } = await import('./lib/stall.mjs');
const { benchStart } = await import('./lib/start.mjs');
const { benchTouch } = await import('./lib/touch.mjs');
const { benchAdminLoad } = await import('./lib/admin-load.mjs');

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const { values: opts } = parseArgs({
  options: {
    dialect: { type: 'string' },
    shops: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    'write-connections': { type: 'string', default: '10' },
    slices: { type: 'string', default: '3' },
    save: { type: 'boolean', default: true },
    backup: { type: 'boolean', default: false },
    only: { type: 'string' },
    'web-shops': { type: 'string', default: '10000' },
    'lighthouse-runs': { type: 'string', default: '5' },
    'stall-cpu-prof': { type: 'string' },
    'touch-profile': { type: 'string' },
    'stall-cases': { type: 'string' },
    'stall-node-flag': { type: 'string', multiple: true, default: [] },
    'node-flag': { type: 'string', multiple: true, default: [] },
  },
  allowNegative: true,
});
const settings = {
  shops: Number(opts.shops),
  duration: Number(opts.duration),
  warmup: Number(opts.warmup),
  connections: Number(opts.connections),
  // Login and writes are CPU-bound by design (argon2id; a catalogue rebuild per write): 50
  // queued connections would only measure the queue, so they run with fewer.
  writeConnections: Number(opts['write-connections']),
  // Runs of the backend and of its ceiling taken in turns (measureBeside).
  slices: Math.max(1, Number(opts.slices)),
};

const { runtime, dialects } = resolveRuntime(opts);

let allHold = true;
const ONLY = ['api', 'web', 'pages', 'admin', 'admin-load', 'stall', 'start', 'touch'];

if (opts.only !== undefined && !ONLY.includes(opts.only))
  throw new Error(`--only must be one of ${ONLY.join(', ')}, got "${opts.only}"`);
for (const dialect of opts.only === undefined || opts.only === 'api' ? dialects : []) {
  const run = await benchApi({
    dialect,
    runtime,
    settings,
    save: opts.save,
    benchDir: BENCH_DIR,
    nodeFlags: opts['node-flag'],
  });
  allHold &&= run.budgetsHold;
  if (opts.backup) {
    const backup = await benchBackup({ dialect, runtime, save: opts.save, benchDir: BENCH_DIR });
    allHold &&= backup.budgetsHold;
  }
}
if (opts.only === undefined || opts.only === 'stall') {
  // Hostile requests at 10,000 shops while the event loop is probed: lib/stall.mjs.
  const stall = await benchStall({
    runtime,
    shops: Number(opts['web-shops']),
    save: opts.save,
    benchDir: BENCH_DIR,
    cpuProfileDir: opts['stall-cpu-prof'],
    only: opts['stall-cases'],
    nodeFlags: opts['stall-node-flag'],
  });
  allHold &&= stall.budgetsHold;
}
if (opts.only === undefined || opts.only === 'admin') {
  // The back office at 10,000 shops: lib/admin.mjs.
  const admin = await benchAdmin({
    runtime,
    shops: Number(opts['web-shops']),
    duration: settings.duration,
    warmup: settings.warmup,
    save: opts.save,
    benchDir: BENCH_DIR,
  });
  allHold &&= admin.budgetsHold;
}
if (opts.only === undefined || opts.only === 'web' || opts.only === 'pages') {
  const web = await benchWeb({
    runtime,
    only: opts.only ?? 'web',
    shops: Number(opts['web-shops']),
    lighthouseRuns: Number(opts['lighthouse-runs']),
    duration: settings.duration,
    warmup: settings.warmup,
    save: opts.save,
    benchDir: BENCH_DIR,
  });
  allHold &&= web.budgetsHold;
}
if (opts.only === 'start') {
  const start = await benchStart({ runtime, save: opts.save, benchDir: BENCH_DIR });
  allHold &&= start.budgetsHold;
}
if (opts.only === 'touch') {
  // First touch → live at 4× CPU slowdown on the public pages (lib/touch.mjs); only on request.
  const touch = await benchTouch({
    runtime,
    save: opts.save,
    benchDir: BENCH_DIR,
    profileDir: opts['touch-profile'],
  });
  allHold &&= touch.budgetsHold;
}
if (opts.only === 'admin-load') {
  const load = await benchAdminLoad({ runtime, save: opts.save, benchDir: BENCH_DIR });
  allHold &&= load.budgetsHold;
}
process.exitCode = allHold ? 0 : 2; // 2: measured fine, but a budget does not hold
