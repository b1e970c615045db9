import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { rememberLocalTimes } from 'contract';
import type { DirectorySnapshot } from './snapshot';

/**
 * The instant the page was rendered at (from the server's snapshot), so that the browser's first
 * render, its hydration, shows exactly what the server sent; undefined where the page began in
 * the browser.
 */
const RenderedAt = createContext<number | undefined>(undefined);

export function ClockProvider({
  renderedAt,
  localTimes,
  children,
}: {
  renderedAt?: number;
  /** The server's local time per zone at `renderedAt`: hydration then needs no Intl clock (contract's localTimesOf). */
  localTimes?: DirectorySnapshot['localTimes'];
  children: ReactNode;
}) {
  if (renderedAt !== undefined && localTimes) rememberLocalTimes(renderedAt, localTimes);
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
    // Once the page is idle after hydration (which drew the server's instant), then every minute:
    // not before the visitor's first touch has been answered, as the new instant needs the Intl
    // clocks the server's local times spared hydration.
    const tick = () => setNow(Date.now());
    // Safari and jsdom have no requestIdleCallback.
    const idle = 'requestIdleCallback' in window;
    const first = idle ? window.requestIdleCallback(tick) : window.setTimeout(tick, 0);
    const timer = setInterval(tick, TICK_MS);
    return () => {
      if (idle) window.cancelIdleCallback(first);
      else window.clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return now;
}
