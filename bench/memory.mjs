#!/usr/bin/env node
/**
 * npm run bench:memory [-- --shops=10000 --node-flag=--max-semi-space-size=2 --env=MALLOC_ARENA_MAX=2 ...]
 *
 * Where the backend's memory goes at rest. On SQLite and the production command (plus any
 * --node-flag), it seeds the shops, reads the public catalogue, the home page and the sitemap
 * (each builds and keeps what it serves), waits 50 s idle (V8's memory reducer starts after 8 s
 * of quiet), then collects all garbage. After each phase it prints the RSS split by kind of
 * mapping (lib/smaps.mjs); after the last, the main thread's heap before and after that
 * collection: what is alive against what the process holds. Prints; does not write RESULTS.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { memoryOf } from './lib/process-memory.mjs';
import { adminSession, seedShops } from './lib/seed.mjs';
import { envOptions, rawGet, startBackend } from './lib/server.mjs';
import { residentByKind } from './lib/smaps.mjs';

const { values: opts } = parseArgs({
  options: {
    shops: { type: 'string', default: '10000' },
    'node-flag': { type: 'string', multiple: true, default: [] },
    // NAME=value for the backend's environment (glibc's MALLOC_* tunables, for one)
    env: { type: 'string', multiple: true, default: [] },
    'idle-seconds': { type: 'string', default: '50' },
  },
});
const PROBE = fileURLToPath(new URL('./lib/preload/memory-probe.mjs', import.meta.url));
const READS = ['/api/shops', '/', '/sitemap.xml'];
const shops = Number(opts.shops);

const dir = mkdtempSync(`${tmpdir()}/atm-memory-`);
const rows = [];
let backend;
try {
  backend = await startBackend({
    nodeBin: process.execPath,
    preloads: [PROBE],
    nodeFlags: ['--expose-gc', ...opts['node-flag']],
    env: { ...envOptions(opts.env), DATA_DIR: dir },
  });
  const phase = (name) =>
    rows.push({ phase: name, rss: memoryOf(backend.pid).rss, ...residentByKind(backend.pid) });
  phase('started, empty');
  const cookie = await adminSession(backend.url);
  const seed = await seedShops(backend.url, cookie, shops);
  phase(`${shops} shops seeded (${seed.seconds.toFixed(0)} s)`);
  for (const path of READS) {
    const { status } = await rawGet(`${backend.url}${path}`, { 'accept-encoding': 'br' });
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    phase(`after GET ${path}`);
  }
  await new Promise((resolve) => setTimeout(resolve, Number(opts['idle-seconds']) * 1000));
  phase(`${opts['idle-seconds']} s idle`);
  process.kill(backend.pid, 'SIGWINCH');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  phase('after a full GC');
  // A heap snapshot asked for with --env=MEMORY_PROBE_SNAPSHOTS=<folder> takes a while to write.
  for (let waited = 0; waited < 120 && !backend.output().includes('SNAPSHOT '); waited++)
    await new Promise((resolve) => setTimeout(resolve, 1000));
  const heap = backend
    .output()
    .split('\n')
    .filter((line) => line.startsWith('MEMORY '))
    .map((line) => JSON.parse(line.slice('MEMORY '.length)));

  const round = (n) => (typeof n === 'number' ? n.toFixed(0) : n);
  console.log(
    `\nBackend memory, MB (node ${process.version}, flags: ${opts['node-flag'].join(' ') || 'production only'})`,
  );
  console.table(rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, round(v)]))));
  console.log('Main thread heap (process.memoryUsage), MB:');
  console.table(heap);
} finally {
  await backend?.stop();
  rmSync(dir, { recursive: true, force: true });
}
