import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as pause } from 'node:timers/promises';

/** The longest rest between two pieces of work, in ms (the loop is free meanwhile). */
const LONGEST_REST_MS = 50;

let previous: Promise<unknown> = Promise.resolve();
/** When the work queued here may hold the loop again (performance.now()). */
let restUntil = 0;

/** A turn of its own, after a rest as long as the last piece took if that piece just ended. */
function turn(): Promise<unknown> {
  const rest = Math.min(restUntil - performance.now(), LONGEST_REST_MS);
  return rest >= 1 ? pause(rest) : nextTurn();
}

/**
 * Runs CPU-bound `work` (a page render, a scan of every shop) after every earlier one, each in a
 * turn of the event loop of its own, and holds the loop at most half the time while pieces queue:
 * after a piece of d ms the next waits up to d ms. Requests arriving together would otherwise run
 * their work back to back, and a request that needs several turns of the loop (a health check
 * through the middleware) would wait for one piece per turn.
 */
export function inTurn<T>(work: () => T): Promise<T> {
  const run = previous.then(turn).then(() => {
    const start = performance.now();
    try {
      return work();
    } finally {
      const end = performance.now();
      restUntil = end + (end - start);
    }
  });
  previous = run.catch(() => undefined);
  return run;
}

/**
 * How long a loop over many items (shops of a restore, an import or an export) may hold the event
 * loop between two turns, in ms. A health check needs a few turns of the loop; counting items
 * instead (a turn every 100 or 500) held it 60-150 ms at a time, more when a garbage collection
 * fell in the slice. A request waits a slice for each turn it needs (a health check on a new
 * connection needs a few): with slices of 10 ms its answer took 84-113 ms during an import of
 * 10,000 rows, with 5 ms 58-82 ms, and the import took no longer.
 */
export const SLICE_MS = 5;

/**
 * A long loop's turns of the event loop, by time: `await slices.turn()` after each item yields
 * once the loop has been held SLICE_MS since the last turn, and costs a clock read otherwise.
 */
export class TimeSlices {
  private startedAt = performance.now();

  async turn(): Promise<void> {
    if (performance.now() - this.startedAt < SLICE_MS) return;
    await nextTurn();
    this.startedAt = performance.now();
  }
}
