import { describe, expect, it } from '@jest/globals';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { inTurn } from './event-loop-turns.js';

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
