// @ts-check
/*
 * What visitors may send to the moderation queue: corrections to a shop and requests to be
 * listed. Each field is checked with the shop schema's rules (./shop-rules.js), so a visitor's
 * text obeys the same length and control-character limits as an administrator's.
 */

import { QUARANTINED_IMAGE_PATH } from './constants.js';
import { checkShop, SHOP_PHONE_PATTERN } from './shop-rules.js';
import { SHOP_SCHEMA } from './shop-schema.js';

/** @import { ShopFieldDefinition } from './shop-schema.js' */

/**
 * What a visitor says is wrong with a shop; `false-cert`: its certificate looks false (the
 * number on the wall or in the link is not what the directory says, say).
 */
export const CORRECTION_KINDS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['phone', 'address', 'hours', 'closed', 'false-cert', 'other']),
);

/** @typedef {(typeof CORRECTION_KINDS)[number]} CorrectionKind */

/**
 * The shop field each kind of correction proposes a new value for (the schema's `correction`);
 * 'closed' removes the shop; 'false-cert' and 'other' change no field.
 * @type {Readonly<Partial<Record<CorrectionKind, import('./shop-schema.js').ShopFieldName>>>}
 */
export const CORRECTED_FIELD = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(
    SHOP_SCHEMA.flatMap((definition) =>
      definition.correction ? [[definition.correction, definition.name]] : [],
    ),
  ),
);

/** Where a request is in the queue: waiting, or decided one of three ways. */
export const VISITOR_REQUEST_STATUSES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['pending', 'approved', 'rejected', 'spam']),
);

/** A correction to a shop, or a shop that asks to be listed. */
export const VISITOR_REQUEST_TYPES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['correction', 'listing']),
);

/**
 * A reference code a visitor is shown: two groups of four characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L, U), easy to read over the phone.
 */
export const REQUEST_REFERENCE_PATTERN = /^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/;

/**
 * @param {string} name
 * @param {ShopFieldDefinition['kind']} kind
 * @param {string} label
 * @param {number} max
 * @param {Partial<ShopFieldDefinition>} [rules]
 * @returns {ShopFieldDefinition}
 */
const visitorField = (name, kind, label, max, rules = {}) =>
  Object.freeze({ name, kind, label, required: false, max, ...rules });

/**
 * The fields of a correction besides its kind, as the shop schema's rules check them: the
 * proposed value is one line, the comment may have lines (but no format character at all: an
 * anonymous visitor's text has no need of invisible ones), the name and e-mail are the
 * submitter's own (kept only until the decision plus the retention period).
 */
export const CORRECTION_FIELDS = /* @__PURE__ */ Object.freeze({
  value: visitorField('value', 'text', 'Proposed value', 500),
  comment: visitorField('comment', 'paragraphs', 'Comment', 2000, { noFormatCharacters: true }),
  name: visitorField('name', 'text', 'Your name', 100),
  email: visitorField('email', 'email', 'Your e-mail', 254),
});

/**
 * What a correction must say beyond each field's own rules: the correct value or a comment
 * (unless the shop closed for good, or its certificate looks false: the report says enough), a phone that looks like one, and consent when the
 * submitter leaves a name or e-mail. Values as the API receives them after trimming.
 * @param {{ kind?: string, value?: string | null, comment?: string | null, name?: string | null, email?: string | null, consent?: boolean }} body
 * @returns {{ field: 'value' | 'consent', code: 'REQUIRED' | 'INVALID_PHONE', message: string }[]}
 */
export function correctionProblems(body) {
  /** @type {{ field: 'value' | 'consent', code: 'REQUIRED' | 'INVALID_PHONE', message: string }[]} */
  const problems = [];
  if (body.kind !== 'closed' && body.kind !== 'false-cert' && !body.value && !body.comment)
    problems.push({
      field: 'value',
      code: 'REQUIRED',
      message: 'The correct value or a comment is required',
    });
  if (body.kind === 'phone' && body.value && !SHOP_PHONE_PATTERN.test(body.value))
    problems.push({
      field: 'value',
      code: 'INVALID_PHONE',
      message: 'Proposed value must be a phone number',
    });
  problems.push(...consentProblems(body));
  return problems;
}

/**
 * A submitter who leaves a name or e-mail must agree to their being kept until the decision.
 * @param {{ name?: string | null, email?: string | null, consent?: boolean }} body
 * @returns {{ field: 'consent', code: 'REQUIRED', message: string }[]}
 */
export function consentProblems(body) {
  return (body.email || body.name) && body.consent !== true
    ? [
        {
          field: 'consent',
          code: 'REQUIRED',
          message: 'Agree to keeping your name and e-mail until the decision, or leave them out',
        },
      ]
    : [];
}

/** The shop's images a visitor may upload (quarantined) instead of naming one. */
export const LISTING_IMAGE_FIELDS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['logo', 'mapImageUrl']),
);

/** A visitor's shop has no verification, whatever its request says. */
const UNVERIFIED = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(
    SHOP_SCHEMA.filter((definition) => definition.verification).map((definition) => [
      definition.name,
      definition.kind === 'flag' ? 'false' : null,
    ]),
  ),
);

/**
 * A listing's shop checked with the shop rules, a quarantined image standing where the schema
 * wants an image path or URL (it becomes an uploaded image when the request is approved).
 * @param {Record<string, unknown>} shop
 */
export function checkListingShop(shop) {
  const { values, problems } = checkShop({ ...shop, ...UNVERIFIED });
  return {
    // The visitor's fields only: the verification is not theirs to propose, even as null.
    values: Object.fromEntries(Object.entries(values).filter(([name]) => !(name in UNVERIFIED))),
    problems: problems.filter(
      ({ field }) =>
        !(
          /** @type {readonly string[]} */ (LISTING_IMAGE_FIELDS).includes(field) &&
          typeof shop[field] === 'string' &&
          QUARANTINED_IMAGE_PATH.test(/** @type {string} */ (shop[field]).trim())
        ),
    ),
  };
}

/**
 * The shop fields a visitor fills in "List my shop": the shop schema's, but the verification,
 * which only an administrator decides.
 */
export const LISTING_SHOP_FIELD_NAMES = /* @__PURE__ */ Object.freeze(
  SHOP_SCHEMA.filter((definition) => !definition.verification).map((definition) => definition.name),
);

/** Where administrators see a listing request's quarantined images (admin-only, never public). */
export const QUARANTINE_PREVIEW_PREFIX = '/api/admin/quarantine/';

/**
 * The admin-only address that previews a quarantined image path (`/objects/quarantine/<uuid>`),
 * or null for any other value.
 * @param {string} path
 * @returns {string | null}
 */
export function quarantinePreviewPath(path) {
  return QUARANTINED_IMAGE_PATH.test(path)
    ? `${QUARANTINE_PREVIEW_PREFIX}${path.slice(path.lastIndexOf('/') + 1)}`
    : null;
}
