// A process's memory as the backup bench measures it, from /proc (Linux only).
import { readFileSync, writeFileSync } from 'node:fs';
import { residentByKind } from './smaps.mjs';

/** VmRSS/VmHWM of a process in MB, or undefined once it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

/**
 * Samples VmRSS every `everyMs` until stop(); VmHWM (the kernel's own peak) is reset first when
 * the kernel allows it (clear_refs 5), so it covers the measured interval only.
 */
export function sampleMemory(pid, everyMs = 50) {
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  const start = memoryOf(pid);
  let peak = start?.rss ?? 0;
  let samples = 0;
  // Where the resident memory lay near the peak (smaps costs a few ms to read: at most once a
  // second, and only when the peak rose by 2 MB or more since).
  let atPeak;
  let splitAt = 0;
  const timer = setInterval(() => {
    const m = memoryOf(pid);
    if (m) {
      if (m.rss >= (atPeak?.rss ?? 0) + 2 && performance.now() - splitAt > 1000) {
        splitAt = performance.now();
        try {
          atPeak = { rss: round(m.rss), ...residentByKind(pid) };
        } catch {
          // the process ended between the two reads
        }
      }
      peak = Math.max(peak, m.rss);
      samples++;
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const end = memoryOf(pid);
      peak = Math.max(peak, end?.rss ?? 0);
      return {
        startMB: round(start?.rss),
        endMB: round(end?.rss),
        peakSampledMB: round(peak),
        vmHwmMB: round(end?.hwm),
        vmHwmCoversInterval: hwmReset,
        samples,
        atPeak,
      };
    },
  };
}

export const round = (n, digits = 1) =>
  n === undefined || Number.isNaN(n) ? undefined : Math.round(n * 10 ** digits) / 10 ** digits;

/** Peak of a memory sample: the kernel's VmHWM when it covers the interval, else the samples. */
export const peakOf = (m) => (m.vmHwmCoversInterval ? Math.max(m.vmHwmMB, m.peakSampledMB) : m.peakSampledMB);
