/**
 * Diagnosis only: preloaded into the backend by memory.mjs (with --expose-gc). Each SIGWINCH
 * prints the main thread's memory as one `MEMORY {json}` line on stderr, collects all garbage,
 * and prints it again (`when`: "before-gc", "after-gc"). SIGWINCH, as cpu-profile.mjs explains:
 * Nest's shutdown hooks take SIGUSR2.
 */
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
});
