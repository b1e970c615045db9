#!/usr/bin/env node
/**
 * npm run bench:request-cost [-- --shops=200 --duration=8 --rounds=2]
 * npm run bench:request-cost -- --flags="--max-semi-space-size=16" [--flags=...]
 *
 * What one small public answer costs the backend: `GET /api/shops/{id}` (about 1 KB, brotli)
 * from the public catalogue (ShopsController), against the node:http ceiling serving the same bytes
 * in the same run, with the production command, without its request lines (LOG_LEVEL=warn
 * writes none for a 200), and with `--optimize-for-size` added (the command before the heap's
 * limits replaced it). Beside the
 * rate, the backend's CPU per request (every thread: /proc/<pid>/stat over the run, warm-up
 * included), which a busy neighbour on the machine moves less than the rate. SQLite, the Node
 * that runs the bench. Prints a table; does not write RESULTS.md (see bench/FINDINGS.md).
 *
 * With `--flags` (each a set of Node flags after the production command's), it measures the
 * production command and each set instead: what a heap flag costs per request.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import { startCeiling } from './lib/ceiling.mjs';
import { ensureBenchDependencies } from './lib/dependencies.mjs';
import { adminSession, seedShops } from './lib/seed.mjs';
import { rawGet, startBackend } from './lib/server.mjs';

// autocannon comes with the bench, not the product: install it before loading lib/load.mjs.
ensureBenchDependencies();
const { measure } = await import('./lib/load.mjs');

const { values: opts } = parseArgs({
  options: {
    shops: { type: 'string', default: '200' },
    duration: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    flags: { type: 'string', multiple: true, default: [] },
  },
});
const load = { connections: 10, duration: Number(opts.duration), warmup: 2 };
const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

const CONFIGURATIONS = opts.flags.length
  ? [['production command', {}, []], ...opts.flags.map((set) => [set, {}, set.split(/\s+/).filter(Boolean)])]
  : [
      ['production command', {}, []],
      ['no request lines (LOG_LEVEL=warn)', { LOG_LEVEL: 'warn' }, []],
      ['with --optimize-for-size (the former command)', {}, ['--optimize-for-size']],
    ];

/** CPU time of a process and all its threads so far, in ms (user + system, 10 ms ticks). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measureConfiguration(name, env, nodeFlags) {
  const dir = mkdtempSync(`${tmpdir()}/atm-request-cost-`);
  const backend = await startBackend({
    nodeBin: process.execPath,
    nodeFlags,
    env: { DATA_DIR: dir, ...env },
  });
  let ceiling;
  try {
    await seedShops(backend.url, await adminSession(backend.url), Number(opts.shops));
    const shops = JSON.parse(
      (await rawGet(`${backend.url}/api/shops`, { 'accept-encoding': 'identity' })).body,
    );
    const path = `/api/shops/${shops[Math.floor(shops.length / 2)].id}`;
    ceiling = await startCeiling({
      backendUrl: backend.url,
      paths: [path],
      nodeBin: process.execPath,
      file: `${dir}/routes.json`,
    });
    const rows = [];
    for (let round = 1; round <= Number(opts.rounds); round++) {
      const top = await measure({ ...load, url: `${ceiling.url}${path}`, headers: HEADERS });
      const before = cpuMs(backend.pid);
      const ours = await measure({ ...load, url: `${backend.url}${path}`, headers: HEADERS });
      const requests = ours.rps * (load.duration + load.warmup);
      const cpuUs = ((cpuMs(backend.pid) - before) * 1000) / requests;
      rows.push({ name, round, ours, top, cpuUs });
    }
    return rows;
  } finally {
    await ceiling?.stop();
    await backend.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(
  `GET /api/shops/{id}, ${opts.shops} shops, ${load.connections} connections, ${load.duration} s a run\n`,
);
console.log(
  `${'Backend'.padEnd(48)} round  req/s  p99 ms  ceiling req/s  ratio  CPU µs/request`.replace(/ +$/, ''),
);
for (const [name, env, flags] of CONFIGURATIONS) {
  for (const { round, ours, top, cpuUs } of await measureConfiguration(name, env, flags)) {
    console.log(
      `${name.padEnd(48)} ${String(round).padStart(5)} ${ours.rps.toFixed(0).padStart(6)} ${String(ours.p99).padStart(7)} ` +
        `${top.rps.toFixed(0).padStart(14)} ${(ours.rps / top.rps).toFixed(2).padStart(6)} ${cpuUs.toFixed(0).padStart(15)}`,
    );
  }
}
