import { createRequire } from 'node:module';
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Gives the free pages of glibc's heap back to the system after V8 collects.
 *
 * Buffers under 128 KB (a request body's pieces, a file's read chunks, an image on its way into
 * a backup) come from glibc's heap, and are freed only when V8 collects what held them. glibc
 * returns memory to the system only from the top of its heap, so after a burst (an upload, a
 * backup, a restore) the freed room below a piece still in use stays resident: 30-65 MB at
 * 10,000 shops (bench/FINDINGS.md). `malloc_trim(0)` hands those pages back (madvise) without
 * moving anything, in every thread's arena.
 *
 * It is called through koffi (a maintained FFI with prebuilt binaries) rather than an addon of
 * our own, on libuv's thread pool so the event loop never waits for it, after a collection
 * (when there is something to give back), and at most once per `minIntervalMs`.
 */
export interface NativeHeapTrim {
  /** Whether this platform has `malloc_trim` (Linux with glibc). */
  readonly active: boolean;
  /** Trims now, off the event loop; resolves whether any memory went back to the system. */
  trimNow(): Promise<boolean>;
  /** Trims after each collection from now on (at most once per `minIntervalMs`); returns how to stop. */
  afterCollections(minIntervalMs?: number): () => void;
}

type TrimFunction = (done: (error: unknown, released: boolean) => void) => void;

/** `malloc_trim` of the C library on the thread pool, or null where there is none. */
function loadMallocTrim(): TrimFunction | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return (done) => trim.async(0, (error: unknown, result: number) => done(error, result === 1));
  } catch {
    // musl (Alpine) or no prebuilt binary for this machine: nothing to trim with.
    return null;
  }
}

/**
 * The trim and its schedule. `trim` is glibc's own unless given (the schedule's tests), null
 * where there is none.
 */
export function nativeHeapTrim(trim: TrimFunction | null = loadMallocTrim()): NativeHeapTrim {
  let running: Promise<boolean> | undefined;
  let lastStart = -Infinity;

  const trimNow = (): Promise<boolean> => {
    if (!trim) return Promise.resolve(false);
    // One at a time: a second trim right behind the first has nothing left to give back.
    running ??= new Promise<boolean>((resolve) => {
      lastStart = performance.now();
      trim((error, released) => {
        running = undefined;
        resolve(!error && released);
      });
    });
    return running;
  };

  const afterCollections = (minIntervalMs = 1_000): (() => void) => {
    if (!trim) return () => undefined;
    let later: NodeJS.Timeout | undefined;
    let queued = false;
    let stopped = false;
    const onCollection = () => {
      if (stopped || later || queued) return;
      if (running) {
        // What this collection freed may have come after the trim passed: once more after it.
        queued = true;
        void running.then(() => {
          queued = false;
          onCollection();
        });
        return;
      }
      const wait = lastStart + minIntervalMs - performance.now();
      if (wait <= 0) {
        void trimNow();
        return;
      }
      // Too soon after the last one: once the interval has passed, so the last collection of
      // a burst is trimmed after too.
      later = setTimeout(() => {
        later = undefined;
        void trimNow();
      }, wait);
      later.unref();
    };
    const observer = new PerformanceObserver(onCollection);
    observer.observe({ entryTypes: ['gc'] });
    return () => {
      stopped = true;
      observer.disconnect();
      clearTimeout(later);
      later = undefined;
    };
  };

  return { active: trim !== null, trimNow, afterCollections };
}
