/**
 * Stall bench only: preloaded into the backend by lib/stall.mjs. Measures the backend's own
 * event loop with perf_hooks.monitorEventLoopDelay and answers its figures on a port of its own
 * ($BENCH_LOOP_PORT, loopback): `GET /` gives the slowest and p99 delay since the last ask, in
 * ms, and the longest garbage collection of the thread with the time spent collecting (a
 * PerformanceObserver of `gc` entries), and starts over. The answer itself waits for the event
 * loop, so it is read between cases.
 */
import http from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// Worker threads inherit the --import flags: only the web server's own thread is measured.
if (isMainThread) serveFigures();

function serveFigures() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let gc = { longestMs: 0, totalMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.longestMs = Math.max(gc.longestMs, entry.duration);
      gc.totalMs += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  http
    .createServer((request, response) => {
      const figures = {
        maxMs: histogram.max / 1e6,
        p99Ms: histogram.percentile(99) / 1e6,
        meanMs: histogram.mean / 1e6,
        gcLongestMs: gc.longestMs,
        gcTotalMs: gc.totalMs,
      };
      histogram.reset();
      gc = { longestMs: 0, totalMs: 0 };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(figures));
    })
    .listen(Number(process.env.BENCH_LOOP_PORT), '127.0.0.1')
    .unref();
}
