/**
 * True for an absolute http(s) URL with a host, and nothing else: `javascript:`, `data:`,
 * protocol-relative `//host`, spaces, quotes, angle brackets and backslashes are refused, so a
 * value that passes can be written into an `href` as it is.
 * @param {string} value
 */
export function isHttpUrl(value: string): boolean;
/**
 * An uploaded image's path (`/objects/uploads/<uuid>`), an http(s) URL, or, where allowed, a
 * logo icon key.
 * @param {string} value
 * @param {boolean} allowIconKeys
 */
export function isImageReference(value: string, allowIconKeys: boolean): boolean;
/**
 * At most `places` digits after the decimal point.
 * @param {number} value
 * @param {number} places
 */
export function hasAtMostDecimals(value: number, places: number): boolean;
/**
 * The numbers the sentence of a field error names (`max`, `min`), from the field's limits.
 * @param {ShopFieldDefinition} definition
 * @param {string} code
 * @returns {Record<string, number> | undefined}
 */
export function shopProblemParams(definition: ShopFieldDefinition, code: string): Record<string, number> | undefined;
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
export function normalizeShopValue(definition: ShopFieldDefinition, value: unknown): unknown;
/**
 * The first rule a normalised value breaks, or null when the field accepts it. The rules run in
 * the order a person would fix them: present, text, length, characters, then format.
 * @param {ShopFieldDefinition} definition
 * @param {unknown} value
 * @returns {ShopFieldProblem | null}
 */
export function shopFieldProblem(definition: ShopFieldDefinition, value: unknown): ShopFieldProblem | null;
/**
 * A whole shop's fields checked at once: its normalised values (absent optional fields null,
 * an absent verification its default) and one problem per refused field, in schema order.
 * `only` checks just those fields (a partial update).
 * @param {Record<string, unknown>} input
 * @param {{ only?: Iterable<string> }} [options]
 * @returns {{ values: Record<string, unknown>, problems: (ShopFieldProblem & { field: string })[] }}
 */
export function checkShop(input: Record<string, unknown>, options?: {
    only?: Iterable<string>;
}): {
    values: Record<string, unknown>;
    problems: (ShopFieldProblem & {
        field: string;
    })[];
};
/**
 * Do two shops hold the same values in every field of the schema (categories in the same
 * order)? Absent and null are the same; so are an absent verification and its default.
 * @param {Record<string, unknown>} a
 * @param {Record<string, unknown>} b
 */
export function sameShopFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean;
/**
 * @param {ShopFieldDefinition} definition
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameFieldValue(definition: ShopFieldDefinition, a: unknown, b: unknown): boolean;
/** A shop has at least one category and at most this many... */
export const MAX_SHOP_CATEGORIES: 20;
/** ...each at most this long. */
export const MAX_CATEGORY_LENGTH: 50;
/** Latitude and longitude lie within plus or minus these degrees... */
export const COORDINATE_LIMITS: Readonly<{
    latitude: 90;
    longitude: 180;
}>;
/** ...with at most this many decimals. */
export const COORDINATE_MAX_DECIMALS: 8;
/**
 * The shop's fields, in the order the CSV export writes them. The server adds `id`, `slug`,
 * `createdAt` and `updatedAt`.
 */
export const SHOP_SCHEMA: readonly (Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "name";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "city";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "state";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "address";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "phone";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "whatsapp";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "email";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "website";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "description";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "categories";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "isVerified";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "latitude";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "longitude";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "logo";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "mapImageUrl";
    kind: ShopFieldKind;
    label: string;
}> | Readonly<{
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
    name: "googleMapsUrl";
    kind: ShopFieldKind;
    label: string;
}>)[];
/** @typedef {(typeof SHOP_SCHEMA)[number]['name']} ShopFieldName */
/** The field names, in the schema's order. */
export const SHOP_FIELD_NAMES: readonly ("phone" | "email" | "categories" | "name" | "latitude" | "longitude" | "city" | "state" | "address" | "whatsapp" | "website" | "description" | "isVerified" | "logo" | "mapImageUrl" | "googleMapsUrl")[];
/** The fields a shop cannot be saved without. */
export const SHOP_REQUIRED_FIELDS: readonly ("phone" | "email" | "categories" | "name" | "latitude" | "longitude" | "city" | "state" | "address" | "whatsapp" | "website" | "description" | "isVerified" | "logo" | "mapImageUrl" | "googleMapsUrl")[];
/** Each field's definition by name. */
export const SHOP_FIELD: Readonly<Record<"phone" | "email" | "categories" | "name" | "latitude" | "longitude" | "city" | "state" | "address" | "whatsapp" | "website" | "description" | "isVerified" | "logo" | "mapImageUrl" | "googleMapsUrl", ShopFieldDefinition>>;
/**
 * The longest value of each text field of a shop, in characters.
 * @type {Readonly<Record<string, number>>}
 */
