/**
 * Stall bench only: preloaded into the backend by lib/stall.mjs. Measures the backend's own
 * event loop with perf_hooks.monitorEventLoopDelay and answers its figures on a port of its own
 * ($BENCH_LOOP_PORT, loopback): `GET /` gives the slowest and p99 delay since the last ask, in
 * ms, and starts over. The answer itself waits for the event loop, so it is read between cases.
 */
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// Worker threads inherit the --import flags: only the web server's own thread is measured.
if (isMainThread) serveFigures();

function serveFigures() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  http
    .createServer((request, response) => {
      const figures = {
        maxMs: histogram.max / 1e6,
        p99Ms: histogram.percentile(99) / 1e6,
        meanMs: histogram.mean / 1e6,
      };
      histogram.reset();
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(figures));
    })
    .listen(Number(process.env.BENCH_LOOP_PORT), '127.0.0.1')
    .unref();
}
