/**
 * The stall budget (`npm run bench -- --only=stall`): on a fresh backend (SQLite,
 * NODE_ENV=production, serving the built frontends, no PUBLIC_URL) holding `shops` shops
 * restored as lib/web.mjs does, each hostile case runs while
 *   - a prober in a worker thread (stall-prober.mjs) asks `GET /api/health/live` every 50 ms
 *     (each on its own connection) and keeps the slowest answer, and
 *   - the backend measures its own event loop (perf_hooks.monitorEventLoopDelay, preloaded by
 *     preload/loop-delay.mjs), read before and after the case.
 * Reported per case: the slowest health answer, the backend's slowest loop delay, the slowest
 * hostile request and the statuses answered. Budgets: health < 100 ms, each request < 5 s
 * (a case may waive the second: the logins wait for their turn at argon2 by design).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { machineInfo } from './machine.mjs';
import { appendFiguresSection, printFigures } from './report.mjs';
import { adminSession } from './seed.mjs';
import { freePort, rawGet, rawRequest, startBackend } from './server.mjs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { timedRequest } from './timed-request.mjs';
import { restoreShops } from './web-seed.mjs';

const LOOP_DELAY_PRELOAD = fileURLToPath(new URL('./preload/loop-delay.mjs', import.meta.url));
const PROBER = fileURLToPath(new URL('./stall-prober.mjs', import.meta.url));
export const STALL_BUDGETS = { healthMs: 100, requestMs: 5000 };
const PROBE_EVERY_MS = 50;

/** Deterministic words (a small PRNG), so every run sends the same requests. */
function words(count, seed) {
  let state = seed;
  const next = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31);
  return Array.from({ length: count }, () => `w${(next() % 100_000).toString(36)}`).join(' ');
}

/**
 * Asks the health endpoint every PROBE_EVERY_MS until stopped, from a worker thread
 * (stall-prober.mjs); stop() resolves the slowest answer and the number of probes.
 */
async function startProber(url) {
  const worker = new Worker(PROBER, { workerData: { url, everyMs: PROBE_EVERY_MS } });
  await new Promise((resolve, reject) => worker.once('online', resolve).once('error', reject));
  return async () => {
    const result = new Promise((resolve, reject) => worker.once('message', resolve).once('error', reject));
    worker.postMessage('stop');
    const figures = await result;
    await worker.terminate();
    return figures;
  };
}

async function restoreTimed(url, cookie, shops, options) {
  const { seconds, answer } = await restoreShops(url, cookie, shops, options);
  console.log(`  (${options?.dryRun ? 'preview' : 'restore'}: ${JSON.stringify(answer).slice(0, 160)})`);
  return { status: 200, ms: seconds * 1000 };
}

function jsonBody(method, cookie, value) {
  const body = Buffer.from(JSON.stringify(value));
  return {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      'content-type': 'application/json',
      'content-length': body.length,
    },
    body,
  };
}

/** The export (header and rows) with every shop's phone number changed. */
function withNewPhones(csv) {
  const rows = parse(csv, { bom: true, columns: true });
  if (!rows.length || !('phone' in rows[0])) throw new Error('the export has no phone column');
  const edited = rows.map((row, i) => ({ ...row, phone: `+52 55 5${String(1_000_000 + i).slice(1)}` }));
  return stringify(edited, { header: true, columns: Object.keys(rows[0]) });
}

function multipartCsv(csv, cookie) {
  const boundary = `----atm-stall-bench-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shops.csv"\r\n` +
        'Content-Type: text/csv\r\n\r\n',
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: 'POST',
    headers: {
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    },
    body,
  };
}

/**
 * The hostile cases: each a name, a function sending its requests (resolving their answers) and
 * optionally its request budget (null: none).
 */
