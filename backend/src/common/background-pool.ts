import { Piscina } from 'piscina';
import { workerFile } from './worker-file.js';

/** Threads run lower (nice, where @napi-rs/nice loads) so that, on few cores, they never delay answers. */
const BACKGROUND_NICE = 10;

/**
 * A pool of one worker thread (`path` in the build, workerFile) for work that grows with the data,
 * at a lower priority, with a heap limit of its own. `kept`: the thread stays once started (costly
 * start-ups); else it stops after `idleMs` idle. `concurrentTasks`: tasks that mostly wait, side by side.
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
