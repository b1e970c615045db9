import { Piscina } from 'piscina';
import { workerFile } from './worker-file.js';

/**
 * How much lower than the web server's thread a pool's threads run (nice, Linux and macOS). On
 * a machine with two cores a thread drawing pages or planning a CSV file would otherwise take a
 * core from the event loop as often as not, and a health check waits for its turn (stall bench:
 * 140 ms for a health answer during a 10,000-row dry run, the event loop itself never held
 * longer than 41 ms). Piscina applies it with @napi-rs/nice, and skips it where that is missing.
 */
const BACKGROUND_NICE = 10;

/**
 * A pool of one worker thread for work that grows with the data or the upload (a page render, the
 * sitemap, a CSV file), at a lower priority than the web server, with a heap limit of its own.
 * `path` is the worker's compiled file inside the backend's build (workerFile). Kept: the thread
 * stays once started (for work whose start-up costs, such as loading React); otherwise it stops
 * after `idleMs` without work (30 s unless said otherwise), and its heap is given back.
 * `concurrentTasks`: tasks the thread runs side by side (tasks that mostly wait on files, the
 * database or the object store, such as two backups downloaded at once).
 */
export function backgroundPool<Task, Result>(
  path: string,
  { kept = false, idleMs = 30_000, concurrentTasks = 1 } = {},
): Piscina<Task, Result> {
  return new Piscina<Task, Result>({
    filename: workerFile(path),
    minThreads: kept ? 1 : 0,
    maxThreads: 1,
    idleTimeout: kept ? Infinity : idleMs,
    concurrentTasksPerWorker: concurrentTasks,
    niceIncrement: BACKGROUND_NICE,
    resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
  });
}
