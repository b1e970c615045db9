import { useSyncExternalStore } from 'react';
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

// Nothing to subscribe to: the position only changes on the listing, before this page mounts.
const noSubscription = () => () => {};

/** The remembered position; none while hydrating, so the server's markup is matched first. */
export function useRememberedPosition(): GeoPoint | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => lastPosition,
    () => undefined,
  );
}
