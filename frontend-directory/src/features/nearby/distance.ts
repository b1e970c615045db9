import type { Shop } from 'frontend-common';

/** A point on the Earth in decimal degrees (WGS 84, as the browser and the API give them). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The radii the listing offers, in km; any other value in a link is ignored. */
export const RADIUS_OPTIONS_KM = [10, 25, 50, 100] as const;
export type RadiusKm = (typeof RADIUS_OPTIONS_KM)[number];

/** Mean Earth radius (IUGG), the usual choice for the haversine formula. */
const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine: accurate to about 0.5 % anywhere, plenty for "how far"). */
export function distanceKm(from: GeoPoint, to: GeoPoint): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The shop's position, or null when it has none (or a value no map could place). */
export function shopPoint(shop: Pick<Shop, 'latitude' | 'longitude'>): GeoPoint | null {
  const { latitude, longitude } = shop;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

export interface RankedShops {
  /** Nearest first; shops without coordinates last, in their previous order. */
  shops: Shop[];
  /** The shop's distance in km, or null when it has no coordinates. */
  distanceOf: (shop: Shop) => number | null;
}

/** Room for the list position in a sort key (see rankByDistance): up to a million shops. */
const INDEX_BITS = 2 ** 20;
const SQRT_A_STEPS = 2 ** 32;

/**
 * Sorts shops by their distance from `origin`. With a radius, only shops known to be within it
 * remain (a shop without coordinates cannot be); without one, shops lacking coordinates come last.
 *
 * Fast enough for 10,000 shops on a slow phone in one frame: the sort compares haversine's
 * intermediate value (its square root grows with the distance, so no arcsine per shop), in
 * 3 mm steps, packed with the list position into one number, so a native Float64Array sort
 * (no comparator callback) orders them, equal distances keeping the list's order.
 */
export function rankByDistance(
  shops: readonly Shop[],
  origin: GeoPoint,
  radiusKm: number | null = null,
): RankedShops {
  const originLat = toRadians(origin.latitude);
  const cosOrigin = Math.cos(originLat);
  // haversine's a for the radius: a point is within it when its a is no larger.
  const limit =
    radiusKm === null ? Infinity : Math.sin(Math.min(Math.PI / 2, radiusKm / (2 * EARTH_RADIUS_KM))) ** 2;
  const keys = new Float64Array(shops.length);
  let located = 0;
  const unlocated: Shop[] = [];
  shops.forEach((shop, index) => {
    const point = shopPoint(shop);
    if (!point) {
      if (radiusKm === null) unlocated.push(shop);
      return;
    }
    const lat = toRadians(point.latitude);
    const a =
      Math.sin((lat - originLat) / 2) ** 2 +
      cosOrigin * Math.cos(lat) * Math.sin(toRadians(point.longitude - origin.longitude) / 2) ** 2;
    if (a > limit) return;
    // √a grows with the distance; in 2^-32 steps (3 mm) it leaves room for the index below 2^53.
    keys[located++] = Math.round(Math.sqrt(a) * SQRT_A_STEPS) * INDEX_BITS + index;
  });
  const order = keys.subarray(0, located).sort();
  const sorted: Shop[] = new Array<Shop>(located);
  for (let i = 0; i < located; i++) sorted[i] = shops[order[i] % INDEX_BITS];
  return {
    shops: unlocated.length ? sorted.concat(unlocated) : sorted,
    distanceOf: (shop) => {
      const point = shopPoint(shop);
      return point ? distanceKm(origin, point) : null;
    },
  };
}

/** A radius from the URL: one of the offered values, or null (any distance). */
export function parseRadius(raw: string | null): RadiusKm | null {
  const value = Number(raw);
  return (RADIUS_OPTIONS_KM as readonly number[]).includes(value) ? (value as RadiusKm) : null;
}
