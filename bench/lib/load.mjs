/** autocannon, run in this process against a server in another process. */
import autocannon from 'autocannon';

/**
 * Runs a short warm-up (discarded), then the measured run. `expect` is the status every
 * response should have (304 for the revalidation); anything else counts as unexpected.
 * Returns { rps, p50, p99, ..., unexpected, errors }.
 */
export async function measure({
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
