import type { GeoPoint } from './distance';

/** Why the browser gave no position; each has its own message (i18n `nearby.failure.<kind>`). */
export type GeolocationFailure = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** The W3C codes of GeolocationPositionError (1, 2, 3); anything else counts as unavailable. */
export function failureOf(error: Pick<GeolocationPositionError, 'code'>): GeolocationFailure {
  switch (error.code) {
    case 1:
      return 'denied';
    case 3:
      return 'timeout';
    default:
      return 'unavailable';
  }
}

/** The part of the Geolocation API used here, so a page without it (or a test) can say so. */
export type PositionSource = Pick<Geolocation, 'getCurrentPosition'>;

/**
 * Asks the browser for the visitor's position once. A phone indoors can take a while for a first
 * fix, hence 15 s; a position up to a minute old is fine for "which shop is closest".
 */
export function requestPosition(
  source: PositionSource | undefined = typeof navigator === 'undefined' ? undefined : navigator.geolocation,
): Promise<GeoPoint> {
  return new Promise((resolve, reject: (failure: GeolocationFailure) => void) => {
    if (!source) {
      reject('unsupported');
      return;
    }
    source.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(failureOf(error)),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  });
}
