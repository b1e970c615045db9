/**
 * The server-rendered public pages against a backend with a large directory:
 *   - the first HTML answer's size as sent, with Accept-Encoding gzip and br (budget for `/`:
 *     under 60 KB compressed), and the time of that first, uncached render;
 *   - each page's cost in req/s against `GET /api/shops/<id>` (the cheapest public read),
 *     autocannon at 10 connections, all in the same run: the API before and after each page
 *     (API, /, API, /en/, API, shop, API), and for each page the mean of the two API runs beside
 *     it as its baseline, so the machine's load drifting during the run (it is shared) weighs
 *     on both sides alike. Budget: the API's req/s ÷ the page's ≤ 3.
 */
import { performance } from 'node:perf_hooks';
import { measure } from './load.mjs';
import { rawGet } from './server.mjs';

export const HTML_BUDGET_BYTES = 60 * 1024;
export const PAGE_COST_BUDGET = 3;
const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

/** `/`, `/en/` and one shop's page (the listing's first shop, as a visitor's first click). */
export async function publicPaths(url) {
  const shops = JSON.parse((await rawGet(`${url}/api/shops`)).body.toString());
  if (!shops.length) throw new Error('the directory is empty: no shop page to measure');
  const [shop] = shops;
  return { shop, paths: ['/', '/en/', `/shops/${shop.slug}`] };
}

/** The first answer of `/` (rendered now: nothing cached yet) and every page's sizes per encoding. */
export async function htmlSizes(url, paths) {
  const started = performance.now();
  const first = await rawGet(`${url}/`, BROWSER_ENCODING);
  const firstMs = performance.now() - started;
  if (first.status !== 200) throw new Error(`GET / answered ${first.status}`);
  const sizes = [];
  for (const path of paths) {
    for (const encoding of ['gzip', 'br', 'identity']) {
      const answer = await rawGet(`${url}${path}`, { 'accept-encoding': encoding });
      if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      const sent = answer.headers['content-encoding'] ?? 'identity';
      if (sent !== encoding) throw new Error(`GET ${path} with ${encoding} came as ${sent}`);
      sizes.push({ path, encoding, bytes: answer.body.length });
    }
  }
  const rows = [
    { name: 'GET / first render (uncached), wall time', value: firstMs, digits: 0, unit: 'ms' },
    ...sizes.map(({ path, encoding, bytes }) => {
      const budgeted = path === '/' && encoding !== 'identity';
      return {
        name: `HTML of ${path} (${encoding})`,
        value: bytes / 1024,
        digits: 1,
        unit: 'KB',
        ...(budgeted ? { budget: '< 60 KB', holds: bytes < HTML_BUDGET_BYTES } : {}),
      };
    }),
  ];
  return { firstMs, sizes, rows };
}

/** req/s of the pages against `GET /api/shops/<id>`, at 10 connections, in this one run. */
export async function pageCost(url, { shop, paths }, { duration, warmup }) {
  const options = { connections: 10, duration, warmup, headers: BROWSER_ENCODING };
  const api = `/api/shops/${shop.id}`;
  const run = async (path) => {
    const result = await measure({ ...options, url: `${url}${path}` });
    console.log(
      `GET ${path}: ${result.rps.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, ` +
        `unexpected ${result.unexpected}, errors ${result.errors}`,
    );
    return { path, ...result };
  };
  const runs = [await run(api)];
  const clean = (r) => !r.unexpected && !r.errors && !r.timeouts;
  const rows = [];
  for (const path of paths) {
    const before = runs.at(-1);
    const page = await run(path);
    const after = await run(api);
    runs.push(page, after);
    const baseline = (before.rps + after.rps) / 2;
    const cost = baseline / page.rps;
    rows.push(
      {
        name: `GET ${path}, 10 connections`,
        value: page.rps,
        digits: 0,
        unit: `req/s (p50 ${page.p50} ms, p99 ${page.p99} ms)`,
      },
      {
        name: `GET /api/shops/{id} before / after ${path}`,
        value: `${before.rps.toFixed(0)} / ${after.rps.toFixed(0)}`,
        unit: 'req/s',
      },
      {
        name: `Cost of ${path}: API req/s ÷ page req/s`,
        value: cost,
        digits: 2,
        unit: '×',
        budget: `≤ ${PAGE_COST_BUDGET}, no errors`,
        holds: cost <= PAGE_COST_BUDGET && clean(page) && clean(before) && clean(after),
      },
    );
  }
  return { runs, rows };
}
