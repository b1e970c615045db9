// @ts-check
/*
 * The Shop, declared once: every field a shop has, its kind, whether it is required, its limits
 * and its documentation. The backend's DTOs and responses, the admin form's values and rules,
 * the CSV columns and cells, the backup restore's checks and comparison all derive from this
 * table (the checks themselves are in ./shop-rules.js), so a new field is declared here, given
 * a column in the database and a place in the admin form, and every path handles it.
 */
import {
  isOpenAt,
  MAX_OPENING_HOURS_LENGTH,
  OPEN_NOW,
  OPENING_HOURS_FORMAT,
  openingHoursStructuredData,
} from './opening-hours.js';
import {
  CERTIFICATE_NUMBER_FORMAT,
  CERTIFICATE_NUMBER_MAX_LENGTH,
  DAY_FORMAT,
  isVerifiedAt,
  verificationStructuredData,
} from './verification.js';
import { MEXICO_BOUNDS } from './mexico.js';

// The modules of fields with rules of their own are the contract's too, exported with the schema.
export * from './opening-hours.js';
export * from './verification.js';

/**
 * What a field holds, which decides how it is normalised and checked:
 * - `text`: one line; `paragraphs`: several lines (tabs and line breaks allowed);
 * - `phone`, `international-phone`, `email`, `url`: one line of text in that format;
 * - `image`: an uploaded image path or an http(s) URL (`iconKeys`: or a logo icon key);
 * - `categories`: a list of one-line names; `coordinate`: a number in a range;
 * - `flag`: the text 'true' or 'false'.
 * A `text` field may follow a format of its own (`format`).
 * @typedef {'text' | 'paragraphs' | 'phone' | 'international-phone' | 'email' | 'url' | 'image' | 'categories' | 'coordinate' | 'flag'} ShopFieldKind
 */

/**
 * A text format of a field's own (opening hours, say): its valid values are stored in one
 * canonical spelling, and the others refused with one of its codes (FIELD_ERROR_CODES has them)
 * and a reason the API's message appends to the field's label.
 * @typedef {object} ShopTextFormat
 * @property {readonly string[]} codes
 * @property {(text: string) => string | null} canonical the stored spelling, or null when not valid
 * @property {(text: string) => { code: string, message: string } | null} problem
 */

/**
 * @typedef {object} ShopFieldDefinition
 * @property {string} name the property of the API's shop object and the CSV column
 * @property {ShopFieldKind} kind
 * @property {string} label how the API's English messages name it
 * @property {boolean} required a shop cannot be saved without it (optional fields store null)
 * @property {string} [doc] what the API documentation says of it
 * @property {unknown} [example] an example value for the API documentation
 * @property {number} [max] text: the most characters; categories: the most entries
 * @property {number} [itemMax] categories: the most characters of one entry
 * @property {Readonly<{ min: number, max: number }>} [range] coordinate: the least and greatest value
 * @property {number} [decimals] coordinate: the most digits after the point
 * @property {boolean} [iconKeys] image: a LOGO_ICON_KEYS key is accepted too
 * @property {'true' | 'false'} [defaultValue] flag: what an absent value means
 * @property {ShopTextFormat} [format] text: the format the value follows
 * @property {boolean} [noFormatCharacters] paragraphs: every format character (Unicode's Cf, the
 *   invisible ones too) is refused, as in one-line text, not only the direction-changing ones
 * @property {string} [correction] the kind of a visitor's correction (CORRECTION_KINDS) that
 *   proposes a new value for this field
 * @property {(value: unknown, shop: Record<string, unknown>) => Record<string, unknown>} [structuredData]
 *   what the value (of the shop) adds to the shop's schema.org LocalBusiness on its page (nothing,
 *   `{}`, when it has none)
 * @property {ListingToggle} [listingFilter] a filter of the public listing that the field brings
 * @property {boolean} [verification] part of the alliance's verification: only an administrator
 *   sets it (never a visitor's request)
 */

