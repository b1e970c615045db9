import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseRadius, type RadiusKm } from './distance';

export type ListingView = 'list' | 'map';

/** What `?sort=distance&radius=25&view=map` asks for. */
export function nearbyParams(params: URLSearchParams) {
  const byDistance = params.get('sort') === 'distance';
  // A radius only means something next to a position.
  const radius = byDistance ? parseRadius(params.get('radius')) : null;
  const view: ListingView = params.get('view') === 'map' ? 'map' : 'list';
  return { byDistance, radius, view };
}

/**
 * Whether a listing URL asks for what only the browser can draw: the distance order (the
 * visitor's position) or the map. The server's page is then the plain listing, and its scripts
 * must run at load, not wait for the visitor's first touch (backend/src/pages/public-pages.ts).
 */
export function drawnInBrowser(params: URLSearchParams): boolean {
  const { byDistance, view } = nearbyParams(params);
  return byDistance || view === 'map';
}

/**
 * The URL half of "near me" and the map: `?sort=distance&radius=25&view=map`, so Back and shared
 * links work. The position itself never goes here (see useVisitorPosition).
 */
export function useNearbyParams() {
  const [params, setParams] = useSearchParams();
  const { byDistance, radius, view } = nearbyParams(params);

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          next.delete('page'); // a new order or view starts at its first page
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  /** Turns the distance order on (a history entry) or off; off also drops the radius. */
  const setByDistance = useCallback(
    (on: boolean, { replace = false } = {}) =>
      update((next) => {
        if (on) next.set('sort', 'distance');
        else {
          next.delete('sort');
          next.delete('radius');
        }
      }, replace),
    [update],
  );

  const setRadius = useCallback(
    (value: RadiusKm | null) =>
      update((next) => {
        if (value === null) next.delete('radius');
        else next.set('radius', String(value));
      }),
    [update],
  );

  const setView = useCallback(
    (value: ListingView) =>
      update((next) => {
        if (value === 'map') next.set('view', 'map');
        else next.delete('view');
      }),
    [update],
  );

  return { byDistance, radius, view, setByDistance, setRadius, setView };
}