function hostileCases(url, cookie, csvOf10k, shops, firstShopId) {
  const pages = Math.ceil(shops / 12);
  // Request bodies are made before any case starts: building them is the bench's work, not the server's.
  const dryRunBody = multipartCsv(csvOf10k, cookie);
  const importBody = multipartCsv(withNewPhones(csvOf10k), cookie);
  const floodBody = multipartCsv(`${csvOf10k.split(/\r?\n/)[0]}\n${'\n'.repeat(200_000)}`, cookie);
  const randomPage = (i) => 1 + ((i * 7919) % pages);
  const all = (requests) => Promise.all(requests);
  return [
    [
      'SSR listing, q of 3,000 words',
      // One-letter words: Node refuses request heads over 16 KB (431) before the app sees them.
      () => all([timedRequest(`${url}/?q=${encodeURIComponent('a '.repeat(3000))}`)]),
    ],
    [
      'SSR listing, 20 searches at the limits (10 words, ≤ 200 characters) on random pages',
      () =>
        all(
          Array.from({ length: 20 }, (_, i) =>
            timedRequest(
              `${url}/?q=${encodeURIComponent(`a e ${words(8, i + 2)}`.slice(0, 200))}&page=${randomPage(i)}`,
            ),
          ),
        ),
    ],
    [
      '40 uncached SSR listing pages at once',
      () => all(Array.from({ length: 40 }, (_, i) => timedRequest(`${url}/?page=${2 + i * 3}`))),
    ],
    [
      '30 API listing pages, 60-word searches, random pages, at once',
      () =>
        all(
          Array.from({ length: 30 }, (_, i) =>
            timedRequest(
              `${url}/api/shops/listing?q=${encodeURIComponent(words(60, 100 + i))}&page=${randomPage(i)}`,
            ),
          ),
        ),
    ],
    [
      '30 API listing pages, 2-word searches that match, random pages, at once',
      () =>
        all(
          Array.from({ length: 30 }, (_, i) =>
            timedRequest(`${url}/api/shops/listing?q=a%20e&page=${1_000 + randomPage(i) * 13 + i}`),
          ),
        ),
    ],
    [
      `CSV export of ${shops.toLocaleString('en')} shops`,
      () =>
        all([
          timedRequest(`${url}/api/admin/shops/export.csv`, {
            headers: { cookie, 'accept-encoding': 'gzip' },
          }),
        ]),
    ],
    [
      // The catalogue's every shop as indented JSON (about 11 MB at 10,000 shops).
      `data-only backup of ${shops.toLocaleString('en')} shops`,
      () => all([timedRequest(`${url}/api/admin/backup/data`, { method: 'POST', headers: { cookie } })]),
    ],
    [
      `CSV dry run of ${shops.toLocaleString('en')} rows`,
      () => all([timedRequest(`${url}/api/admin/shops/import?dryRun=true`, dryRunBody)]),
    ],
    [
      `CSV import of ${shops.toLocaleString('en')} rows, each changing a shop's phone number`,
      () => all([timedRequest(`${url}/api/admin/shops/import`, importBody)]),
    ],
    [
      'CSV of a header and 200,000 empty lines',
      () => all([timedRequest(`${url}/api/admin/shops/import?dryRun=true`, floodBody)]),
    ],
    [
      // Every change makes the next public request rebuild the catalogue of every shop.
      'an administrator changes a phone number, then 10 public requests at once',
      async () => {
        const edit = await timedRequest(
          `${url}/api/admin/shops/${firstShopId}`,
          jsonBody('PUT', cookie, { phone: `+52 55 5555 ${Date.now() % 10_000}` }),
        );
        const reads = await all(
          Array.from({ length: 10 }, (_, i) =>
            timedRequest(`${url}${['/', '/api/shops/listing', '/api/shops'][i % 3]}`),
          ),
        );
        return [edit, ...reads];
      },
    ],
    [
      `restore preview (dry run) of a backup of ${shops.toLocaleString('en')} shops`,
      () => all([restoreTimed(url, cookie, shops, { dryRun: true })]),
    ],
    [
      // The seed's backup again: every shop is written anew in one transaction.
      `restore of a backup of ${shops.toLocaleString('en')} shops that replaces every one`,
      () => all([restoreTimed(url, cookie, shops)]),
    ],
    [
      // Each from its own address, so the login limit lets all through to the password hashing.
      '40 logins of unknown users from 40 addresses at once',
      () =>
        all(
          Array.from({ length: 40 }, (_, i) =>
            timedRequest(`${url}/api/auth/login`, {
              ...jsonBody('POST', null, { username: `nobody-${i}`, password: 'not-a-password' }),
              localAddress: `127.0.0.${i + 2}`,
            }),
          ),
        ),
      // The last one waits for 39 hashes in turn (production's argon2 cost): the queue's bound.
      { requestMs: null },
    ],
    [
      'sitemap.xml with 20 random Host headers',
      () =>
        all(
          Array.from({ length: 20 }, (_, i) =>
            timedRequest(`${url}/sitemap.xml`, {
              headers: { host: `h${i}-${Date.now()}.example`, 'accept-encoding': 'br' },
            }),
          ),
        ),
    ],
  ];
}

