import { setImmediate as nextTurn } from 'node:timers/promises';

let previous: Promise<unknown> = Promise.resolve();

/**
 * Runs CPU-bound `work` (a page render, a scan of every shop) after every earlier one, each in a
 * turn of the event loop of its own: requests arriving together would otherwise run their work
 * back to back (as promise continuations, or all in one check phase), and a health check or a
 * cached answer would wait for all of it instead of for one piece.
 */
export function inTurn<T>(work: () => T): Promise<T> {
  const run = previous.then(() => nextTurn()).then(work);
  previous = run.catch(() => undefined);
  return run;
}
