import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { nativeHeapTrim } from './native-heap-trim.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
/** A collection of the young generation only: a few milliseconds, where a full one may take 100. */
const collectYoung = () => gc({ type: 'minor' });

/** A few turns of the event loop: what the gc observer is handed is delivered by then. */
async function observerTurns(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Waits, in turns of the event loop and never on the clock, until `seen` holds (at most 1,000 turns). */
async function collectionSeen(seen: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000 && !seen(); turn++)
    await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A trim that records when it was called, and ends when `finish` is called (or at once). */
function fakeTrim({ endsAtOnce = true } = {}) {
  const starts: number[] = [];
  let finish: () => void = () => undefined;
  const trim = (done: (error: unknown, released: boolean) => void) => {
    starts.push(performance.now());
    finish = () => done(null, true);
    if (endsAtOnce) setImmediate(finish);
  };
  return { trim, starts, finish: () => finish() };
}

/**
 * Run in a process of its own (Node strips the module's types), so what the test measures is
 * not what earlier tests left in this one's heap: 2,000 pieces of 60 KB (below glibc's mmap
 * threshold, so from its heap), of which every tenth is kept, the last one among them, so the
 * room between them cannot go back from the heap's top; then the others collected, then a trim.
 */
const SCENARIO = `
const { nativeHeapTrim } = await import(process.argv[1]);
const { readFileSync } = await import('node:fs');
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
const heap = nativeHeapTrim();
const start = rss();
const kept = (() => {
  const pieces = Array.from({ length: 2000 }, () => Buffer.allocUnsafeSlow(60 * 1024).fill(7));
  return pieces.filter((_, index) => index % 10 === 9);
})();
globalThis.gc();
// V8 frees the other pieces' memory as it sweeps, which may end after the collection.
for (let waited = 0; process.memoryUsage().arrayBuffers > 30 * 1024 * 1024 && waited < 5000; waited += 20) {
  await new Promise((resolve) => setTimeout(resolve, 20));
}
const freed = rss();
const released = await heap.trimNow();
const trimmed = rss();
const intact = kept.every((piece) => piece[0] === 7 && piece[piece.length - 1] === 7);
console.log(JSON.stringify({ active: heap.active, start, freed, released, trimmed, intact }));
`;

interface ScenarioResult {
  active: boolean;
  start: number;
  freed: number;
  released: boolean;
  trimmed: number;
  intact: boolean;
}

describe('nativeHeapTrim', () => {
  it("hands the room that freed buffers leave in glibc's heap back to the system", () => {
    const module = new URL('./native-heap-trim.ts', import.meta.url).href;
    const output = execFileSync(
      process.execPath,
      ['--expose-gc', '--no-warnings', '--input-type=module', '-e', SCENARIO, module],
      // As the production command runs (tools/production-command.mjs).
      { env: { ...process.env, MALLOC_MMAP_THRESHOLD_: '131072' }, encoding: 'utf8' },
    );
    const result = JSON.parse(output) as ScenarioResult;
    expect(result.active).toBe(true);
    // What the trim is for: glibc has kept what V8 freed (about 105 MB).
    expect(result.freed - result.start).toBeGreaterThan(80);
    expect(result.released).toBe(true);
    expect(result.freed - result.trimmed).toBeGreaterThan(60);
    expect(result.intact).toBe(true);
  });

  it('trims after a collection, then at most once an interval, and once more after the last collection', async () => {
    // The interval on a clock the test moves (setTimeout and performance.now): real collections
    // still arrive through the observer, whose deliveries are not timers, however slow the machine.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    const { trim, starts } = fakeTrim();
    const stop = nativeHeapTrim(trim).afterCollections(1_000);
    try {
      collectYoung();
      await collectionSeen(() => starts.length === 1);
      expect(starts).toHaveLength(1);
      for (let i = 0; i < 5; i++) collectYoung();
      await observerTurns();
      // Within the interval: none now, one once it has passed.
      expect(starts).toHaveLength(1);
      jest.advanceTimersByTime(999);
      expect(starts).toHaveLength(1);
      jest.advanceTimersByTime(1);
      expect(starts).toHaveLength(2);
      // Collections of other work in this process may come later: never closer than the interval.
      collectYoung();
      await observerTurns();
      jest.advanceTimersByTime(2_000);
      for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(1_000);
    } finally {
      stop();
      jest.useRealTimers();
    }
  });

  it('runs one trim at a time, and once more after it for a collection that came during it', async () => {
    const slow = fakeTrim({ endsAtOnce: false });
    const heap = nativeHeapTrim(slow.trim);
    const stop = heap.afterCollections(0);
    try {
      const first = heap.trimNow();
      expect(heap.trimNow()).toBe(first);
      collectYoung();
      await sleep(100);
      expect(slow.starts).toHaveLength(1);
      slow.finish();
      await expect(first).resolves.toBe(true);
      await sleep(50);
      expect(slow.starts).toHaveLength(2);
    } finally {
      stop();
    }
  });

  it('stops trimming after collections once stopped', async () => {
    const { trim, starts } = fakeTrim();
    nativeHeapTrim(trim).afterCollections(0)();
    collectYoung();
    await sleep(100);
    expect(starts).toHaveLength(0);
  });

  it('does nothing where the C library has no malloc_trim', async () => {
    const heap = nativeHeapTrim(null);
    expect(heap.active).toBe(false);
    await expect(heap.trimNow()).resolves.toBe(false);
    collectYoung();
    heap.afterCollections(0)();
  });
});
