#!/usr/bin/env node
/**
 * npm run bench:backup -- [--dialect=sqlite|mysql] [--shops=1000] [--parallel=8] [--store=local|s3]
 *   [--node-flag=--max-semi-space-size=16 ...] [--env=MALLOC_ARENA_MAX=2 ...] [--no-save]
 *
 * Per dialect (SQLite always, MariaDB/MySQL when TEST_MYSQL_URL is set): seed shops with two
 * uploaded ~200 KB images each, time the full backup against `zip -r` / `zip -0 -r` of the same
 * files, restore it into a second fresh backend, sample the backend's RSS during both, print
 * the table, append it to RESULTS.md and write results/latest-backup-<dialect>-node<N>.json.
 * `--store=s3` keeps the images in S3 (s3rver on loopback, one per backend); `--node-flag` and
 * `--env` add to the production command, for experiments.
 * Also run by `npm run bench -- --backup`. Needs `npm run build -w backend` first.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import './lib/processes.mjs'; // installs the SIGINT/exit clean-up first
import { benchBackup } from './lib/backup.mjs';
import { resolveRuntime } from './lib/runtime.mjs';
import { envOptions } from './lib/server.mjs';

const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/\/$/, '');
const { values: opts } = parseArgs({
  options: {
    dialect: { type: 'string' },
    shops: { type: 'string', default: '1000' },
    parallel: { type: 'string', default: '8' },
    store: { type: 'string', default: 'local' },
    'node-flag': { type: 'string', multiple: true, default: [] },
    env: { type: 'string', multiple: true, default: [] },
    save: { type: 'boolean', default: true },
  },
  allowNegative: true,
});

if (!['local', 's3'].includes(opts.store)) throw new Error(`--store is local or s3, not ${opts.store}`);
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
    store: opts.store,
    nodeFlags: opts['node-flag'],
    extraEnv: envOptions(opts.env),
  });
  allHold &&= run.budgetsHold;
}
process.exitCode = allHold ? 0 : 2; // 2: measured fine, but a budget does not hold
