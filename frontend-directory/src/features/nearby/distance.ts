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
  /** Distance in km by shop id; absent for shops without coordinates. */
  distances: ReadonlyMap<string, number>;
}

/**
 * Sorts shops by their distance from `origin`. With a radius, only shops known to be within it
 * remain (a shop without coordinates cannot be); without one, shops lacking coordinates come last.
 */
export function rankByDistance(
  shops: readonly Shop[],
  origin: GeoPoint,
  radiusKm: number | null = null,
): RankedShops {
  const distances = new Map<string, number>();
  const located: { shop: Shop; km: number; index: number }[] = [];
  const unlocated: Shop[] = [];
  shops.forEach((shop, index) => {
    const point = shopPoint(shop);
    if (!point) {
      if (radiusKm === null) unlocated.push(shop);
      return;
    }
    const km = distanceKm(origin, point);
    if (radiusKm !== null && km > radiusKm) return;
    distances.set(shop.id, km);
    located.push({ shop, km, index });
  });
  // Ties keep the list's order, so equal distances do not reshuffle between renders.
  located.sort((a, b) => a.km - b.km || a.index - b.index);
  return { shops: [...located.map((entry) => entry.shop), ...unlocated], distances };
}

/** A radius from the URL: one of the offered values, or null (any distance). */
export function parseRadius(raw: string | null): RadiusKm | null {
  const value = Number(raw);
  return (RADIUS_OPTIONS_KM as readonly number[]).includes(value) ? (value as RadiusKm) : null;
}
