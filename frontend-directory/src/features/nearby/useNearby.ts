import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shop } from 'frontend-common';
import { rankByDistance } from './distance';
import { formatDistance } from './formatDistance';
import { useNearbyParams } from './useNearbyParams';
import { useVisitorPosition } from './useVisitorPosition';
import type { PositionSource } from './geolocation';

/**
 * Everything "near me" adds to the listing, in one hook so ListingPage only wires it in: the
 * filtered shops in distance order (and within the radius) once a position is known, each shop's
 * distance as text, the sentence the results count adds, and the controls' props.
 */
export function useNearby(
  filtered: Shop[],
  { source, onLocate }: { source?: PositionSource; onLocate?: () => void } = {},
) {
  const { t, i18n } = useTranslation('directory');
  const { byDistance, radius, view, setByDistance, setRadius, setView } = useNearbyParams();
  const { state, position, locate } = useVisitorPosition(source);

  // The order goes into the URL only once there is a position to sort by; a failure leaves the
  // list as it was (and takes the order out of a link that asked for it).
  // `onLocate` hears the request for a position as it is made: the caller starts loading what the
  // order needs while the visitor answers the browser's question.
  const locateThenSort = useCallback(() => {
    onLocate?.();
    void locate().then((found) => {
      if (found && !byDistance) setByDistance(true);
      else if (!found && byDistance) setByDistance(false, { replace: true });
    });
  }, [byDistance, locate, setByDistance, onLocate]);

  // A page opened from a `?sort=distance` link (or reached with Back) asks for the position again.
  const needsPosition = byDistance && !position && state.status !== 'locating';
  useEffect(() => {
    if (needsPosition) locateThenSort();
  }, [needsPosition, locateThenSort]);

  const onNearMe = useCallback(() => {
    if (byDistance) setByDistance(false);
    else locateThenSort();
  }, [byDistance, locateThenSort, setByDistance]);

  const ranked = useMemo(
    () => (byDistance && position ? rankByDistance(filtered, position, radius) : null),
    [byDistance, filtered, position, radius],
  );

  const distanceLabel = useCallback(
    (shop: Shop): string | undefined => {
      if (!ranked) return undefined;
      const km = ranked.distanceOf(shop);
      return km === null
        ? t('nearby.distanceUnknown')
        : t('nearby.distance', { distance: formatDistance(km, i18n.language) });
    },
    [i18n.language, ranked, t],
  );

  let resultNote: string | undefined;
  if (ranked) {
    resultNote = radius
      ? t('nearby.sortedWithin', { distance: formatDistance(radius, i18n.language) })
      : t('nearby.sorted');
  }

  return {
    results: ranked ? ranked.shops : filtered,
    position,
    view,
    distanceLabel,
    resultNote,
    controls: { byDistance, radius, position: state, view, onNearMe, onRadius: setRadius, onView: setView },
  };
}
