import {
  normalizeShopValue,
  SHOP_FIELD,
  SHOP_FIELD_NAMES,
  SHOP_REQUIRED_FIELDS,
  SHOP_SCHEMA,
  shopFieldProblem,
  type ShopFieldProblem,
  type ShopSchemaField,
  type ShopValues,
} from 'contract';
import type { ListingShopDto, ShopDto } from 'contract/api-types';

/*
 * The form's values and how they become the API's body, derived from the contract's shop
 * schema (contract/src/shop-schema.js) by each field's kind. The rules are the schema's too, the
 * same the server applies, so a field is refused here with the code the server would answer,
 * before anything is sent.
 */

/** What an input holds for a field of a kind: text for text and numbers, a list, a checkbox. */
type FormValue<D extends ShopSchemaField> = D['kind'] extends 'categories'
  ? string[]
  : D['kind'] extends 'flag'
    ? boolean
    : string;

export type ShopFormValues = { [D in ShopSchemaField as D['name']]: FormValue<D> };
export type ShopField = keyof ShopFormValues;

/** Every field of the form, in the schema's order. */
export const SHOP_FIELDS = SHOP_FIELD_NAMES as readonly ShopField[];

/** The fields a shop cannot be saved without (the form marks them). */
export const REQUIRED_SHOP_FIELDS: ReadonlySet<ShopField> = new Set(
  SHOP_REQUIRED_FIELDS as readonly ShopField[],
);

/** An empty input of each kind. */
const emptyValue = ({ kind }: ShopSchemaField) => (kind === 'categories' ? [] : kind === 'flag' ? false : '');

/**
 * Starting values of a new shop: every input empty, but the logo. It starts as the icon key
 * 'crosshairs', a real value the server accepts and the directory draws, so a shop without an
 * uploaded logo still looks right. The map starts empty: the server accepts only an uploaded
 * image or an http(s) URL there, and a made-up placeholder address would publish a broken
 * picture, so the admin uploads one (the required-field message says so) before saving.
 */
export const NEW_SHOP_VALUES: ShopFormValues = {
  ...(Object.fromEntries(
    SHOP_SCHEMA.map((field) => [field.name, emptyValue(field)]),
  ) as unknown as ShopFormValues),
  logo: 'crosshairs',
};

/** A saved shop (or a listing request's proposed one) as the form shows it. */
export function formValuesOf(shop: ShopDto | ListingShopDto): ShopFormValues {
  const values = Object.fromEntries(
    SHOP_SCHEMA.map((field) => {
      const value: unknown = (shop as Readonly<Record<string, unknown>>)[field.name];
      if (field.kind === 'categories') return [field.name, [...((value as string[] | undefined) ?? [])]];
      if (field.kind === 'flag') return [field.name, value === 'true'];
      return [field.name, value === null || value === undefined ? '' : String(value)];
    }),
  ) as ShopFormValues;
  // Older data carries the logo as `logoUrl`, which the API does not document: prefer it when
  // a response has it.
  if ('logoUrl' in shop && typeof shop.logoUrl === 'string' && shop.logoUrl) values.logo = shop.logoUrl;
  return values;
}

/** The request body for the API: text trimmed, an empty optional field null, numbers as numbers. */
export function toShopInput(values: ShopFormValues): ShopValues {
  return Object.fromEntries(
    SHOP_SCHEMA.map((field) => {
      const value = values[field.name];
      if (field.kind === 'categories') return [field.name, value];
      if (field.kind === 'flag') return [field.name, value ? 'true' : 'false'];
      const text = String(value).trim();
      if (field.kind === 'coordinate') return [field.name, text === '' ? null : Number(text)];
      return [field.name, text === '' && !field.required ? null : text];
    }),
  ) as ShopValues;
}

/** The first rule the field's value breaks, as the server would answer it, or null. */
export function validateShopField(field: ShopField, values: ShopFormValues): ShopFieldProblem | null {
  const definition = SHOP_FIELD[field];
  const input = toShopInput(values) as Record<string, unknown>;
  return shopFieldProblem(definition, normalizeShopValue(definition, input[field]));
}
