/** The API part of the bench (run.mjs --only=api): each route of the built backend against its node:http ceiling. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startCeiling } from './ceiling.mjs';
import { measure } from './load.mjs';
import { machineInfo, sqliteVersion } from './machine.mjs';
import { createDatabase } from './mysql.mjs';
import { markdownTable, printTable, saveRun, verdict } from './report.mjs';
import { ADMIN, adminSession, seedShops, shopBody } from './seed.mjs';
import { rawGet, startBackend } from './server.mjs';

/** What Chromium sends as Accept-Encoding: the small answers are measured as a browser asks (the backend answers brotli). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** The per-request budgets: small JSON answers at 0.3 of their ceiling or more, server-rendered pages at 0.2. */
const SMALL_JSON_BUDGET = { minRatio: 0.3 };
const PAGE_BUDGET = { minRatio: 0.2 };

/**
 * One dialect's API figures (see run.mjs): seed `settings.shops` shops through the API, measure
 * each route beside its node:http ceiling, append the table to RESULTS.md.
 */
export async function benchApi({ dialect, runtime, settings, save, benchDir, nodeFlags = [] }) {
  console.log(`\n=== ${dialect} on Node ${runtime.version}: ${settings.shops} shops ===`);
  const dataDir = mkdtempSync(`${tmpdir()}/atm-bench-`);
  let database, backend, ceiling;
  try {
    if (dialect === 'mysql') database = await createDatabase(process.env.TEST_MYSQL_URL);
    backend = await startBackend({
      nodeBin: runtime.nodeBin,
      preloads: runtime.preloads,
      env: { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) },
      nodeFlags,
    });
    console.log(`backend pid ${backend.pid} at ${backend.url}`);
    const cookie = await adminSession(backend.url);
    const parallel = 8;
    const seed = await seedShops(backend.url, cookie, settings.shops, parallel);
    const failed = Object.entries(seed.failures)
      .map(([status, n]) => `${n}× ${status}`)
      .join(', ');
    console.log(
      `seeded ${settings.shops} shops in ${seed.seconds.toFixed(1)} s (${seed.perSecond.toFixed(1)}/s)` +
        (failed ? `; answers retried: ${failed}; first backend error:` : ''),
    );
    if (failed) console.log(firstError(backend.output()));

    const oneId = seed.ids[Math.floor(seed.ids.length / 2)];
    const paths = ['/api/shops', `/api/shops/${oneId}`, '/api/shops/categories', '/api/shops/listing?page=1'];
    // The server-rendered pages, when the frontends are built (`npm run build`): `/` and a shop
    // page are measured against their ceiling beside the small JSON answers.
    const pages = await renderedPages(backend.url, oneId);
    paths.push(...pages);
    ceiling = await startCeiling({
      backendUrl: backend.url,
      paths,
      nodeBin: runtime.nodeBin,
      file: `${dataDir}/ceiling-routes.json`,
    });
    console.log(`ceiling pid ${ceiling.pid} at ${ceiling.url}`);
    const etag = ceiling.etagOf('/api/shops');
    const sizes = await responseSizes(backend.url, paths);

    const read = { connections: settings.connections, duration: settings.duration, warmup: settings.warmup };
    const shopsBudget = { minRatio: 0.5, maxP99: 50 };
    const scenarios = [
      {
        name: 'GET /api/shops (gzip)',
        path: '/api/shops',
        headers: { 'accept-encoding': 'gzip' },
        budget: shopsBudget,
      },
      {
        name: 'GET /api/shops (br)',
        path: '/api/shops',
        headers: { 'accept-encoding': 'br' },
        budget: shopsBudget,
      },
      {
        name: 'GET /api/shops If-None-Match (304)',
        path: '/api/shops',
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
        expect: 304,
        budget: { minRatio: 0.5 },
      },
      {
        // No budget: where p99 stands when fewer requests queue (see FINDINGS.md).
        name: 'GET /api/shops (gzip), 10 connections',
        path: '/api/shops',
        headers: { 'accept-encoding': 'gzip' },
        connections: 10,
      },
      {
        name: 'GET /api/shops/{id}',
        path: paths[1],
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
        budget: SMALL_JSON_BUDGET,
      },
      {
        name: 'GET /api/shops/categories',
        path: paths[2],
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
      },
      {
        name: 'GET /api/shops/listing?page=1',
        path: paths[3],
        headers: { 'accept-encoding': BROWSER_ENCODINGS },
        budget: SMALL_JSON_BUDGET,
      },
      ...pages.map((path) => ({
        name: `GET ${path === '/' ? '/' : '/shops/{slug}'} (server-rendered)`,
        path,
        headers: { 'accept-encoding': 'br' },
        budget: PAGE_BUDGET,
      })),
    ];
    const rows = [];
    for (const s of scenarios) {
      const options = {
        ...read,
        connections: s.connections ?? read.connections,
        headers: s.headers,
        expect: s.expect ?? 200,
      };
      const { result, ceiling: ceil } = await measureBeside(
        settings,
        options,
        backend.url + s.path,
        ceiling.url + s.path,
      );
      rows.push({ name: s.name, result, ceiling: ceil, ratio: result.rps / ceil.rps, budget: s.budget });
      logRow(rows.at(-1));
    }

    const write = {
      connections: settings.writeConnections,
      duration: settings.duration,
      warmup: settings.warmup,
    };
    const json = { 'content-type': 'application/json' };
    rows.push({
      name: 'POST /api/auth/login',
      result: await measure({
        ...write,
        url: `${backend.url}/api/auth/login`,
        method: 'POST',
        headers: json,
        body: JSON.stringify(ADMIN),
      }),
    });
    logRow(rows.at(-1));
    // Last, because every write grows the directory and rebuilds the catalogue.
    let n = settings.shops;
    rows.push({
      name: 'POST /api/admin/shops',
      result: await measure({
        ...write,
        url: `${backend.url}/api/admin/shops`,
        method: 'POST',
        headers: { ...json, cookie },
        setupRequest: (req) => ({ ...req, body: JSON.stringify(shopBody(n++)) }),
        expect: 201,
      }),
    });
    logRow(rows.at(-1));

    console.log('');
    printTable(rows);
    const budgetsHold = rows.every((r) => verdict(r)?.holds !== false);
    const run = {
      date: new Date().toISOString(),
      dialect,
      dialectVersion: database ? database.serverVersion : `SQLite ${sqliteVersion(runtime)}`,
      nodeVersion: runtime.version,
      machine: machineInfo(),
      shops: settings.shops,
      shopsAfterWrites: n,
      seed: {
        seconds: seed.seconds,
        perSecond: seed.perSecond,
        parallel,
        retriedFailures: seed.failures,
        firstError: firstError(backend.output()).slice(0, 200),
      },
      settings,
      sizes,
      rows,
      budgetsHold,
    };
    console.log(`\nBudgets: ${budgetsHold ? 'all hold' : 'NOT all hold'}`);
    if (save) {
      const saved = saveRun({ dir: benchDir, run });
      console.log(`appended to ${saved.file}, wrote ${saved.json}`);
    } else {
      console.log(markdownTable(rows));
    }
    return run;
  } catch (error) {
    if (backend) console.error(`backend log (tail):\n${backend.output().slice(-3000)}`);
    throw error;
  } finally {
    await ceiling?.stop();
    await backend?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The backend and its ceiling in alternating slices (ours, ceiling, ceiling, ours, ...) that
 * together last `duration`: this machine's speed drifts within minutes (the ceiling alone
 * moved between 20,500 and 38,100 req/s in slices a few seconds apart), so the ratio compares
 * runs measured side by side rather than one run of each. Each slice warms up again, 1 s after
 * the first (new connections). req/s over all slices (each over its real duration); p50, p99
 * and the longest latency of the worst slice.
 */
