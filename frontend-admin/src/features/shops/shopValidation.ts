import {
  normalizeShopValue,
  SHOP_FIELD,
  SHOP_FIELD_NAMES,
  SHOP_REQUIRED_FIELDS,
  shopFieldProblem,
  type ShopFieldProblem,
} from 'contract';

/**
 * The form's values and how they become the API's body. The rules are the contract's shop
 * schema (contract/src/shop-schema.js), the same the server applies, so a field is refused here
 * with the code the server would answer, before anything is sent.
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

/** Every field of the form, in the schema's order. */
export const SHOP_FIELDS = SHOP_FIELD_NAMES as readonly ShopField[];

/** The fields a shop cannot be saved without (the form marks them). */
export const REQUIRED_SHOP_FIELDS: ReadonlySet<ShopField> = new Set(
  SHOP_REQUIRED_FIELDS as readonly ShopField[],
);

/** The first rule the field's value breaks, as the server would answer it, or null. */
export function validateShopField(field: ShopField, values: ShopFormValues): ShopFieldProblem | null {
  const definition = SHOP_FIELD[field];
  return shopFieldProblem(definition, normalizeShopValue(definition, toShopInput(values)[field]));
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
