/**
 * autocannon against a server in another process: in a load process of its own (the default
 * for requests that can be described as data), or in the bench process (requests built by a
 * function, e.g. a new shop per POST). Run as a script, this file is that load process:
 *   node load.mjs '<options as JSON>'   → prints the result as JSON on stdout
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { spawnTracked, stopChild } from './processes.mjs';

const SCRIPT = fileURLToPath(import.meta.url);

/**
 * Runs a short warm-up (discarded), then the measured run. `expect` is the status every
 * response should have (304 for the revalidation); anything else counts as unexpected.
 * `separate` (default: true unless `setupRequest` is given) runs autocannon in a child
 * process, so that nothing else on the bench's event loop can delay it.
 * Returns { rps, p50, p90, p99, ..., unexpected, errors, loadProcess }.
 */
export async function measure(options) {
  const separate = options.separate ?? !options.setupRequest;
  if (!separate) return { ...(await measureHere(options)), loadProcess: 'bench process' };
  // (JSON drops setupRequest; separate is only chosen without one)
  const child = spawnTracked(process.execPath, [SCRIPT, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  try {
    const [code] = await once(child, 'exit');
    if (code !== 0) throw new Error(`load process exited with ${code}`);
    return { ...JSON.parse(out), loadProcess: 'own process' };
  } finally {
    await stopChild(child);
  }
}

async function measureHere({
  url,
  method = 'GET',
  headers = {},
  body,
  setupRequest,
  expect = 200,
  connections,
  duration,
  warmup,
}) {
  const base = { url, method, headers, body, connections, timeout: 20 };
  if (setupRequest) base.requests = [{ method, headers, setupRequest }];
  if (warmup > 0) await autocannon({ ...base, duration: warmup });
  const r = await autocannon({ ...base, duration });
  const statuses = Object.fromEntries(
    Object.entries(r.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    // All responses over the run's real duration (per-second samples are too coarse for slow routes).
    rps: Math.round((total / r.duration) * 10) / 10,
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    maxLatency: r.latency.max,
    bytesPerRequest: total ? Math.round(r.throughput.total / total) : 0,
    responses: total,
    statuses,
    unexpected: total - (statuses[expect] ?? 0),
    errors: r.errors,
    timeouts: r.timeouts,
    connections,
    duration,
  };
}

if (process.argv[1] === SCRIPT) {
  const result = await measureHere(JSON.parse(process.argv[2]));
  process.stdout.write(JSON.stringify(result));
}
