/** Logo icon keys the public directory can draw (spec section 2, Logo display). */
export const LOGO_ICON_KEYS = [
  'crosshairs',
  'bullseye',
  'medal',
  'bow-arrow',
  'tools',
  'shield-alt',
] as const;

/** The path under which an uploaded image is served: `/objects/uploads/<uuid>`. */
export const OBJECT_PATH =
  /^\/objects\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Category options of the shop form (spec section 3). */
export const FORM_CATEGORIES = [
  'Armería',
  'Accesorios',
  'Municiones',
  'Capacitación',
  'Mantenimiento',
  'Seguridad',
  'Caza',
  'Deportivo',
  'Coleccionismo',
];

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
    OBJECT_PATH.test(value) ||
    isHttpUrl(value) ||
    (allowIconKeys && (LOGO_ICON_KEYS as readonly string[]).includes(value))
  );
}

/** The object key (`uploads/<uuid>`) of an image path, or null for URLs and icon keys. */
export function objectKeyOf(reference: string | null | undefined): string | null {
  return reference && OBJECT_PATH.test(reference) ? reference.slice('/objects/'.length) : null;
}

/** At most `places` digits after the decimal point. */
export function hasAtMostDecimals(value: number, places: number): boolean {
  const [, decimals = ''] = String(value).split('e')[0].split('.');
  return !String(value).includes('e') ? decimals.length <= places : Number(value.toFixed(places)) === value;
}
