// @ts-check
/*
 * The Shop, declared once: every field a shop has, its kind, whether it is required, its limits,
 * and the one function that says whether a value is acceptable and, if not, which field error
 * code refuses it. The backend's DTO validation, the admin form's rules and required marks, the
 * CSV columns, the backup restore's checks and comparison all read this table, so a value is
 * refused (or kept) the same way on every path into the directory.
 */
import { LOGO_ICON_KEYS, UPLOADED_IMAGE_PATH } from './constants.js';

/**
 * What a field holds, which decides how it is normalised and checked:
 * - `text`: one line; `paragraphs`: several lines (tabs and line breaks allowed);
 * - `phone`, `international-phone`, `email`, `url`: one line of text in that format;
 * - `image`: an uploaded image path or an http(s) URL (`iconKeys`: or a logo icon key);
 * - `categories`: a list of one-line names; `coordinate`: a number in a range;
 * - `flag`: the text 'true' or 'false'.
 * @typedef {'text' | 'paragraphs' | 'phone' | 'international-phone' | 'email' | 'url' | 'image' | 'categories' | 'coordinate' | 'flag'} ShopFieldKind
 */

/**
 * @typedef {object} ShopFieldDefinition
 * @property {string} name the property of the API's shop object and the CSV column
 * @property {ShopFieldKind} kind
 * @property {string} label how the API's English messages name it
 * @property {boolean} required a shop cannot be saved without it (optional fields store null)
 * @property {number} [max] text: the most characters; categories: the most entries
 * @property {number} [itemMax] categories: the most characters of one entry
 * @property {number} [limit] coordinate: the value lies within plus or minus this
 * @property {number} [decimals] coordinate: the most digits after the point
 * @property {boolean} [iconKeys] image: a LOGO_ICON_KEYS key is accepted too
 * @property {string} [defaultValue] flag: what an absent value means
 */

/**
 * @template {string} N
 * @param {N} name
 * @param {ShopFieldKind} kind
 * @param {string} label
 * @param {Omit<ShopFieldDefinition, 'name' | 'kind' | 'label'>} rules
 */
const field = (name, kind, label, rules) => Object.freeze({ name, kind, label, ...rules });

/** A shop has at least one category and at most this many... */
export const MAX_SHOP_CATEGORIES = 20;
/** ...each at most this long. */
export const MAX_CATEGORY_LENGTH = 50;
/** Latitude and longitude lie within plus or minus these degrees... */
export const COORDINATE_LIMITS = /* @__PURE__ */ Object.freeze({ latitude: 90, longitude: 180 });
/** ...with at most this many decimals. */
export const COORDINATE_MAX_DECIMALS = 8;

/**
 * The shop's fields, in the order the CSV export writes them. The server adds `id`, `slug`,
 * `createdAt` and `updatedAt`.
 */
export const SHOP_SCHEMA = /* @__PURE__ */ Object.freeze([
  field('name', 'text', 'Name', { required: true, max: 150 }),
  field('city', 'text', 'City', { required: true, max: 100 }),
  field('state', 'text', 'State', { required: true, max: 100 }),
  field('address', 'text', 'Address', { required: true, max: 300 }),
  field('phone', 'phone', 'Phone', { required: true, max: 40 }),
  field('whatsapp', 'international-phone', 'WhatsApp', { required: false, max: 40 }),
  field('email', 'email', 'Email', { required: true, max: 254 }),
  field('website', 'url', 'Website', { required: false, max: 2048 }),
  field('description', 'paragraphs', 'Description', { required: true, max: 5000 }),
  field('categories', 'categories', 'Categories', {
    required: true,
    max: MAX_SHOP_CATEGORIES,
    itemMax: MAX_CATEGORY_LENGTH,
  }),
  field('isVerified', 'flag', 'isVerified', { required: false, defaultValue: 'false' }),
  field('latitude', 'coordinate', 'Latitude', {
    required: false,
    limit: COORDINATE_LIMITS.latitude,
    decimals: COORDINATE_MAX_DECIMALS,
  }),
  field('longitude', 'coordinate', 'Longitude', {
    required: false,
    limit: COORDINATE_LIMITS.longitude,
    decimals: COORDINATE_MAX_DECIMALS,
  }),
  field('logo', 'image', 'Logo', { required: true, max: 2048, iconKeys: true }),
  field('mapImageUrl', 'image', 'Map image', { required: true, max: 2048 }),
  field('googleMapsUrl', 'url', 'Google Maps URL', { required: true, max: 2048 }),
]);

