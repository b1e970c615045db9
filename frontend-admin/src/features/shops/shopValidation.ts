import {
  COORDINATE_LIMITS,
  COORDINATE_MAX_DECIMALS,
  LOGO_ICON_KEYS,
  SHOP_PHONE_PATTERN,
  SHOP_TEXT_MAX_LENGTH,
  SHOP_WHATSAPP_PATTERN,
  UPLOADED_IMAGE_PATH,
} from 'contract';

/**
 * The server's shop rules (backend/src/shops/dto/create-shop.dto.ts), mirrored so the admin
 * sees the same message beside the field before sending. Each rule answers an i18n key of the
 * `admin` namespace whose English text is the server's message word for word.
 */
export interface ShopFormValues {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  website: string;
  description: string;
  address: string;
  city: string;
  state: string;
  googleMapsUrl: string;
  latitude: string;
  longitude: string;
  categories: string[];
  logo: string;
  mapImageUrl: string;
  isVerified: boolean;
}

export type ShopField = keyof ShopFormValues;
export interface FieldError {
  key: string;
  params?: Record<string, string | number>;
}

/**
 * Starting values of a new shop. The spec has logo and map start with placeholder images
 * (values not given). The logo starts as the icon key 'crosshairs': a real value the server
 * accepts and the directory draws, so a shop without an uploaded logo still looks right. The
 * map starts empty: the server accepts only an uploaded image or an http(s) URL there, and a
 * made-up placeholder address would publish a broken picture, so the admin uploads one (the
 * required-field message says so) before saving.
 */
export const NEW_SHOP_VALUES: ShopFormValues = {
  name: '',
  email: '',
  phone: '',
  whatsapp: '',
  website: '',
  description: '',
  address: '',
  city: '',
  state: '',
  googleMapsUrl: '',
  latitude: '',
  longitude: '',
  categories: [],
  logo: 'crosshairs',
  mapImageUrl: '',
  isVerified: false,
};

// Close to class-validator's isEmail: a local part, an @, a dotted domain with a 2+ letter end.
const EMAIL =
  /^[^\s@"<>(),;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /[\s<>"'`\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const isIconKey = (value: string) => (LOGO_ICON_KEYS as readonly string[]).includes(value);

function isImageReference(value: string, allowIconKeys: boolean): boolean {
  return UPLOADED_IMAGE_PATH.test(value) || isHttpUrl(value) || (allowIconKeys && isIconKey(value));
}

/** The required text fields (every one of SHOP_TEXT_MAX_LENGTH but the optional website and WhatsApp). */
const REQUIRED_TEXT = new Set<ShopField>([
  'name',
  'description',
  'address',
  'city',
  'state',
  'phone',
  'email',
  'logo',
  'mapImageUrl',
  'googleMapsUrl',
]);

function coordinate(value: string, field: 'latitude' | 'longitude', limit: number): FieldError | null {
  const text = value.trim();
  if (text === '') return null; // optional
  const number = Number(text);
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) || !Number.isFinite(number))
    return { key: `validation.${field}.number` };
  if (number < -limit || number > limit) return { key: `validation.${field}.range` };
  const decimals = text.split('.')[1] ?? '';
  if (decimals.length > COORDINATE_MAX_DECIMALS) return { key: `validation.${field}.decimals` };
  return null;
}

/** The first failing rule of one field, as the server would report it, or null. */
export function validateShopField(field: ShopField, values: ShopFormValues): FieldError | null {
  const raw = values[field];
  if (field === 'categories')
    return values.categories.length === 0 ? { key: 'validation.categories.required' } : null;
  if (field === 'latitude') return coordinate(values.latitude, 'latitude', COORDINATE_LIMITS.latitude);
  if (field === 'longitude') return coordinate(values.longitude, 'longitude', COORDINATE_LIMITS.longitude);
  if (field === 'isVerified') return null;
  const value = typeof raw === 'string' ? raw.trim() : '';
  if (field === 'website') {
    if (value === '') return null;
    if (value.length > SHOP_TEXT_MAX_LENGTH.website)
      return { key: 'validation.website.max', params: { max: SHOP_TEXT_MAX_LENGTH.website } };
    return isHttpUrl(value) ? null : { key: 'validation.website.url' };
  }
  if (field === 'whatsapp') {
    if (value === '') return null;
    if (value.length > SHOP_TEXT_MAX_LENGTH.whatsapp)
      return { key: 'validation.maxLength', params: { max: SHOP_TEXT_MAX_LENGTH.whatsapp } };
    return SHOP_WHATSAPP_PATTERN.test(value) ? null : { key: 'validation.whatsapp.format' };
  }
  if (!REQUIRED_TEXT.has(field)) return null;
  const max = SHOP_TEXT_MAX_LENGTH[field as keyof typeof SHOP_TEXT_MAX_LENGTH];
  if (value === '') return { key: `validation.${field}.required` };
  if (value.length > max) return { key: 'validation.maxLength', params: { max } };
  if (field === 'phone' && !SHOP_PHONE_PATTERN.test(value)) return { key: 'validation.phone.format' };
  if (field === 'email' && !EMAIL.test(value)) return { key: 'validation.email.format' };
  if (field === 'googleMapsUrl' && !isHttpUrl(value)) return { key: 'validation.googleMapsUrl.url' };
  if (field === 'logo' && !isImageReference(value, true)) return { key: 'validation.logo.format' };
  if (field === 'mapImageUrl' && !isImageReference(value, false))
    return { key: 'validation.mapImageUrl.format' };
  return null;
}

export const SHOP_FIELDS: ShopField[] = [
  'name',
  'email',
  'phone',
  'whatsapp',
  'website',
  'description',
  'address',
  'city',
  'state',
  'googleMapsUrl',
  'latitude',
  'longitude',
  'categories',
  'logo',
  'mapImageUrl',
  'isVerified',
];

/** Every failing field at once. */
export function validateShop(values: ShopFormValues): Partial<Record<ShopField, FieldError>> {
  const errors: Partial<Record<ShopField, FieldError>> = {};
  for (const field of SHOP_FIELDS) {
    const error = validateShopField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

const trimmed = (value: string) => value.trim();
const coordinateValue = (value: string) => (value.trim() === '' ? null : Number(value.trim()));

/** The request body for the API. */
export function toShopInput(values: ShopFormValues) {
  return {
    name: trimmed(values.name),
    description: trimmed(values.description),
    address: trimmed(values.address),
    city: trimmed(values.city),
    state: trimmed(values.state),
    phone: trimmed(values.phone),
    email: trimmed(values.email),
    whatsapp: values.whatsapp.trim() === '' ? null : values.whatsapp.trim(),
    website: values.website.trim() === '' ? null : values.website.trim(),
    categories: values.categories,
    logo: trimmed(values.logo),
    mapImageUrl: trimmed(values.mapImageUrl),
    googleMapsUrl: trimmed(values.googleMapsUrl),
    latitude: coordinateValue(values.latitude),
    longitude: coordinateValue(values.longitude),
    isVerified: values.isVerified ? ('true' as const) : ('false' as const),
  };
}
