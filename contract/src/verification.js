// @ts-check
/*
 * A shop's verification with a life: the certificate's number, the day it was verified and the
 * day it is valid until (none: no expiry). The shop schema (./shop-schema.js) declares the
 * fields with the formats below; `verificationProblems` holds the rules across them, and
 * `isVerifiedAt` is what "verified" means everywhere: the checkbox and a current period.
 */
import { shopTimeZone } from './opening-hours.js';

/** A day as the verification stores it: `YYYY-MM-DD`, a day that exists. */
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** @param {string} text */
function isCalendarDay(text) {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A day of the calendar as a text format of a shop field (`YYYY-MM-DD`). */
export const DAY_FORMAT = /* @__PURE__ */ Object.freeze({
  codes: /** @type {const} */ (['INVALID_DATE']),
  /** @param {string} text */
  canonical: (text) => (isCalendarDay(text) ? text : null),
  /**
   * @param {string} text
   * @returns {{ code: 'INVALID_DATE', message: string } | null}
   */
  problem: (text) =>
    isCalendarDay(text) ? null : { code: 'INVALID_DATE', message: 'must be a date written YYYY-MM-DD' },
});

/** Letters, digits and the separators a certificate's number is printed with; stored in capitals. */
const CERTIFICATE_NUMBER_PATTERN = /^[A-Z0-9](?:[A-Z0-9./-]{0,38}[A-Z0-9])?$/;
export const CERTIFICATE_NUMBER_MAX_LENGTH = 40;

/** A certificate's number as a text format of a shop field: `atm-2026/001` is kept as `ATM-2026/001`. */
export const CERTIFICATE_NUMBER_FORMAT = /* @__PURE__ */ Object.freeze({
  codes: /** @type {const} */ (['INVALID_CERTIFICATE_NUMBER']),
  /** @param {string} text */
  canonical: (text) => {
    const upper = text.toUpperCase();
    return CERTIFICATE_NUMBER_PATTERN.test(upper) ? upper : null;
  },
  /**
   * @param {string} text
   * @returns {{ code: 'INVALID_CERTIFICATE_NUMBER', message: string } | null}
   */
  problem: (text) =>
    CERTIFICATE_NUMBER_PATTERN.test(text.toUpperCase())
      ? null
      : {
          code: 'INVALID_CERTIFICATE_NUMBER',
          message: 'must be letters and digits, with dots, dashes or slashes between them',
        },
});

/** The codes of the rules across the verification's fields (FIELD_ERROR_CODES has them). */
export const VERIFICATION_CODES = /** @type {const} */ ([
  'VALID_UNTIL_NOT_AFTER_VERIFIED_ON',
  'CERTIFICATE_NUMBER_TAKEN',
]);

/**
 * @typedef {object} VerificationValues
 * @property {string | null} [certificateNumber]
 * @property {string | null} [verifiedOn]
 * @property {string | null} [validUntil]
 */

/**
 * The rules across the verification's fields, once each field is valid on its own: a period has
 * a number and the day it was verified, and ends after it began.
 * @param {VerificationValues} values
 * @returns {{ field: 'certificateNumber' | 'verifiedOn' | 'validUntil', code: 'REQUIRED' | 'VALID_UNTIL_NOT_AFTER_VERIFIED_ON', message: string }[]}
 */
export function verificationProblems({ certificateNumber, verifiedOn, validUntil }) {
  const problems = [];
  if (!certificateNumber && (verifiedOn || validUntil))
    problems.push(
      /** @type {const} */ ({
        field: 'certificateNumber',
        code: 'REQUIRED',
        message: 'Certificate number is required when the verification has dates',
      }),
    );
  if (certificateNumber && !verifiedOn)
    problems.push(
      /** @type {const} */ ({
        field: 'verifiedOn',
        code: 'REQUIRED',
        message: 'Verified on is required with a certificate number',
      }),
    );
  if (verifiedOn && validUntil && validUntil <= verifiedOn)
    problems.push(
      /** @type {const} */ ({
        field: 'validUntil',
        code: 'VALID_UNTIL_NOT_AFTER_VERIFIED_ON',
        message: 'Valid until must be after verified on',
      }),
    );
  return problems;
}

/** @type {Map<string, Intl.DateTimeFormat>} */
const dayClocks = new Map();

/**
 * The day (`YYYY-MM-DD`) an instant falls on in a time zone.
 * @param {number} instant epoch milliseconds
 * @param {string} timeZone
 */
export function localDay(instant, timeZone) {
  let clock = dayClocks.get(timeZone);
  if (!clock) {
    // en-CA writes dates as YYYY-MM-DD.
    clock = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayClocks.set(timeZone, clock);
  }
  return clock.format(instant);
}

/**
 * The shop's own day at an instant (its state's time zone, as its opening hours).
 * @param {{ state: string }} shop
 * @param {number} instant
 */
export const shopDay = (shop, instant) => localDay(instant, shopTimeZone(shop.state));

/**
 * Has the shop's current period ended by `instant`? It ends with its valid-until day, in the
 * shop's time zone: the next day it is expired.
 * @param {{ state: string, validUntil?: string | null }} shop
 * @param {number} instant
 */
export function isExpiredAt(shop, instant) {
  return !!shop.validUntil && shop.validUntil < shopDay(shop, instant);
}

/**
 * "Verified" as the directory shows it: the checkbox, and a period that has not ended (or the
 * earlier "verified, no dates").
 * @param {{ state: string, isVerified?: string, validUntil?: string | null }} shop
 * @param {number} instant
 */
export function isVerifiedAt(shop, instant) {
  return shop.isVerified === 'true' && !isExpiredAt(shop, instant);
}

/** The query parameter of a shop page's link that carries the certificate's number (the QR code's). */
export const CERTIFICATE_PARAM = 'certificado';

/**
 * What a shop page says of the certificate number its link carries:
 * - `current`: the shop's current certificate, valid (until `validUntil`, or with no end);
 * - `expired`: the shop's certificate, which ended on `validUntil`;
 * - `withdrawn`: the shop's number, but the alliance no longer marks it verified;
 * - `mismatch`: not this shop's current certificate.
 * @typedef {{ status: 'current', validUntil: string | null } | { status: 'expired', validUntil: string } | { status: 'withdrawn' } | { status: 'mismatch' }} CertificateCheck
 */

/**
 * @param {{ state: string, isVerified: string, certificateNumber?: string | null, validUntil?: string | null }} shop
 * @param {string} number as the link carries it (case and spaces ignored)
 * @param {number} instant
 * @returns {CertificateCheck}
 */
export function checkCertificate(shop, number, instant) {
  const asked = number.trim().toUpperCase();
  if (!shop.certificateNumber || asked !== shop.certificateNumber) return { status: 'mismatch' };
  if (shop.validUntil && isExpiredAt(shop, instant))
    return { status: 'expired', validUntil: shop.validUntil };
  if (shop.isVerified !== 'true') return { status: 'withdrawn' };
  return { status: 'current', validUntil: shop.validUntil ?? null };
}

/**
 * The address a certificate's QR code opens: the shop's public page with the number.
 * @param {string} origin the site's public origin
 * @param {string} slug
 * @param {string} number
 */
export function certificateCheckUrl(origin, slug, number) {
  return `${origin}/shops/${encodeURIComponent(slug)}?${CERTIFICATE_PARAM}=${encodeURIComponent(number)}`;
}

/**
 * What a verification adds to the shop's schema.org LocalBusiness while it is current: the
 * alliance's certificate as a credential (nothing once it has expired or was withdrawn).
 * @param {unknown} _value the shop's isVerified
 * @param {Record<string, unknown>} shop
 * @returns {Record<string, unknown>}
 */
export function verificationStructuredData(_value, shop) {
  const verification =
    /** @type {{ state: string, isVerified?: string, certificateNumber?: string | null, verifiedOn?: string | null, validUntil?: string | null }} */ (
      shop
    );
  if (!isVerifiedAt(verification, Date.now())) return {};
  return {
    hasCredential: {
      '@type': 'EducationalOccupationalCredential',
      credentialCategory: 'certificate',
      name: 'Armero certificado por la Alianza de Tiradores de México',
      recognizedBy: { '@type': 'Organization', name: 'Alianza de Tiradores de México' },
      ...(verification.certificateNumber ? { identifier: verification.certificateNumber } : {}),
      ...(verification.verifiedOn ? { dateCreated: verification.verifiedOn } : {}),
      ...(verification.validUntil ? { expires: verification.validUntil } : {}),
    },
  };
}