export async function benchStall({
  runtime,
  shops = 10_000,
  save = true,
  benchDir,
  cpuProfileDir,
  only,
  nodeFlags = [],
}) {
  // --stall-cases=<words,...>: only the cases whose name holds one of them; such a partial run is
  // printed, never recorded.
  const picked = only ? only.split(',').map((word) => word.trim().toLowerCase()) : undefined;
  // --stall-node-flag=<flag> (repeatable): after the production command's, for experiments; such
  // a run is not recorded either.
  if (picked || nodeFlags.length) save = false;
  console.log(`\n=== stall: hostile requests on Node ${runtime.version}, ${shops} shops ===`);
  const machine = machineInfo();
  const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-stall-`);
  let backend;
  try {
    const loopPort = await freePort();
    backend = await startBackend({
      nodeBin: runtime.nodeBin,
      preloads: [...runtime.preloads, LOOP_DELAY_PRELOAD],
      env: { DATA_DIR: dataDir, BENCH_LOOP_PORT: String(loopPort) },
      // --stall-cpu-prof=<dir>: the backend's CPU profile of the whole run, written when it stops.
      nodeFlags: [...nodeFlags, ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [])],
    });
    console.log(`backend pid ${backend.pid} at ${backend.url}`);
    const loopDelay = async () => JSON.parse((await rawGet(`http://127.0.0.1:${loopPort}/`)).body.toString());
    const cookie = await adminSession(backend.url);
    const seed = await restoreShops(backend.url, cookie, shops);
    console.log(`restored ${shops} shops in ${seed.seconds.toFixed(1)} s`);
    const exported = await rawRequest('GET', `${backend.url}/api/admin/shops/export.csv`, {
      headers: { cookie },
    });
    if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);
    const csv = exported.body.toString('utf8');
    // Warm: the catalogue and the first page are built before the first case.
    const home = await rawGet(`${backend.url}/`);
    if (home.status !== 200)
      throw new Error(`GET / answered ${home.status}: build the frontends first (node tools/build-all.mjs)`);
    const firstShopId = JSON.parse((await rawGet(`${backend.url}/api/shops/listing`)).body).items[0].id;

    const rows = [];
    const details = [];
    const cases = hostileCases(backend.url, cookie, csv, shops, firstShopId).filter(
      ([name]) => !picked || picked.some((word) => name.toLowerCase().includes(word)),
    );
    if (!cases.length) throw new Error(`--stall-cases=${only} names no case`);
    for (const [name, send, { requestMs = STALL_BUDGETS.requestMs } = {}] of cases) {
      await new Promise((resolve) => setTimeout(resolve, 300)); // let the previous case settle
      await loopDelay(); // starts the backend's histogram over
      const stopProber = await startProber(backend.url);
      const started = performance.now();
      const answers = await send();
      const wallMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 2 * PROBE_EVERY_MS));
      const probe = await stopProber();
      const loop = await loopDelay();
      const slowestRequestMs = Math.max(...answers.map((a) => a.ms));
      const statuses = [...new Set(answers.map((a) => a.status))].sort().join('/');
      const holds =
        probe.slowestMs < STALL_BUDGETS.healthMs && (requestMs === null || slowestRequestMs < requestMs);
      console.log(
        `${name}: health worst ${probe.slowestMs.toFixed(0)} ms (${probe.probes} probes), loop delay max ${loop.maxMs.toFixed(0)} ms, ` +
          `longest GC ${loop.gcLongestMs.toFixed(0)} ms (${loop.gcTotalMs.toFixed(0)} ms in all), ` +
          `slowest request ${slowestRequestMs.toFixed(0)} ms, all ${wallMs.toFixed(0)} ms, status ${statuses}`,
      );
      details.push({ name, probe, loop, slowestRequestMs, wallMs, statuses, requests: answers.length });
      rows.push({
        name: `${name}: slowest health answer / loop delay max / slowest request (status ${statuses})`,
        value: `${probe.slowestMs.toFixed(0)} / ${loop.maxMs.toFixed(0)} / ${slowestRequestMs.toFixed(0)}`,
        unit: 'ms',
        budget: `< ${STALL_BUDGETS.healthMs} / — / ${requestMs === null ? '—' : `< ${requestMs}`}`,
        holds,
      });
    }
    printFigures(rows);
    const budgetsHold = rows.every((row) => row.holds);
    if (save)
      appendFiguresSection(benchDir, {
        title: `stall, sqlite, Node ${runtime.version}`,
        machine,
        lines: [
          `Shops: ${shops} restored in ${seed.seconds.toFixed(1)} s; no PUBLIC_URL; health probed every ${PROBE_EVERY_MS} ms on new connections`,
          'Figures per case: the slowest /api/health/live answer during it, the backend’s slowest event-loop delay (monitorEventLoopDelay, 10 ms resolution), the slowest hostile request',
        ],
        rows,
      });
    return { budgetsHold, details };
  } finally {
    await backend?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
