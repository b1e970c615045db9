import { useEffect, useState } from 'react';
import type { GeoPoint } from './distance';

/**
 * The visitor's last position, kept in this page's memory only (never in the URL, storage or a
 * request), so that a shop page reached from the "near me" list can say how far away it is. A
 * page loaded afresh starts without it. The server never sets it: only the browser's
 * Geolocation answers do (useVisitorPosition).
 */
let lastPosition: GeoPoint | undefined;

export function rememberPosition(position: GeoPoint): void {
  lastPosition = position;
}

/** The remembered position, read after hydration so the server's markup is matched first. */
export function useRememberedPosition(): GeoPoint | undefined {
  const [position, setPosition] = useState<GeoPoint | undefined>(undefined);
  useEffect(() => setPosition(lastPosition), []);
  return position;
}
