/** Where the map's tiles come from; the deployment sets it (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export interface MapTileConfig {
  /** A Leaflet URL template: `{z}/{x}/{y}`, optionally `{s}` and `{r}`. */
  tileUrl: string;
  /** HTML shown in the map's corner, as the tile provider's licence asks. */
  attribution: string;
}

/**
 * OpenStreetMap's standard tiles, fine for a small site (see docs/architecture.md, "Near me and the
 * map", on its usage policy).
 */
export const DEFAULT_MAP_TILES: MapTileConfig = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

type RuntimeWindow = { __ATM_RUNTIME__?: { map?: Partial<MapTileConfig> } };

/**
 * The tile settings `/runtime-config.js` gave the page (`window.__ATM_RUNTIME__.map`, written by
 * the backend from its configuration), or OpenStreetMap's when it gave none.
 */
export function readMapConfig(
  runtime: RuntimeWindow['__ATM_RUNTIME__'] = typeof window === 'undefined'
    ? undefined
    : (window as RuntimeWindow).__ATM_RUNTIME__,
): MapTileConfig {
  const given = runtime?.map;
  const tileUrl =
    typeof given?.tileUrl === 'string' && given.tileUrl.trim() ? given.tileUrl.trim() : undefined;
  if (!tileUrl) return DEFAULT_MAP_TILES;
  return { tileUrl, attribution: typeof given?.attribution === 'string' ? given.attribution : '' };
}

/** The whole of Mexico, for a map with nothing on it yet. */
export const MEXICO_VIEW = Object.freeze({ center: [23.6, -102.5] as [number, number], zoom: 5 });
