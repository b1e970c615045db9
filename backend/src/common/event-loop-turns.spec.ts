import { describe, expect, it, jest } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import { inTurn, SLICE_MS, TimeSlices } from './event-loop-turns.js';

/** Holds the thread for `ms`, as a render does. */
function busy(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe('inTurn', () => {
  it('runs queued pieces one at a time, in order, each with its result', async () => {
    const order: number[] = [];
    const results = await Promise.all([1, 2, 3].map((n) => inTurn(() => (order.push(n), n * 10))));
    expect(results).toEqual([10, 20, 30]);
    expect(order).toEqual([1, 2, 3]);
  });

  it('a failing piece rejects its own caller only', async () => {
    const failing = inTurn(() => {
      throw new Error('render failed');
    });
    const next = inTurn(() => 'drawn');
    await expect(failing).rejects.toThrow('render failed');
    await expect(next).resolves.toBe('drawn');
  });

  it('after a piece of d ms the next queued piece waits d ms, the loop free meanwhile', async () => {
    // The rest is what lets a health check that needs several turns of the loop through between
    // two pieces. The test holds the rest itself rather than such a request's answer: how long a
    // few turns take on a loaded machine is not this code's to promise (the full suite once took
    // more than 30 ms for five), while the rest is a timer, which load can only make longer.
    let firstEnded = 0;
    let secondStarted = 0;
    const first = inTurn(() => {
      busy(30);
      firstEnded = performance.now();
    });
    const second = inTurn(() => (secondStarted = performance.now()));
    await Promise.all([first, second]);
    // Timers may fire up to a millisecond early by performance.now's finer clock.
    expect(secondStarted - firstEnded).toBeGreaterThanOrEqual(29);
  });
});

describe('TimeSlices', () => {
  it('gives the loop a turn only once it has been held a slice since the last turn', async () => {
    let clock = performance.now();
    const now = jest.spyOn(performance, 'now').mockImplementation(() => clock);
    try {
      const slices = new TimeSlices();
      let turns = 0;
      const counted = async () => {
        let ran = false;
        setImmediate(() => (ran = true));
        await slices.turn();
        if (ran) turns++;
      };
      await counted(); // just started: no turn
      clock += SLICE_MS - 1;
      await counted(); // not a whole slice yet
      clock += 1;
      await counted(); // a slice: a turn
      clock += SLICE_MS / 2;
      await counted(); // counted from that turn: none
      clock += SLICE_MS / 2;
      await counted();
      expect(turns).toBe(2);
    } finally {
      now.mockRestore();
    }
  });
});