/**
 * A filter of the public listing switched on by one value of its own parameter in the URL and
 * the API (`?<param>=<value>`); `all`, another value or none switches it off. The listing,
 * the API, the server's pages and the directory's filter bar (its checkbox, labelled by the
 * directory's `filters.<param>.label` text) all take it from here.
 * @typedef {object} ListingToggle
 * @property {string} param the parameter's name
 * @property {string} value the value that switches it on
 * @property {string} doc what the API documentation says of the parameter
 * @property {(shop: import('./listing.js').ListingShop, now: number) => boolean} keeps whether a shop stays listed while the filter is on, at `now` (epoch ms)
 * @property {boolean} [changesWithTime] a shop's answer changes with `now` (its results are then kept for a minute only)
 */

/**
 * @template {string} N
 * @template {ShopFieldKind} K
 * @template {boolean} R
 * @template {Omit<ShopFieldDefinition, 'name' | 'kind' | 'label' | 'required'>} O
 * @param {N} name
 * @param {K} kind
 * @param {string} label
 * @param {{ required: R } & O} rules
 * @returns {Readonly<{ name: N, kind: K, label: string, required: R } & O & Omit<ShopFieldDefinition, 'name' | 'kind' | 'label' | 'required'>>}
 */
const field = (name, kind, label, rules) => Object.freeze({ name, kind, label, ...rules });

/** A shop has at least one category and at most this many... */
export const MAX_SHOP_CATEGORIES = 20;
/** ...each at most this long. */
export const MAX_CATEGORY_LENGTH = 50;
/** Latitude and longitude lie in Mexico's box (a wrong sign or a swapped pair lands outside)... */
export const COORDINATE_RANGES = /* @__PURE__ */ Object.freeze({
  latitude: Object.freeze({ min: MEXICO_BOUNDS.south, max: MEXICO_BOUNDS.north }),
  longitude: Object.freeze({ min: MEXICO_BOUNDS.west, max: MEXICO_BOUNDS.east }),
});
/** ...with at most this many decimals. */
export const COORDINATE_MAX_DECIMALS = 8;

const IMAGE_PATH_DOC = 'An image path (`/objects/uploads/<uuid>`)';

/**
 * The shop's fields, in the order the CSV export writes them. The server adds `id`, `slug`,
 * `createdAt` and `updatedAt`.
 */
