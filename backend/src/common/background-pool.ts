import { Piscina } from 'piscina';
import { workerFile } from './worker-file.js';

/** Threads run at a lower priority (nice) so that, on few cores, they never delay the server's answers. */
const BACKGROUND_NICE = 10;

// One worker thread at a lower priority and with a heap limit of its own, for work that grows with the
// data. `kept`: it stays once started (costly start-ups), else stops after `idleMs`; `concurrentTasks`:
// tasks that mostly wait, side by side.
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
