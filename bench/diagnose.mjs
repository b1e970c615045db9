#!/usr/bin/env node
/**
 * npm run bench:diagnose [-- --shops=1000 --duration=5]
 *
 * Why is GET /api/shops below its ceiling? On SQLite and the current Node:
 *  1. a ladder: the bare node:http ceiling, then Express serving the same bytes with the
 *     backend's global middleware added one layer at a time, then the real backend;
 *  2. a CPU profile of the backend while it answers the 304 revalidation, self time grouped
 *     by package (Nest, TypeORM, better-sqlite3, helmet, ...).
 * Prints the findings; does not write RESULTS.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnTracked, stopChild } from './lib/processes.mjs';
import { startCeiling } from './lib/ceiling.mjs';
import { ensureBenchDependencies } from './lib/dependencies.mjs';
import { timeByOwner } from './lib/profile.mjs';
import { adminSession, seedShops } from './lib/seed.mjs';
import { HOST, startBackend } from './lib/server.mjs';

// autocannon comes with the bench, not the product: install it before loading lib/load.mjs.
ensureBenchDependencies();
const { measure } = await import('./lib/load.mjs');

const { values: opts } = parseArgs({
  options: { shops: { type: 'string', default: '1000' }, duration: { type: 'string', default: '5' } },
});
const LADDER = fileURLToPath(new URL('./lib/ladder-server.mjs', import.meta.url));
const PROFILER = fileURLToPath(new URL('./lib/preload/cpu-profile.mjs', import.meta.url));
const load = { connections: 50, duration: Number(opts.duration), warmup: 1 };

const dir = mkdtempSync(`${tmpdir()}/atm-diagnose-`);
let backend, ceiling;
try {
  backend = await startBackend({
    nodeBin: process.execPath,
    preloads: [PROFILER],
    env: { DATA_DIR: dir, BENCH_CPU_PROFILE: `${dir}/backend.cpuprofile` },
  });
  const cookie = await adminSession(backend.url);
  await seedShops(backend.url, cookie, Number(opts.shops));
  ceiling = await startCeiling({
    backendUrl: backend.url,
    paths: ['/api/shops'],
    nodeBin: process.execPath,
    file: `${dir}/routes.json`,
  });
  const etag = ceiling.etagOf('/api/shops');
  const cases = [
    ['200 gzip', { 'accept-encoding': 'gzip' }, 200],
    ['304', { 'accept-encoding': 'gzip', 'if-none-match': etag }, 304],
  ];

  const rungs = [
    ['node:http ceiling', ceiling.url],
    ...(
      await Promise.all(
        ['', 'helmet', 'helmet,compression', 'helmet,compression,guard,json'].map(async (layers) => [
          `express${layers ? ' + ' + layers.replaceAll(',', ' + ') : ' (bare)'}`,
          await startLadder(`${dir}/routes.json`, layers),
        ]),
      )
    ).map(([name, l]) => [name, l.url, l]),
    ['backend (Nest, version query per request)', backend.url],
  ];
  console.log(`\n${'Server'.padEnd(48)} ${cases.map(([n]) => `${n} req/s  p99`.padStart(18)).join(' ')}`);
  for (const [name, url] of rungs) {
    const cells = [];
    for (const [, headers, expect] of cases) {
      const r = await measure({ ...load, url: `${url}/api/shops`, headers, expect });
      cells.push(`${r.rps.toFixed(0).padStart(10)} ${String(r.p99).padStart(5)} ms`);
    }
    console.log(`${name.padEnd(48)} ${cells.join(' ')}`);
  }
  for (const [, , ladder] of rungs) await ladder?.stop();

  // CPU profile of the 304 path alone: restart the profiler, load, write.
  process.kill(backend.pid, 'SIGWINCH'); // ends the profile so far (seed, ladder), starts anew
  await new Promise((r) => setTimeout(r, 500));
  await measure({ ...load, warmup: 0, url: `${backend.url}/api/shops`, headers: cases[1][1], expect: 304 });
  process.kill(backend.pid, 'SIGWINCH');
  await new Promise((r) => setTimeout(r, 1500));
  const profile = JSON.parse(readFileSync(`${dir}/backend.cpuprofile`, 'utf8'));
  const shares = timeByOwner(profile, ['currentVersion', 'getCatalog', 'sendDocument', 'writeHead', 'end']);
  console.log(
    '\nBackend CPU while serving 304s (share of busy time; inclusive = on the stack, self = running):',
  );
  for (const { owner, inclusive, self } of shares.slice(0, 22)) {
    console.log(
      `  ${(inclusive * 100).toFixed(1).padStart(5)} % incl  ${(self * 100).toFixed(1).padStart(5)} % self  ${owner}`,
    );
  }
} finally {
  await ceiling?.stop();
  await backend?.stop();
  rmSync(dir, { recursive: true, force: true });
}

async function startLadder(routesFile, layers) {
  const child = spawnTracked(process.execPath, [LADDER, routesFile, layers], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(child.stdout, 'data');
  return { url: `http://${HOST}:${String(line).trim()}`, stop: () => stopChild(child) };
}