export const SHOP_SCHEMA = /* @__PURE__ */ Object.freeze([
  field('name', 'text', 'Name', { required: true, max: 150, example: 'Armería El Centinela' }),
  field('city', 'text', 'City', { required: true, max: 100, example: 'Guadalajara' }),
  field('state', 'text', 'State', { required: true, max: 100, example: 'Jalisco' }),
  field('address', 'text', 'Address', {
    required: true,
    max: 300,
    correction: 'address',
    example: 'Av. Juárez 123, Col. Centro',
  }),
  field('phone', 'phone', 'Phone', {
    required: true,
    correction: 'phone',
    max: 40,
    doc: 'Digits with optional +, spaces, dots, dashes, parentheses and an extension.',
    example: '+52 33 1234 5678',
  }),
  field('whatsapp', 'international-phone', 'WhatsApp', {
    required: false,
    max: 40,
    doc: 'An international number (+ and country code, 8-15 digits) for a https://wa.me/<digits> link; empty or null means none.',
    example: '+52 1 33 1234 5678',
  }),
  field('email', 'email', 'Email', { required: true, max: 254, example: 'contacto@centinela.mx' }),
  field('website', 'url', 'Website', {
    required: false,
    max: 2048,
    doc: 'An http(s) URL; empty or null means none.',
  }),
  field('description', 'paragraphs', 'Description', { required: true, max: 5000 }),
  field('categories', 'categories', 'Categories', {
    required: true,
    max: MAX_SHOP_CATEGORIES,
    itemMax: MAX_CATEGORY_LENGTH,
    doc: 'At least one; blanks are refused and repeats removed.',
    example: ['Armería', 'Mantenimiento'],
  }),
  field('isVerified', 'flag', 'isVerified', {
    required: false,
    defaultValue: 'false',
    verification: true,
    doc: "'true' when the alliance verified this gunsmith; a request may send a boolean. Defaults to 'false'. The shop shows as verified while this is 'true' and its certificate's `validUntil` has not passed; the day after it, the server sets 'false' itself.",
    structuredData: verificationStructuredData,
    listingFilter: Object.freeze({
      param: 'verified',
      value: 'only',
      doc: '`only`: only the shops verified now (a certificate past its `validUntil` is not); `all` or nothing: any.',
      keeps: isVerifiedAt,
      // Right at midnight, before the server's minute job takes the checkbox off.
      changesWithTime: true,
    }),
  }),
  field('latitude', 'coordinate', 'Latitude', {
    required: false,
    range: COORDINATE_RANGES.latitude,
    decimals: COORDINATE_MAX_DECIMALS,
    doc: `In Mexico: ${MEXICO_BOUNDS.south} to ${MEXICO_BOUNDS.north}, at most 8 decimals; null when unknown.`,
    example: 20.67666667,
  }),
  field('longitude', 'coordinate', 'Longitude', {
    required: false,
    range: COORDINATE_RANGES.longitude,
    decimals: COORDINATE_MAX_DECIMALS,
    doc: `In Mexico: ${MEXICO_BOUNDS.west} to ${MEXICO_BOUNDS.east}, at most 8 decimals; null when unknown.`,
    example: -103.3475,
  }),
  field('logo', 'image', 'Logo', {
    required: true,
    max: 2048,
    iconKeys: true,
    doc: `${IMAGE_PATH_DOC}, an http(s) URL, or an icon key (\`crosshairs\`, \`bullseye\`, \`medal\`, \`bow-arrow\`, \`tools\`, \`shield-alt\`).`,
  }),
  field('mapImageUrl', 'image', 'Map image', {
    required: true,
    max: 2048,
    doc: `${IMAGE_PATH_DOC} or an http(s) URL.`,
  }),
  field('googleMapsUrl', 'url', 'Google Maps URL', {
    required: true,
    max: 2048,
    example: 'https://maps.google.com/?q=20.6767,-103.3475',
  }),
  field('openingHours', 'text', 'Opening hours', {
    required: false,
    // The parser refuses longer text before reading it (a visitor's request reaches it).
    max: MAX_OPENING_HOURS_LENGTH,
    format: OPENING_HOURS_FORMAT,
    structuredData: openingHoursStructuredData,
    correction: 'hours',
    doc: "Weekly opening hours in the shop's own time zone (from its state), in OpenStreetMap's opening_hours syntax: days and ranges (Mo-Fr, Sa,Su), time ranges up to 24:00, off, or 24/7. Answered in one canonical spelling; null when not given.",
    example: 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00',
    listingFilter: Object.freeze({
      param: 'open',
      value: OPEN_NOW,
      doc: "`now`: only the shops open at this moment, in each shop's own time zone; `all` or nothing: any.",
      keeps: isOpenAt,
      changesWithTime: true,
    }),
  }),
  field('hoursNote', 'text', 'Hours note', {
    required: false,
    max: 200,
    doc: 'A note on the opening hours, e.g. "Sábados con cita"; null when none.',
    example: 'Sábados con cita',
  }),
  field('certificateNumber', 'text', 'Certificate number', {
    required: false,
    max: CERTIFICATE_NUMBER_MAX_LENGTH,
    format: CERTIFICATE_NUMBER_FORMAT,
    verification: true,
    doc: "The number of the alliance's current certificate: letters and digits with dots, dashes or slashes, stored in capitals; unique among current certificates; null when the verification has none (verified before certificates had dates).",
    example: 'ATM-2026/014',
  }),
  field('verifiedOn', 'text', 'Verified on', {
    required: false,
    // Longer than a day's 10 characters, so that a stray character is named before the format.
    max: 20,
    format: DAY_FORMAT,
    verification: true,
    doc: 'The day the current certificate was issued (YYYY-MM-DD); required with a certificate number.',
    example: '2026-05-01',
  }),
  field('validUntil', 'text', 'Valid until', {
    required: false,
    // Longer than a day's 10 characters, so that a stray character is named before the format.
    max: 20,
    format: DAY_FORMAT,
    verification: true,
    doc: "The last day the current certificate is valid (YYYY-MM-DD, in the shop's time zone), after `verifiedOn`; null means no expiry.",
    example: '2027-05-01',
  }),
  field('verificationNote', 'text', 'Verification note', {
    required: false,
    max: 300,
    verification: true,
    doc: 'What the certificate covers, as printed on it (public); null when none.',
    example: 'Reparación y mantenimiento de armas largas',
  }),
]);

