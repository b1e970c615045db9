// @ts-check
/*
 * The rules of the shop schema (./shop-schema.js): how each kind of field is normalised and
 * checked. `shopFieldProblem` is the one check every path into the directory applies: the API's
 * DTO, the admin form, a CSV import and a restore.
 */
import { LOGO_ICON_KEYS, UPLOADED_IMAGE_PATH } from './constants.js';
import { MAX_SHOP_CATEGORIES, SHOP_FORMAT_CODES, SHOP_SCHEMA } from './shop-schema.js';
import { verificationProblems } from './verification.js';

/** @import { ShopFieldDefinition } from './shop-schema.js' */

/**
 * A shop's phone: at least 7 digits with optional +, spaces, dots, dashes, parentheses, slashes
 * and an extension. The spaces before `ext` or `x` are the number's own (its characters include
 * whitespace): a second `\s*` there let a long run of spaces be split two ways at every length,
 * quadratic time on a number that does not match.
 */
export const SHOP_PHONE_PATTERN = /^(?=(?:\D*\d){7})[0-9+()\-.\s/]+(?:(?:ext\.?|x)\s*\d{1,6})?$/i;

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
 * where text has lines (the description, a visitor's comment).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * Refused in one-line text: tabs, line breaks and their Unicode separators, and every format
 * character (Unicode's general category Cf). Those are the direction marks, embeddings,
 * overrides and isolates (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which make
 * a name display as something other than what it is ('evil\u202Egnp.exe'), and the invisible
 * ones (the zero-width space U+200B and joiners, the byte order mark U+FEFF, the soft hyphen,
 * tags), which make two names that look the same differ. An emoji sequence joined by U+200D
 * is refused with them: a shop's name, address or phone has no need of one.
 */
const NOT_IN_ONE_LINE = /[\t\n\r\u2028\u2029\p{Cf}]/u;
/**
 * Refused in text with lines too: the format characters that change the direction of what
 * follows (as above). The others stay allowed there (an emoji sequence in a description).
 */
const DIRECTION_CHARACTERS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Refused in text with lines whose field says `noFormatCharacters` (a visitor's comment). */
const FORMAT_CHARACTERS = /\p{Cf}/u;

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
      return { min: definition.range?.min ?? 0, max: definition.range?.max ?? 0 };
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
    ...SHOP_FORMAT_CODES,
    // A rule across fields (checkShop)
    'VALID_UNTIL_NOT_AFTER_VERIFIED_ON',
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
    default: {
      if (typeof value !== 'string') return value;
      // Text in a format of its own is kept in the format's canonical spelling when valid.
      const trimmed = value.trim();
      const text = definition.format?.canonical(trimmed) ?? trimmed;
      return definition.required ? text : text || null;
    }
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
  const problem = textProblem(definition, value, label, kind === 'paragraphs');
  if (problem || !definition.format) return problem;
  const formatProblem = definition.format.problem(/** @type {string} */ (value));
  if (!formatProblem) return null;
  const code = /** @type {ShopFieldProblemCode} */ (formatProblem.code); // one of SHOP_FORMAT_CODES
  return { code, message: `${label}: ${formatProblem.message}` };
}

/**
 * @param {Pick<ShopFieldDefinition, 'kind' | 'max' | 'iconKeys' | 'noFormatCharacters'>} definition
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
  if (!lines && (CONTROL_CHARACTERS.test(value) || NOT_IN_ONE_LINE.test(value))) {
    const message = `${label} must be one line without tabs, control or direction-changing characters`;
    return { code: 'CONTROL_CHARACTERS', message };
  }
  if (lines && CONTROL_CHARACTERS.test(value))
    return { code: 'CONTROL_CHARACTERS', message: `${label} must not contain control characters` };
  if (
    lines &&
    (DIRECTION_CHARACTERS.test(value) || (definition.noFormatCharacters && FORMAT_CHARACTERS.test(value)))
  ) {
    const message = definition.noFormatCharacters
      ? `${label} must not contain invisible or direction-changing characters`
      : `${label} must not contain direction-changing characters`;
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
function coordinateProblem({ label, range, decimals = Infinity }, value) {
  const { min, max } = range ?? { min: -Infinity, max: Infinity };
  if (typeof value !== 'number' || !Number.isFinite(value))
    return { code: 'NOT_A_NUMBER', message: `${label} must be a number` };
  if (value < min || value > max) {
    return {
      code: 'OUT_OF_RANGE',
      params: { min, max },
      message: `${label} must be between ${min} and ${max} (in Mexico)`,
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
  // The rules across the verification's fields, where each field is valid on its own.
  if (!only || only.has('validUntil'))
    for (const problem of verificationProblems(values))
      if (!problems.some(({ field }) => field === problem.field)) problems.push(problem);
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
