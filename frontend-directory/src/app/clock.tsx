import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * The instant the page was rendered at (from the server's snapshot), so that the browser's first
 * render, its hydration, shows exactly what the server sent; undefined where the page began in
 * the browser.
 */
const RenderedAt = createContext<number | undefined>(undefined);

export function ClockProvider({ renderedAt, children }: { renderedAt?: number; children: ReactNode }) {
  return <RenderedAt.Provider value={renderedAt}>{children}</RenderedAt.Provider>;
}

/** Re-render this often, so whatever depends on the time (an open/closed mark) is at most a minute late. */
const TICK_MS = 60_000;

/**
 * Now, in epoch milliseconds: the page's render time on the first render, then the browser's
 * clock, every minute, once the page is live.
 */
export function useNow(): number {
  const renderedAt = useContext(RenderedAt);
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
  useEffect(() => {
    // Right after hydration (which drew the server's instant), then every minute.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}
