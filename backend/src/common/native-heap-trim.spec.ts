import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { nativeHeapTrim } from './native-heap-trim.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const collect = () => gc();
/** A collection of the young generation only: a few milliseconds, where a full one may take 100. */
const collectYoung = () => gc({ type: 'minor' });

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * 2,000 pieces of 60 KB (below glibc's mmap threshold, so from its heap), of which every tenth
 * is kept, the last one among them: the room between them cannot go back from the heap's top.
 */
function piecesWithRoomBetween(): Buffer[] {
  const pieces = Array.from({ length: 2_000 }, () => Buffer.allocUnsafeSlow(60 * 1024).fill(7));
  return pieces.filter((_, index) => index % 10 === 9);
}

describe('nativeHeapTrim', () => {
  it("hands the room that freed buffers leave in glibc's heap back to the system", async () => {
    const heap = nativeHeapTrim();
    expect(heap.active).toBe(true);
    const start = rssMb();
    const kept = piecesWithRoomBetween();
    collect();
    // V8 frees the other pieces' memory as it sweeps, which may end after the collection.
    for (
      let waited = 0;
      process.memoryUsage().arrayBuffers > 30 * 1024 * 1024 && waited < 5_000;
      waited += 20
    ) {
      await sleep(20);
    }
    const freed = rssMb();
    // What the trim is for: glibc has kept what V8 freed (about 105 MB).
    expect(freed - start).toBeGreaterThan(80);

    expect(await heap.trimNow()).toBe(true);

    expect(freed - rssMb()).toBeGreaterThan(60);
    expect(kept.every((piece) => piece[0] === 7 && piece[piece.length - 1] === 7)).toBe(true);
  });

  it('trims after a collection, then at most once an interval, and once more after the last collection', async () => {
    const { trim, starts } = fakeTrim();
    const stop = nativeHeapTrim(trim).afterCollections(1_000);
    try {
      collectYoung();
      await sleep(100);
      expect(starts).toHaveLength(1);
      for (let i = 0; i < 5; i++) collectYoung();
      await sleep(50);
      expect(starts).toHaveLength(1);
      await sleep(1_200);
      expect(starts).toHaveLength(2);
      expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(995);
      // Nothing collected since: nothing to trim.
      await sleep(1_200);
      expect(starts).toHaveLength(2);
    } finally {
      stop();
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