/**
 * The value a field of a kind holds once stored.
 * @template {ShopFieldKind} K
 * @typedef {K extends 'categories' ? string[] : K extends 'coordinate' ? number : K extends 'flag' ? 'true' | 'false' : string} ShopKindValue
 */

/** @typedef {(typeof SHOP_SCHEMA)[number]} ShopSchemaField */

/**
 * A shop's values as a request or a file row gives them once checked: required fields present,
 * optional ones absent or null.
 * @typedef {{ [D in ShopSchemaField as D['required'] extends true ? D['name'] : never]: ShopKindValue<D['kind']> } & { [D in ShopSchemaField as D['required'] extends true ? never : D['name']]?: D['kind'] extends 'flag' ? ShopKindValue<D['kind']> : ShopKindValue<D['kind']> | null }} ShopValues
 */

/**
 * A shop's values as stored and answered: every field present, an optional one null when it
 * has none (the verification always has its text).
 * @typedef {{ [D in ShopSchemaField as D['name']]: D['required'] extends true ? ShopKindValue<D['kind']> : D['kind'] extends 'flag' ? ShopKindValue<D['kind']> : ShopKindValue<D['kind']> | null }} ShopRecordValues
 */

/** @typedef {(typeof SHOP_SCHEMA)[number]['name']} ShopFieldName */

/**
 * The codes of the fields' own formats.
 * @typedef {Extract<ShopSchemaField, { format: ShopTextFormat }>['format']['codes'][number]} ShopFormatCode
 */

/** Every code the fields' own formats refuse a value with. */
export const SHOP_FORMAT_CODES = /* @__PURE__ */ Object.freeze(
  /** @type {ShopFormatCode[]} */ ([
    ...new Set(SHOP_SCHEMA.flatMap((definition) => definition.format?.codes ?? [])),
  ]),
);

/** The field names, in the schema's order. */
export const SHOP_FIELD_NAMES = /* @__PURE__ */ Object.freeze(
  SHOP_SCHEMA.map((definition) => definition.name),
);

/** The fields a shop cannot be saved without. */
export const SHOP_REQUIRED_FIELDS = /* @__PURE__ */ Object.freeze(
  SHOP_SCHEMA.filter((definition) => definition.required).map((definition) => definition.name),
);

/** Each field's definition by name. */
export const SHOP_FIELD = /* @__PURE__ */ Object.freeze(
  /** @type {Record<ShopFieldName, ShopFieldDefinition>} */ (
    Object.fromEntries(SHOP_SCHEMA.map((definition) => [definition.name, definition]))
  ),
);

/**
 * The longest value of each text field of a shop, in characters.
 * @type {Readonly<Record<string, number>>}
 */
export const SHOP_TEXT_MAX_LENGTH = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(
    SHOP_SCHEMA.filter((definition) => definition.kind !== 'categories' && definition.max).map(
      (definition) => [definition.name, /** @type {number} */ (definition.max)],
    ),
  ),
);

/**
 * The columns of the shops CSV (export and import), in the order the export writes them: `id`,
 * the schema's fields, then what the server writes. On import the header names them in any
 * order; `id` matches a shop, and `slug`, `createdAt` and `updatedAt` are read-only (ignored).
 */
export const SHOP_CSV_COLUMNS = /* @__PURE__ */ Object.freeze(
  /** @type {readonly ('id' | ShopFieldName | 'slug' | 'createdAt' | 'updatedAt')[]} */ ([
    'id',
    ...SHOP_FIELD_NAMES,
    'slug',
    'createdAt',
    'updatedAt',
  ]),
);

/** Columns a shops CSV must have: the shop's required fields. */
export const SHOP_CSV_REQUIRED_COLUMNS = SHOP_REQUIRED_FIELDS;

/** A shop's categories share one CSV cell, joined by this. */
export const SHOP_CSV_CATEGORY_SEPARATOR = ';';
