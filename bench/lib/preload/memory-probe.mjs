/**
 * Diagnosis only: preloaded into the backend by memory.mjs (with --expose-gc). Each SIGWINCH
 * prints the main thread's memory as one `MEMORY {json}` line on stderr, collects all garbage,
 * and prints it again (`when`: "before-gc", "after-gc"). SIGWINCH, as cpu-profile.mjs explains:
 * Nest's shutdown hooks take SIGUSR2. With MEMORY_PROBE_SNAPSHOTS=<folder> it also writes a heap
 * snapshot there after the collection, for Chromium's DevTools (Memory tab) to tell what is alive.
 */
import { writeHeapSnapshot } from 'node:v8';

const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
const report = (when) => {
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  const line = { when, rss: mb(rss), heapTotal: mb(heapTotal), heapUsed: mb(heapUsed) };
  Object.assign(line, { external: mb(external), arrayBuffers: mb(arrayBuffers) });
  process.stderr.write(`MEMORY ${JSON.stringify(line)}\n`);
};
process.on('SIGWINCH', () => {
  report('before-gc');
  globalThis.gc?.();
  report('after-gc');
  const folder = process.env.MEMORY_PROBE_SNAPSHOTS;
  if (folder) process.stderr.write(`SNAPSHOT ${writeHeapSnapshot(`${folder}/${Date.now()}.heapsnapshot`)}\n`);
});
