import { describe, expect, it, jest } from '@jest/globals';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
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

  it('between two queued pieces, a request that needs several turns of the loop is answered', async () => {
    const events: string[] = [];
    const first = inTurn(() => {
      busy(30);
      events.push('first piece');
    });
    const second = inTurn(() => events.push('second piece'));
    // A health check: arrives while the first piece runs, needs five turns of the loop.
    const request = (async () => {
      for (let turn = 0; turn < 5; turn += 1) await nextTurn();
      events.push('request answered');
    })();
    await Promise.all([first, second, request]);
    expect(events).toEqual(['first piece', 'request answered', 'second piece']);
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