/** @typedef {(typeof SHOP_SCHEMA)[number]['name']} ShopFieldName */

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

/** A shop's phone: at least 7 digits with optional +, spaces, dots, dashes, parentheses, slashes and an extension. */
export const SHOP_PHONE_PATTERN = /^(?=(?:\D*\d){7})[0-9+()\-.\s/]+(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;

/**
 * A shop's optional WhatsApp number: international (a leading + and the country code, as
 * https://wa.me/<digits> needs), 8 to 15 digits (E.164) with optional spaces, dots, dashes and
 * parentheses; no extension.
 */
export const SHOP_WHATSAPP_PATTERN = /^\+(?=(?:\D*\d){8,15}$)\d[0-9()\-.\s]*$/;

/** An e-mail address: a local part, an at sign, and a dotted domain ending in two or more letters. */
export const SHOP_EMAIL_PATTERN =
  /^[^\s@"<>(),;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/**
 * Characters no shop text needs and that make stored text lie about what it shows: the C0
 * controls (NUL, ESC, ...), DEL and the C1 controls. Tab and line breaks are allowed only
 * where text has lines (the description). Format characters such as the zero-width joiner stay
 * allowed (emoji use them).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Refused in one-line text: tabs, line breaks and their Unicode separators, and the
 * bidirectional embedding, override and isolate characters (U+202A-U+202E, U+2066-U+2069),
 * which can make a name display as something other than what it is ('evil\u202Egnp.exe').
 */
const NOT_IN_ONE_LINE = /[\t\n\r\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * True for an absolute http(s) URL with a host, and nothing else: `javascript:`, `data:`,
 * protocol-relative `//host`, spaces, quotes, angle brackets and backslashes are refused, so a
 * value that passes can be written into an `href` as it is.
 * @param {string} value
 */
export function isHttpUrl(value) {
  if (!/^https?:\/\//i.test(value) || /[\s<>"'`\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** @param {string} value */
export const isLogoIconKey = (value) => /** @type {readonly string[]} */ (LOGO_ICON_KEYS).includes(value);

/**
 * An uploaded image's path (`/objects/uploads/<uuid>`), an http(s) URL, or, where allowed, a
 * logo icon key.
 * @param {string} value
 * @param {boolean} allowIconKeys
 */
export function isImageReference(value, allowIconKeys) {
  return UPLOADED_IMAGE_PATH.test(value) || isHttpUrl(value) || (allowIconKeys && isLogoIconKey(value));
}

/**
 * At most `places` digits after the decimal point.
 * @param {number} value
 * @param {number} places
 */
export function hasAtMostDecimals(value, places) {
  const text = String(value);
  if (text.includes('e')) return Number(value.toFixed(places)) === value;
  const [, decimals = ''] = text.split('.');
  return decimals.length <= places;
}

/**
 * The numbers the sentence of a field error names (`max`, `min`), from the field's limits.
 * @param {ShopFieldDefinition} definition
 * @param {string} code
 * @returns {Record<string, number> | undefined}
 */
export function shopProblemParams(definition, code) {
  switch (code) {
    case 'TOO_LONG':
      return {
        max: /** @type {number} */ (definition.kind === 'categories' ? definition.itemMax : definition.max),
      };
    case 'TOO_MANY':
      return { max: /** @type {number} */ (definition.max) };
    case 'OUT_OF_RANGE':
      return { min: -(definition.limit ?? 0), max: definition.limit ?? 0 };
    case 'TOO_MANY_DECIMALS':
      return { max: /** @type {number} */ (definition.decimals) };
    default:
      return undefined;
  }
}

/** @typedef {(typeof SHOP_FIELD_PROBLEM_CODES)[number]} ShopFieldProblemCode */

/** Every code `shopFieldProblem` answers, so that a validator can name each one. */
export const SHOP_FIELD_PROBLEM_CODES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ ([
    'REQUIRED',
    'NOT_TEXT',
    'NOT_A_LIST',
    'TOO_LONG',
    'TOO_MANY',
    'CONTROL_CHARACTERS',
    'INVALID_PHONE',
    'INVALID_EMAIL',
    'INVALID_URL',
    'INVALID_IMAGE',
    'NOT_A_NUMBER',
    'OUT_OF_RANGE',
    'TOO_MANY_DECIMALS',
    'INVALID_VALUE',
  ]),
);

/**
 * Why a field's value is refused: a code of FIELD_ERROR_CODES, the numbers its sentence names,
 * and the API's English sentence.
 * @typedef {{ code: ShopFieldProblemCode, params?: Record<string, number>, message: string }} ShopFieldProblem
 */

/**
 * The value as the shop would store it: text trimmed, an empty optional value null, categories
 * trimmed with repeats removed (the first spelling kept, case ignored), a coordinate typed as
 * text made a number, a boolean verification made text. Anything else is returned as it is, for
 * `shopFieldProblem` to refuse.
 * @param {ShopFieldDefinition} definition
 * @param {unknown} value
 * @returns {unknown}
 */
export function normalizeShopValue(definition, value) {
  switch (definition.kind) {
    case 'categories':
      return Array.isArray(value) ? uniqueCategories(value) : value;
    case 'coordinate':
      if (typeof value !== 'string') return value;
      return value.trim() === '' ? null : Number(value.trim());
    case 'flag':
      return typeof value === 'boolean' ? String(value) : value;
    default:
      if (typeof value !== 'string') return value;
      return definition.required ? value.trim() : value.trim() || null;
  }
}

/**
 * @param {unknown[]} values
 * @returns {unknown[]}
 */
function uniqueCategories(values) {
  const seen = new Set();
  const result = [];
  for (const item of values) {
    const name = typeof item === 'string' ? item.trim() : item;
    const key = typeof name === 'string' ? name.toLocaleLowerCase('es') : JSON.stringify(name);
    if (!seen.has(key)) {
      seen.add(key);
      result.push(name);
    }
  }
  return result;
}

/**
 * The first rule a normalised value breaks, or null when the field accepts it. The rules run in
 * the order a person would fix them: present, text, length, characters, then format.
 * @param {ShopFieldDefinition} definition
 * @param {unknown} value
 * @returns {ShopFieldProblem | null}
 */
export function shopFieldProblem(definition, value) {
  const { label, kind } = definition;
  const absent = value === undefined || value === null || value === '';
  if (kind === 'categories') return categoriesProblem(definition, value);
  // An absent verification takes its default; an explicit null or '' is refused, so that a
  // partial update cannot unverify a shop by accident.
  if (kind === 'flag' && value === undefined) return null;
  if (absent && kind !== 'flag')
    return definition.required ? { code: 'REQUIRED', message: `${label} is required` } : null;
  if (kind === 'coordinate') return coordinateProblem(definition, value);
  if (kind === 'flag') {
    return value === 'true' || value === 'false'
      ? null
      : { code: 'INVALID_VALUE', message: `${label} must be 'true' or 'false'` };
  }
  return textProblem(definition, value, label, kind === 'paragraphs');
}

/**
 * @param {Pick<ShopFieldDefinition, 'kind' | 'max' | 'iconKeys'>} definition
 * @param {unknown} value
 * @param {string} label
 * @param {boolean} lines
 * @returns {ShopFieldProblem | null}
 */
function textProblem(definition, value, label, lines) {
  if (typeof value !== 'string') return { code: 'NOT_TEXT', message: `${label} must be text` };
  const max = definition.max ?? Infinity;
  if (value.length > max)
    return { code: 'TOO_LONG', params: { max }, message: `${label} must be at most ${max} characters` };
  if (CONTROL_CHARACTERS.test(value) || (!lines && NOT_IN_ONE_LINE.test(value))) {
    const message = lines
      ? `${label} must not contain control characters`
      : `${label} must be one line without tabs, control or direction-changing characters`;
    return { code: 'CONTROL_CHARACTERS', message };
  }
  switch (definition.kind) {
    case 'phone':
      return SHOP_PHONE_PATTERN.test(value)
        ? null
        : { code: 'INVALID_PHONE', message: `${label} must be a phone number` };
    case 'international-phone':
      return SHOP_WHATSAPP_PATTERN.test(value)
        ? null
        : {
            code: 'INVALID_PHONE',
            message: `${label} must be an international phone number starting with + and the country code`,
          };
    case 'email':
      return SHOP_EMAIL_PATTERN.test(value)
        ? null
        : { code: 'INVALID_EMAIL', message: `${label} must be a valid email address` };
    case 'url':
      return isHttpUrl(value) ? null : { code: 'INVALID_URL', message: `${label} must be an http(s) URL` };
    case 'image':
      return isImageReference(value, Boolean(definition.iconKeys))
        ? null
        : {
            code: 'INVALID_IMAGE',
            message: `${label} must be ${definition.iconKeys ? 'an uploaded image, an http(s) URL or an icon key' : 'an uploaded image or an http(s) URL'}`,
          };
    default:
      return null;
  }
}

/**
 * @param {ShopFieldDefinition} definition
 * @param {unknown} value
 * @returns {ShopFieldProblem | null}
 */
function categoriesProblem(definition, value) {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0))
    return { code: 'REQUIRED', message: 'Please select at least one category' };
  if (!Array.isArray(value)) return { code: 'NOT_A_LIST', message: 'Categories must be a list' };
  const max = definition.max ?? MAX_SHOP_CATEGORIES;
  if (value.length > max)
    return { code: 'TOO_MANY', params: { max }, message: `A shop can have at most ${max} categories` };
  for (const item of value) {
    if (item === '' || (typeof item === 'string' && item.trim() === ''))
      return { code: 'REQUIRED', message: 'Categories must not be blank' };
    const problem = textProblem({ kind: 'text', max: definition.itemMax }, item, 'Each category', false);
    if (problem) return problem;
  }
  return null;
}

/**
 * @param {ShopFieldDefinition} definition
 * @param {unknown} value
 * @returns {ShopFieldProblem | null}
 */
function coordinateProblem({ label, limit = Infinity, decimals = Infinity }, value) {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return { code: 'NOT_A_NUMBER', message: `${label} must be a number` };
  if (value < -limit || value > limit) {
    return {
      code: 'OUT_OF_RANGE',
      params: { min: -limit, max: limit },
      message: `${label} must be between -${limit} and ${limit}`,
    };
  }
  if (!hasAtMostDecimals(value, decimals))
    return {
      code: 'TOO_MANY_DECIMALS',
      params: { max: decimals },
      message: `${label} must have at most ${decimals} decimals`,
    };
  return null;
}

/**
 * A whole shop's fields checked at once: its normalised values (absent optional fields null,
 * an absent verification its default) and one problem per refused field, in schema order.
 * `only` checks just those fields (a partial update).
 * @param {Record<string, unknown>} input
 * @param {{ only?: Iterable<string> }} [options]
 * @returns {{ values: Record<string, unknown>, problems: (ShopFieldProblem & { field: string })[] }}
 */
export function checkShop(input, options = {}) {
  const only = options.only ? new Set(options.only) : null;
  /** @type {Record<string, unknown>} */
  const values = {};
  /** @type {(ShopFieldProblem & { field: string })[]} */
  const problems = [];
  for (const definition of SHOP_SCHEMA) {
    if (only && !only.has(definition.name)) continue;
    let value = normalizeShopValue(definition, input[definition.name]);
    const problem = shopFieldProblem(definition, value);
    if (problem) problems.push({ field: definition.name, ...problem });
    if (value === undefined || value === '')
      value = definition.kind === 'flag' ? definition.defaultValue : null;
    values[definition.name] = value;
  }
  return { values, problems };
}

/**
 * Do two shops hold the same values in every field of the schema (categories in the same
 * order)? Absent and null are the same; so are an absent verification and its default.
 * @param {Record<string, unknown>} a
 * @param {Record<string, unknown>} b
 */
export function sameShopFields(a, b) {
  return SHOP_SCHEMA.every((definition) =>
    sameFieldValue(definition, a[definition.name], b[definition.name]),
  );
}

/**
 * @param {ShopFieldDefinition} definition
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameFieldValue(definition, a, b) {
  const stored = (/** @type {unknown} */ value) =>
    value === undefined || value === null
      ? definition.kind === 'flag'
        ? definition.defaultValue
        : null
      : value;
  const [x, y] = [stored(a), stored(b)];
  if (Array.isArray(x) && Array.isArray(y))
    return x.length === y.length && x.every((item, i) => item === y[i]);
  return x === y;
}

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
