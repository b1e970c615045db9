import { LOGO_ICON_KEYS, normalizeText, OBJECTS_PATH_PREFIX, UPLOADED_IMAGE_PATH } from 'contract';

/** The fields of a shop its admin-list keys are made from. */
export interface SearchableShop {
  name: string;
  description: string;
  city: string;
  state: string;
  email: string;
}

/**
 * The sort and search keys of a shop (see Shop.nameKey): every writer of a shop row stores
 * them with it. Fields are normalised one by one and joined by a line break, which normalising
 * turns into a space inside a field and a query word never contains, so a word matches the
 * text exactly when it matches one field.
 */
export function searchKeysOf(
  shop: SearchableShop,
  categories: readonly string[],
): { nameKey: string; cityKey: string; searchText: string } {
  const nameKey = normalizeText(shop.name);
  const cityKey = normalizeText(shop.city);
  const rest = [shop.description, shop.state, shop.email, ...categories].map(normalizeText);
  return { nameKey, cityKey, searchText: [nameKey, cityKey, ...rest].join('\n') };
}

/**
 * True for an absolute http(s) URL with a host. Anything else — javascript:, data:,
 * vbscript:, protocol-relative `//host`, entity tricks — is not a URL we will ever link to.
 */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\s<>"'`\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function isImageReference(value: string, allowIconKeys: boolean): boolean {
  return (
    UPLOADED_IMAGE_PATH.test(value) ||
    isHttpUrl(value) ||
    (allowIconKeys && (LOGO_ICON_KEYS as readonly string[]).includes(value))
  );
}

/** The object key (`uploads/<uuid>`) of an image path, or null for URLs and icon keys. */
export function objectKeyOf(reference: string | null | undefined): string | null {
  return reference && UPLOADED_IMAGE_PATH.test(reference)
    ? reference.slice(OBJECTS_PATH_PREFIX.length)
    : null;
}

/** At most `places` digits after the decimal point. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const [, decimals = ''] = String(value).split('e')[0].split('.');
  return !String(value).includes('e') ? decimals.length <= places : Number(value.toFixed(places)) === value;
}