export const SHOP_TEXT_MAX_LENGTH: Readonly<Record<string, number>>;
/** A shop's phone: at least 7 digits with optional +, spaces, dots, dashes, parentheses, slashes and an extension. */
export const SHOP_PHONE_PATTERN: RegExp;
/**
 * A shop's optional WhatsApp number: international (a leading + and the country code, as
 * https://wa.me/<digits> needs), 8 to 15 digits (E.164) with optional spaces, dots, dashes and
 * parentheses; no extension.
 */
export const SHOP_WHATSAPP_PATTERN: RegExp;
/** An e-mail address: a local part, an at sign, and a dotted domain ending in two or more letters. */
export const SHOP_EMAIL_PATTERN: RegExp;
export function isLogoIconKey(value: string): boolean;
/** @typedef {(typeof SHOP_FIELD_PROBLEM_CODES)[number]} ShopFieldProblemCode */
/** Every code `shopFieldProblem` answers, so that a validator can name each one. */
export const SHOP_FIELD_PROBLEM_CODES: readonly ["REQUIRED", "NOT_TEXT", "NOT_A_LIST", "TOO_LONG", "TOO_MANY", "CONTROL_CHARACTERS", "INVALID_PHONE", "INVALID_EMAIL", "INVALID_URL", "INVALID_IMAGE", "NOT_A_NUMBER", "OUT_OF_RANGE", "TOO_MANY_DECIMALS", "INVALID_VALUE"];
/**
 * The columns of the shops CSV (export and import), in the order the export writes them: `id`,
 * the schema's fields, then what the server writes. On import the header names them in any
 * order; `id` matches a shop, and `slug`, `createdAt` and `updatedAt` are read-only (ignored).
 */
export const SHOP_CSV_COLUMNS: readonly ("phone" | "email" | "categories" | "name" | "latitude" | "longitude" | "city" | "state" | "address" | "whatsapp" | "website" | "description" | "isVerified" | "logo" | "mapImageUrl" | "googleMapsUrl" | "id" | "slug" | "createdAt" | "updatedAt")[];
/** Columns a shops CSV must have: the shop's required fields. */
export const SHOP_CSV_REQUIRED_COLUMNS: readonly ("phone" | "email" | "categories" | "name" | "latitude" | "longitude" | "city" | "state" | "address" | "whatsapp" | "website" | "description" | "isVerified" | "logo" | "mapImageUrl" | "googleMapsUrl")[];
/** A shop's categories share one CSV cell, joined by this. */
export const SHOP_CSV_CATEGORY_SEPARATOR: ";";
/**
 * Why a field's value is refused: a code of FIELD_ERROR_CODES, the numbers its sentence names,
 * and the API's English sentence.
 */
export type ShopFieldProblem = {
    code: ShopFieldProblemCode;
    params?: Record<string, number>;
    message: string;
};
/**
 * What a field holds, which decides how it is normalised and checked:
 * - `text`: one line; `paragraphs`: several lines (tabs and line breaks allowed);
 * - `phone`, `international-phone`, `email`, `url`: one line of text in that format;
 * - `image`: an uploaded image path or an http(s) URL (`iconKeys`: or a logo icon key);
 * - `categories`: a list of one-line names; `coordinate`: a number in a range;
 * - `flag`: the text 'true' or 'false'.
 */
export type ShopFieldKind = "text" | "paragraphs" | "phone" | "international-phone" | "email" | "url" | "image" | "categories" | "coordinate" | "flag";
export type ShopFieldDefinition = {
    /**
     * the property of the API's shop object and the CSV column
     */
    name: string;
    kind: ShopFieldKind;
    /**
     * how the API's English messages name it
     */
    label: string;
    /**
     * a shop cannot be saved without it (optional fields store null)
     */
    required: boolean;
    /**
     * text: the most characters; categories: the most entries
     */
    max?: number | undefined;
    /**
     * categories: the most characters of one entry
     */
    itemMax?: number | undefined;
    /**
     * coordinate: the value lies within plus or minus this
     */
    limit?: number | undefined;
    /**
     * coordinate: the most digits after the point
     */
    decimals?: number | undefined;
    /**
     * image: a LOGO_ICON_KEYS key is accepted too
     */
    iconKeys?: boolean | undefined;
    /**
     * flag: what an absent value means
     */
    defaultValue?: string | undefined;
};
export type ShopFieldName = (typeof SHOP_SCHEMA)[number]["name"];
export type ShopFieldProblemCode = (typeof SHOP_FIELD_PROBLEM_CODES)[number];
