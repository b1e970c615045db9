import { LOGO_ICON_KEYS, OBJECTS_PATH_PREFIX, UPLOADED_IMAGE_PATH } from 'contract';

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
