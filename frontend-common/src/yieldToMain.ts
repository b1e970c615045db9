/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between. A phone evaluating the start-up in one piece is a long task (Lighthouse's Total
 * Blocking Time); awaited between the steps, it is several short ones. `scheduler.yield()`
 * (Chromium) resumes ahead of other queued tasks; elsewhere a zero-delay timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
