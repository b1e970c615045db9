import { describe, expect, it } from '@jest/globals';
import { sortInTurns } from './sort-in-turns.js';
import { seededRandom as random } from '../../test/support/seeded-random.js';

const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;

describe('sortInTurns', () => {
  it('sorts as Array.prototype.sort does, ties in their first order, across several runs', async () => {
    for (const length of [0, 1, 5, 1024, 1025, 3000, 10_000]) {
      const next = random(length + 1);
      // Few distinct keys, so that ties cross the runs' borders.
      const items = Array.from({ length }, (_, index) => ({ key: Math.floor(next() * 50), index }));
      const expected = [...items].sort(byKey);
      const sorted = await sortInTurns(items, byKey);
      expect(sorted).toEqual(expected);
      expect(sorted).toHaveLength(length);
    }
  });

  it('leaves the list it is given as it was', async () => {
    const items = [3, 1, 2].map((key) => ({ key }));
    await sortInTurns(items, byKey);
    expect(items.map((item) => item.key)).toEqual([3, 1, 2]);
  });

  it('lets the event loop turn between its pieces', async () => {
    const next = random(7);
    const items = Array.from({ length: 5000 }, () => ({ key: next() }));
    // Counts the event loop's turns while the sort runs: one tick per turn.
    let turns = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const sorted = await sortInTurns(items, byKey);
    counting = false;
    expect(sorted.map((item) => item.key)).toEqual(items.map((item) => item.key).sort((a, b) => a - b));
    // A turn between two pieces: five runs, then five merges. A sort in one piece gets one tick.
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});
