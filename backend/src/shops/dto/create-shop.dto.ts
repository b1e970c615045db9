import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateBy,
} from 'class-validator';
import {
  COORDINATE_LIMITS,
  COORDINATE_MAX_DECIMALS,
  MAX_CATEGORY_LENGTH,
  MAX_SHOP_CATEGORIES,
  SHOP_PHONE_PATTERN,
  SHOP_WHATSAPP_PATTERN,
  SHOP_TEXT_MAX_LENGTH as MAX,
} from 'contract';
import { hasAtMostDecimals, isHttpUrl, isImageReference } from '../shop.rules.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/*
 * Each field's rules are composed with applyDecorators, which applies them in the order
 * written; with stopAtFirstError the first failing rule is the one reported, so "is required"
 * comes before "must be text" and before any format rule. (Stacked decorators would run
 * bottom-up.)
 */

/**
 * Characters no shop text needs and that make stored text lie about what it shows: the C0
 * controls (NUL, ESC, ...), DEL and the C1 controls. Tab and line breaks are allowed only
 * where text has lines (the description); elsewhere they are refused with the U+2028/U+2029
 * separators. Format characters such as the zero-width joiner stay allowed (emoji use them).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const TABS_AND_LINE_BREAKS = /[\t\n\r\u2028\u2029]/;

function PlainText(label: string, lines: 'one' | 'many', each = false) {
  return ValidateBy(
    {
      name: lines === 'one' ? 'isSingleLineText' : 'isMultiLineText',
      validator: {
        validate: (value: unknown) =>
          typeof value !== 'string' ||
          !(CONTROL_CHARACTERS.test(value) || (lines === 'one' && TABS_AND_LINE_BREAKS.test(value))),
        defaultMessage: () =>
          lines === 'one'
            ? `${label} must be one line without tabs or control characters`
            : `${label} must not contain control characters`,
      },
    },
    { each },
  );
}

/** A required text field: present, text, not blank after trimming, bounded, plain, then `more`. */
function requiredText(label: string, max: number, lines: 'one' | 'many', more: PropertyDecorator[]) {
  return applyDecorators(
    Transform(trim),
    IsNotEmpty({ message: `${label} is required` }),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters`, context: { params: { max } } }),
    PlainText(label, lines),
    ...more,
  );
}

/** One line of text (every field but the description). */
function RequiredText(label: string, max: number, ...more: PropertyDecorator[]) {
  return requiredText(label, max, 'one', more);
}

/** Text that may have several lines and tabs. */
function RequiredParagraphs(label: string, max: number) {
  return requiredText(label, max, 'many', []);
}

function HttpUrl(label: string) {
  return ValidateBy({
    name: 'isHttpUrl',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isHttpUrl(value),
      defaultMessage: () => `${label} must be an http(s) URL`,
    },
  });
}

function ImageReference(label: string, allowIconKeys: boolean) {
  const what = allowIconKeys
    ? 'an uploaded image, an http(s) URL or an icon key'
    : 'an uploaded image or an http(s) URL';
  return ValidateBy({
    name: 'isImageReference',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isImageReference(value, allowIconKeys),
      defaultMessage: () => `${label} must be ${what}`,
    },
  });
}

function Coordinate(label: string, limit: number) {
  const range = { params: { min: -limit, max: limit } };
  return applyDecorators(
    IsOptional(),
    Transform(({ value }) =>
      typeof value === 'string' && value.trim() !== '' ? Number(value) : value === '' ? null : value,
    ),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: `${label} must be a number` }),
    Min(-limit, { message: `${label} must be between -${limit} and ${limit}`, context: range }),
    Max(limit, { message: `${label} must be between -${limit} and ${limit}`, context: range }),
    ValidateBy(
      {
        name: 'atMost8Decimals',
        validator: {
          validate: (value: unknown) =>
            typeof value === 'number' && hasAtMostDecimals(value, COORDINATE_MAX_DECIMALS),
          defaultMessage: () => `${label} must have at most ${COORDINATE_MAX_DECIMALS} decimals`,
        },
      },
      { context: { params: { max: COORDINATE_MAX_DECIMALS } } },
    ),
  );
}

/** Keeps the first spelling of each category, ignoring case and surrounding spaces. */
function uniqueCategories({ value }: { value: unknown }): unknown {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  const result: unknown[] = [];
  for (const item of value) {
    const name = typeof item === 'string' ? item.trim() : item;
    const key = typeof name === 'string' ? name.toLocaleLowerCase('es') : JSON.stringify(name);
    if (!seen.has(key)) {
      seen.add(key);
      result.push(name);
    }
  }
  return result;
}

/** An optional one-line text field: absent, empty or null means none (stored as null). */
function OptionalText(label: string, max: number, ...more: PropertyDecorator[]) {
  return applyDecorators(
    IsOptional(),
    Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value)),
    ValidateIf((_, value) => value !== null),
    IsString({ message: `${label} must be text` }),
    MaxLength(max, { message: `${label} must be at most ${max} characters`, context: { params: { max } } }),
    PlainText(label, 'one'),
    ...more,
  );
}

function Categories() {
  return applyDecorators(
    Transform(uniqueCategories),
    IsArray({ message: 'Categories must be a list' }),
    ArrayMinSize(1, { message: 'Please select at least one category' }),
    ArrayMaxSize(MAX_SHOP_CATEGORIES, {
      message: `A shop can have at most ${MAX_SHOP_CATEGORIES} categories`,
      context: { params: { max: MAX_SHOP_CATEGORIES } },
    }),
    IsString({ each: true, message: 'Each category must be text' }),
    IsNotEmpty({ each: true, message: 'Categories must not be blank' }),
    MaxLength(MAX_CATEGORY_LENGTH, {
      each: true,
      message: `Each category must be at most ${MAX_CATEGORY_LENGTH} characters`,
      context: { params: { max: MAX_CATEGORY_LENGTH } },
    }),
    PlainText('Each category', 'one', true),
  );
}

/** A new shop (all required fields of spec section 5). */
export class CreateShopDto {
  @RequiredText('Name', MAX.name)
  name: string;

  @RequiredParagraphs('Description', MAX.description)
  description: string;

  @RequiredText('Address', MAX.address)
  address: string;

  @RequiredText('City', MAX.city)
  city: string;

  @RequiredText('State', MAX.state)
  state: string;

  /** Digits with optional +, spaces, dots, dashes, parentheses and an extension. */
  @RequiredText(
    'Phone',
    MAX.phone,
    Matches(SHOP_PHONE_PATTERN, {
      message: 'Phone must be a phone number',
      context: { code: 'INVALID_PHONE' },
    }),
  )
  phone: string;

  @RequiredText('Email', MAX.email, IsEmail({}, { message: 'Email must be a valid email address' }))
  email: string;

  /** Optional international number (+ and country code, 8-15 digits) for https://wa.me/; empty or null means none. */
  @OptionalText(
    'WhatsApp',
    MAX.whatsapp,
    Matches(SHOP_WHATSAPP_PATTERN, {
      message: 'WhatsApp must be an international phone number starting with + and the country code',
      context: { code: 'INVALID_PHONE' },
    }),
  )
  whatsapp?: string | null;

  /** Optional http(s) URL; empty or null means none. */
  @OptionalText('Website', MAX.website, HttpUrl('Website'))
  website?: string | null;

  /** At least one; blanks are refused and repeats removed. */
  @Categories()
  categories: string[];

  /** `/objects/uploads/<uuid>`, an http(s) URL, or an icon key. */
  @RequiredText('Logo', MAX.logo, ImageReference('Logo', true))
  logo: string;

  /** `/objects/uploads/<uuid>` or an http(s) URL. */
  @RequiredText('Map image', MAX.mapImageUrl, ImageReference('Map image', false))
  mapImageUrl: string;

  @RequiredText('Google Maps URL', MAX.googleMapsUrl, HttpUrl('Google Maps URL'))
  googleMapsUrl: string;

  /** -90 to 90, at most 8 decimals. */
  @Coordinate('Latitude', COORDINATE_LIMITS.latitude)
  latitude?: number | null;

  /** -180 to 180, at most 8 decimals. */
  @Coordinate('Longitude', COORDINATE_LIMITS.longitude)
  longitude?: number | null;

  /** 'true'/'false' (or a boolean); answered as text. Defaults to 'false'. */
  @Transform(({ value }) => (typeof value === 'boolean' ? String(value) : value))
  @ValidateIf((_, value) => value !== undefined)
  @IsIn(['true', 'false'], { message: "isVerified must be 'true' or 'false'" })
  isVerified?: 'true' | 'false';
}
