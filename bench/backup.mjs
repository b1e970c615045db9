#!/usr/bin/env node
/**
 * npm run bench:backup -- [--dialect=sqlite|mysql] [--shops=1000] [--parallel=8] [--no-save]
 *
 * Per dialect (SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set): seed shops with two
 * uploaded ~200 KB images each, time the full backup against `zip -r` / `zip -0 -r` of the same
 * files, restore it into a second fresh backend, sample the backend's RSS during both, print
 * the table, append it to RESULTS.md and write results/latest-backup-<dialect>-node<N>.json.
 * Also run by `npm run bench -- --backup`. Needs `npm run build -w backend` first.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import './lib/processes.mjs'; // installs the SIGINT/exit clean-up first
import { benchBackup } from './lib/backup.mjs';
import { resolveRuntime } from './lib/runtime.mjs';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const { values: opts } = parseArgs({
  options: {
    dialect: { type: 'string' },
    shops: { type: 'string', default: '1000' },
    parallel: { type: 'string', default: '8' },
    save: { type: 'boolean', default: true },
  },
  allowNegative: true,
});

const { runtime, dialects } = resolveRuntime(opts);
let allHold = true;
for (const dialect of dialects) {
  const run = await benchBackup({
    dialect,
    runtime,
    shops: Number(opts.shops),
    parallel: Number(opts.parallel),
    save: opts.save,
    benchDir: BENCH_DIR,
  });
  allHold &&= run.budgetsHold;
}
process.exitCode = allHold ? 0 : 2; // 2: measured fine, but a budget does not hold
