import { SHOP_FIELD } from 'contract';

/** A point as a shop stores it. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

const MAX_LINK_LENGTH = SHOP_FIELD.googleMapsUrl.max ?? 2048;

/** Digits kept after the point: the schema's most (COORDINATE_MAX_DECIMALS). */
const DECIMALS = 8;

/** The query parameters that carry a point, most explicit first (`api=1&query=`, then `q=`). */
const POINT_PARAMETERS = ['query', 'q'] as const;

/**
 * The point a Google Maps link names, or null: `?query=lat,lng` (the documented Maps URLs),
 * `?q=lat,lng`, or `/@lat,lng,zoom` in the path (the map's centre in a shared view). Read with
 * URL.parse and a scan of the number pair, so any text is read in linear time. A link of another
 * site, a short link (maps.app.goo.gl, which needs a request to expand), a place name or a link
 * longer than the shop's Google Maps URL may be gives null.
 */
export function coordinatesOfGoogleMapsLink(text: string): Coordinates | null {
  // Longer than the shop's link may be: refused before any reading.
  if (text.length > MAX_LINK_LENGTH) return null;
  const url = URL.parse(text.trim());
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || !isGoogleHost(url.hostname))
    return null;
  for (const name of POINT_PARAMETERS) {
    const value = url.searchParams.get(name);
    const point = value === null ? null : pairAt(value, 0, true);
    if (point) return point;
  }
  // `@` is kept as it is in a parsed path; a link copied from an address bar may carry it escaped.
  const path = url.pathname.replaceAll('%40', '@');
  const at = path.indexOf('/@');
  return at === -1 ? null : pairAt(path, at + 2, false);
}

/** google.com, google.com.mx, www.google.es, maps.google.com... */
function isGoogleHost(hostname: string): boolean {
  const labels = hostname.toLowerCase().split('.');
  const google = labels.indexOf('google');
  const prefixOk = google === 0 || (google === 1 && (labels[0] === 'www' || labels[0] === 'maps'));
  const suffix = labels.length - google - 1; // com, com.mx, es...
  return prefixOk && suffix >= 1 && suffix <= 2;
}

/**
 * `lat,lng` at `start` of `text` (spaces allowed around the comma). `whole`: nothing may follow
 * (a query value); otherwise the pair ends at a comma or slash (`@lat,lng,15z/...`).
 */
function pairAt(text: string, start: number, whole: boolean): Coordinates | null {
  const latitude = numberAt(text, skipSpaces(text, start));
  if (!latitude) return null;
  let index = skipSpaces(text, latitude.end);
  if (text[index] !== ',') return null;
  const longitude = numberAt(text, skipSpaces(text, index + 1));
  if (!longitude) return null;
  index = skipSpaces(text, longitude.end);
  const ended = whole
    ? index === text.length
    : index === text.length || text[index] === ',' || text[index] === '/';
  if (!ended || Math.abs(latitude.value) > 90 || Math.abs(longitude.value) > 180) return null;
  return { latitude: rounded(latitude.value), longitude: rounded(longitude.value) };
}

function skipSpaces(text: string, index: number): number {
  while (text[index] === ' ') index += 1;
  return index;
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** A decimal number at `start`: an optional sign, digits, and optionally a point and digits. */
function numberAt(text: string, start: number): { value: number; end: number } | null {
  let index = start;
  if (text[index] === '-' || text[index] === '+') index += 1;
  const digitsStart = index;
  while (isDigit(text[index])) index += 1;
  if (index === digitsStart) return null;
  if (text[index] === '.') {
    index += 1;
    const decimalsStart = index;
    while (isDigit(text[index])) index += 1;
    if (index === decimalsStart) return null;
  }
  return { value: Number(text.slice(start, index)), end: index };
}

function rounded(value: number): number {
  return Number(value.toFixed(DECIMALS));
}