async function measureBeside(settings, options, oursUrl, ceilingUrl) {
  const slices = { ours: [], ceiling: [] };
  const duration = Math.max(1, Math.round(options.duration / settings.slices));
  for (let i = 0; i < settings.slices; i++) {
    const warmup = i === 0 ? options.warmup : Math.min(1, options.warmup);
    for (const who of i % 2 === 0 ? ['ours', 'ceiling'] : ['ceiling', 'ours']) {
      const url = who === 'ours' ? oursUrl : ceilingUrl;
      slices[who].push(await measure({ ...options, url, duration, warmup }));
    }
  }
  return { result: together(slices.ours), ceiling: together(slices.ceiling) };
}

/** Several runs of one measure() as one. */
function together(runs) {
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0);
  const worst = (key) => Math.max(...runs.map((run) => run[key]));
  const statuses = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.statuses)) statuses[code] = (statuses[code] ?? 0) + count;
  const responses = sum('responses');
  return {
    ...runs[0],
    rps: Math.round((runs.reduce((t, run) => t + run.rps * run.duration, 0) / sum('duration')) * 10) / 10,
    p50: worst('p50'),
    p90: worst('p90'),
    p99: worst('p99'),
    maxLatency: worst('maxLatency'),
    bytesPerRequest: Math.round(
      runs.reduce((t, run) => t + run.bytesPerRequest * run.responses, 0) / (responses || 1),
    ),
    responses,
    statuses,
    unexpected: sum('unexpected'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    duration: sum('duration'),
    slices: runs.map((run) => run.rps),
  };
}

/** The first error line of the backend's log, without colour codes. */
function firstError(log) {
  const line = log
    .replace(new RegExp(String.fromCharCode(27) + '\\[[0-9;]*m', 'g'), '')
    .split('\n')
    .find((l) => l.includes('ERROR'));
  return line ? `backend: ${line.trim()}` : '';
}

function logRow(row) {
  const r = row.result;
  const c = row.ceiling
    ? ` | ceiling ${r.rps ? row.ceiling.rps.toFixed(0) : '-'} req/s p99 ${row.ceiling.p99} ms | ratio ${row.ratio.toFixed(2)}`
    : '';
  console.log(
    `${row.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, unexpected ${r.unexpected}, errors ${r.errors}${c}`,
  );
}

/** `/` and the page of shop `id`, if the backend renders them (frontends built); else none. */
async function renderedPages(url, id) {
  const home = await rawGet(`${url}/`);
  if (home.status !== 200 || !String(home.headers['content-type']).startsWith('text/html')) return [];
  const { slug } = JSON.parse((await rawGet(`${url}/api/shops/${id}`)).body);
  return ['/', `/shops/${slug}`];
}

async function responseSizes(url, paths) {
  const out = [];
  for (const [path, enc] of [
    [paths[0], 'identity'],
    [paths[0], 'gzip'],
    [paths[0], 'br'],
  ]) {
    out.push(`${path} ${enc} ${(await rawGet(url + path, { 'accept-encoding': enc })).body.length} B`);
  }
  return out.join(', ');
}
