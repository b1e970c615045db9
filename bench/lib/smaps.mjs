// Where a process's resident memory lies, from /proc/<pid>/smaps (Linux only).
import { readdirSync, readFileSync } from 'node:fs';

/** V8 reserves its heap pages (old and young space, in every isolate) 256 KiB at a time. */
const V8_PAGE_BYTES = 256 * 1024;

/**
 * The resident MB per kind of mapping: `v8Pages` (anonymous mappings of one V8 page: the heaps
 * of the main thread and of the worker threads), `mallocHeap` ([heap], glibc's main arena),
 * `otherAnonymous` (other arenas, V8's code and large objects, thread stacks, native buffers)
 * and `files` (the binary and shared libraries); plus the number of threads.
 */
export function residentByKind(pid) {
  const kinds = { v8Pages: 0, mallocHeap: 0, otherAnonymous: 0, files: 0 };
  let kind;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const [, start, end, name] = mapping;
      const bytes = parseInt(end, 16) - parseInt(start, 16);
      if (name.startsWith('/')) kind = 'files';
      else if (name === '[heap]') kind = 'mallocHeap';
      else if (!name && bytes === V8_PAGE_BYTES) kind = 'v8Pages';
      else kind = 'otherAnonymous';
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] += Number(rss[1]) / 1024;
  }
  const round = (n) => Math.round(n * 10) / 10;
  return {
    ...Object.fromEntries(Object.entries(kinds).map(([k, v]) => [k, round(v)])),
    threads: readdirSync(`/proc/${pid}/task`).length,
  };
}
