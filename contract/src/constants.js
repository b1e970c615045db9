// @ts-check
import { SHOP_FORMAT_CODES } from './shop-schema.js';
import { VERIFICATION_CODES } from './verification.js';
/*
 * The domain rules the backend, the frontends, the bench and the end-to-end suite share, written
 * once. Plain JavaScript with JSDoc types so that Node (backend at run time, .mjs scripts), webpack
 * and Jest load it as it is; its declarations in ../generated/ are written by
 * `npm run contract:generate` (see ../README.md).
 */

// `@__PURE__`: a bundle keeps only the constants it uses (minifiers keep calls they cannot prove pure).

/** Category options of the shop form, in this order. Shops may carry others. */
export const SHOP_CATEGORIES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ ([
    'Armería',
    'Accesorios',
    'Municiones',
    'Capacitación',
    'Mantenimiento',
    'Seguridad',
    'Caza',
    'Deportivo',
    'Coleccionismo',
  ]),
);

/** Icon keys a shop's `logo` may hold instead of an image; the directory draws the icon. */
export const LOGO_ICON_KEYS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['crosshairs', 'bullseye', 'medal', 'bow-arrow', 'tools', 'shield-alt']),
);

/** Stored images are served under this path (outside `/api`): `/objects/uploads/<uuid>`. */
export const OBJECTS_PATH_PREFIX = '/objects/';

/** A UUID as the server writes them (shop ids, upload keys): lower-case, without braces. */
const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Exactly a UUID as the server writes them. */
export const UUID_PATTERN = /* @__PURE__ */ new RegExp(`^${UUID_SOURCE}$`);

/** The path a shop stores for an uploaded image: `/objects/uploads/<uuid>` (lower-case uuid). */
export const UPLOADED_IMAGE_PATH = /* @__PURE__ */ new RegExp(
  `^${OBJECTS_PATH_PREFIX}uploads/${UUID_SOURCE}$`,
);

/**
 * The path a listing request names a visitor's image by: `/objects/quarantine/<uuid>`. Nothing
 * serves it; an approved request's images are copied to `uploads/` for the shop.
 */
export const QUARANTINED_IMAGE_PATH = /* @__PURE__ */ new RegExp(
  `^${OBJECTS_PATH_PREFIX}quarantine/${UUID_SOURCE}$`,
);

/** A backup's image entry, `images/<uuid>` with an optional extension; the uuid is group 1. */
export const BACKUP_IMAGE_ENTRY = /* @__PURE__ */ new RegExp(
  `^images/(${UUID_SOURCE})(\\.(png|jpg|gif|webp))?$`,
);

/**
 * A backup's entry for a visitor's quarantined image a pending listing request names,
 * `quarantine/<uuid>` with an optional extension; the uuid is group 1.
 */
export const BACKUP_QUARANTINE_ENTRY = /* @__PURE__ */ new RegExp(
  `^quarantine/(${UUID_SOURCE})(\\.(png|jpg|gif|webp))?$`,
);

/** Image types an upload may be (the server checks the bytes); never SVG. */
export const IMAGE_TYPES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
);

/** Largest image upload: 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Passwords have at least this many characters. */
export const MIN_PASSWORD_LENGTH = 6;
/** Checked before hashing, so a huge password cannot tie up the CPU. */
export const MAX_PASSWORD_LENGTH = 1024;

/**
 * Dangerous actions (a restore, deleting an admin, resetting another's password) need the
 * password (or a passkey) given within this many minutes.
 */
export const REAUTHENTICATION_WINDOW_MINUTES = 5;

/** Single-use recovery codes given when an authenticator app is set up. */
export const RECOVERY_CODE_COUNT = 10;

/** What can serve as a second factor after the password. */
export const SECOND_FACTOR_KINDS = /* @__PURE__ */ Object.freeze(/** @type {const} */ (['totp', 'passkey']));
/** A passkey's name (the admin's own label, e.g. "Laptop") is this long at most. */
export const MAX_PASSKEY_NAME_LENGTH = 60;
/** A passkey ceremony (register or sign in) must finish within this many minutes of its challenge. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** A new account's username, after trimming, is this long at least... */
export const MIN_USERNAME_LENGTH = 3;
/** ...and at most. */
export const MAX_USERNAME_LENGTH = 50;

/**
 * Cards per page of the public listing: keeps the DOM small on phones however large the directory
 * grows. 12 rather than 24: the first render and its commit (one task that cannot be sliced)
 * halve, and on a phone 12 cards are already a dozen screens of scrolling.
 */
export const LISTING_PAGE_SIZE = 12;

/** The longest search a listing accepts (`q`), in characters... */
export const SEARCH_MAX_LENGTH = 200;
/** ...and in words: a shop matches when its text holds every word, so each word is one more test. */
export const SEARCH_MAX_WORDS = 10;
/** The highest page number a listing URL may name; a page past the last shows the last. */
export const LISTING_MAX_PAGE = 1_000_000;

/**
 * A shop's slug, its readable URL segment (`/shops/<slug>`): lower-case ASCII letters and digits
 * in words joined by single dashes, e.g. `armeria-del-bajio-leon` or `armeria-del-bajio-leon-2`.
 */
export const SHOP_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest slug: the words of name and city are cut to fit, leaving room for a `-<n>` suffix. */
export const SHOP_SLUG_MAX_LENGTH = 120;

/**
 * Every `code` an error response of the API can carry (`{ statusCode, code, message, error }`).
 * Codes are stable: screens translate them and fall back to `message` only for a code they do
 * not know. A new error gets a new code here, its translations in the remotes, and its place
 * in the OpenAPI document's enum (which is written from this list).
 */
export const ERROR_CODES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ ([
    // Any request
    'VALIDATION_FAILED',
    'BAD_REQUEST',
    'INVALID_BODY',
    'BODY_TOO_LARGE',
    'REQUEST_ABORTED',
    'REQUEST_TIMEOUT',
    'UNSUPPORTED_MEDIA_TYPE',
    'CROSS_SITE_REQUEST',
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'NOT_FOUND',
    'METHOD_NOT_ALLOWED',
    'CONFLICT',
    'TOO_MANY_REQUESTS',
    'INTERNAL_ERROR',
    'SERVICE_UNAVAILABLE',
    // Sessions and administrators
    'INVALID_CREDENTIALS',
    'TOO_MANY_LOGIN_ATTEMPTS',
    'ADMIN_ALREADY_EXISTS',
    'USERNAME_TAKEN',
    'USERNAME_CONFUSABLE',
    'WEAK_PASSWORD',
    'PASSWORDS_DONT_MATCH',
    'CURRENT_PASSWORD_INCORRECT',
    'OWN_PASSWORD_RESET',
    'ADMIN_NOT_FOUND',
    'LAST_ADMIN',
    'SESSION_NOT_FOUND',
    'REAUTHENTICATION_REQUIRED',
    'CURRENT_SESSION',
    // Second factors
    'SECOND_FACTOR_REQUIRED',
    'SECOND_FACTOR_ENROLMENT_REQUIRED',
    'SECOND_FACTOR_INVALID',
    'NO_SECOND_FACTOR_PENDING',
    'TOTP_ALREADY_ENROLLED',
    'TOTP_ENROLMENT_NOT_STARTED',
    'TOTP_NOT_ENROLLED',
    'LAST_SECOND_FACTOR',
    'MFA_POLICY_SET_BY_ENVIRONMENT',
    'OWN_SECOND_FACTORS_RESET',
    // Passkeys: the ceremony's challenge is gone (used, expired or never asked), the browser's
    // answer did not verify (unknown passkey, wrong site, bad signature, replay), the passkey
    // is registered already, or none of the admin's passkeys has that id
    'PASSKEY_CHALLENGE_EXPIRED',
    'PASSKEY_REJECTED',
    'PASSKEY_ALREADY_REGISTERED',
    'PASSKEY_NOT_FOUND',
    // Shops and images
    'SHOP_NOT_FOUND',
    // A certificate asked of a shop whose verification has no certificate number
    'SHOP_NOT_CERTIFIED',
    'IMAGE_NOT_FOUND',
    'IMAGE_INVALID',
    'IMAGE_TOO_LARGE',
    'UPLOAD_LINK_INVALID',
    'UPLOAD_LINK_EXPIRED',
    'UPLOAD_LINK_USED',
    'TOO_MANY_UPLOADS',
    // Backups
    'BACKUP_FILE_MISSING',
    'BACKUP_INVALID_FILE',
    'BACKUP_FILE_TOO_LARGE',
    'BACKUP_REJECTED',
    'RESTORE_IN_PROGRESS',
    'STORED_BACKUP_NOT_FOUND',
    'INSUFFICIENT_STORAGE',
    // Shops CSV import
    'CSV_FILE_MISSING',
    'CSV_INVALID_FILE',
    'CSV_FILE_TOO_LARGE',
    'CSV_HEADER_INVALID',
    'CSV_NO_ROWS',
    'CSV_TOO_MANY_ROWS',
    // Visitors' corrections and listing requests
    'PROOF_OF_WORK_FAILED',
    'REQUEST_NOT_FOUND',
    'REQUEST_ALREADY_DECIDED',
  ]),
);

/**
 * Every `code` of an entry of `errors` (one failing field): why the field was refused. Some
 * carry `params` (`max`, `min`) for the sentence.
 */
export const FIELD_ERROR_CODES = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ ([
    'REQUIRED',
    'NOT_TEXT',
    'TOO_SHORT',
    'TOO_LONG',
    'CONTROL_CHARACTERS',
    'INVALID_URL',
    'INVALID_EMAIL',
    'INVALID_PHONE',
    'INVALID_IMAGE',
    'INVALID_USERNAME',
    'NOT_A_LIST',
    'TOO_MANY',
    'NOT_A_NUMBER',
    'OUT_OF_RANGE',
    'TOO_MANY_DECIMALS',
    'INVALID_VALUE',
    'UNKNOWN_FIELD',
    'PASSWORDS_DONT_MATCH',
    'CURRENT_PASSWORD_INCORRECT',
    'USERNAME_TAKEN',
    // A code from an authenticator app or a recovery code that does not match (or was used)
    'SECOND_FACTOR_INVALID',
    // A new username that looks like an existing one, or holds characters that hide or reorder text
    'USERNAME_CONFUSABLE',
    'BIDI_CHARACTERS',
    'INVISIBLE_CHARACTERS',
    // A new password that is too easy to guess; params `warning` and `suggestion` are zxcvbn's keys
    'WEAK_PASSWORD',
    // A row of a shops CSV import (the field is the column)
    'UNKNOWN_SHOP',
    'AMBIGUOUS_MATCH',
    'DUPLICATE_ROW',
    'WRONG_CELL_COUNT',
    // A shop field's own text format (its `format` in the schema; INVALID_DATE among them, which
    // a CSV import's date cell answers too)
    ...SHOP_FORMAT_CODES,
    // The rules across a shop's verification fields (verification.js)
    ...VERIFICATION_CODES,
  ]),
);

/** The most entries a backup ZIP may have (shops.json, manifest, activity and images). */
export const BACKUP_MAX_ENTRIES = 25_000;
/**
 * The largest `manifest.json` a backup may have. It names every entry with its checksum, size
 * and path (about 275 bytes each as written), so the limit grows with the entries allowed:
 * 10,000 shops with a logo and a map write 5.2 MB. The server refuses a larger one, and the
 * admin reads up to the same size to show what a file holds before it is sent.
 */
export const BACKUP_MAX_MANIFEST_BYTES = BACKUP_MAX_ENTRIES * 512;

/** The largest shops CSV an import accepts (a 10,000-shop export is about 6 MB)... */
export const CSV_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** ...and the most shop rows in it. */
export const CSV_IMPORT_MAX_ROWS = 20_000;

/**
 * What an entry of the activity log records (GET /api/admin/activity, `kind`): one entry per
 * change, written in the change's own transaction. The admin translates each kind.
 */
export const ACTIVITY_KINDS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ ([
    'shop.created',
    'shop.updated',
    'shop.verified',
    'shop.unverified',
    'shop.deleted',
    'shops.imported',
    'admin.created',
    'admin.password_reset',
    'admin.deleted',
    'account.password_changed',
    'session.ended',
    'sessions.others_ended',
    'admin.sessions_ended',
    'mfa.factor_added',
    'mfa.factor_removed',
    'mfa.factors_reset',
    'mfa.recovery_code_used',
    'mfa.second_factor_failed',
    'mfa.policy_changed',
    'login.succeeded',
    'login.failed',
    'passkey.added',
    'passkey.removed',
    'passkey.failed',
    'backup.downloaded',
    'backup.stored',
    'backup.failed',
    'backup.restored',
  ]),
);

/** Entries per page of the activity log at most. */
export const ACTIVITY_MAX_PAGE_SIZE = 100;

/**
 * The dashboard's list of shops with nothing chosen (`/admin`): its first request, which the
 * server names in the page so the browser asks for it before the admin's scripts have run.
 */
export const ADMIN_SHOP_LIST_DEFAULTS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ ({ page: 1, pageSize: 20, sort: 'name', order: 'asc' }),
);

/**
 * The back office's pages, relative to `/admin`, as router patterns. The shell
 * mounts the admin remote only on these, and the server answers 200 only for these: any other
 * path under `/admin` gets the one 404 page, with a 404 status.
 */
export const ADMIN_PAGE_PATHS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ ([
    '',
    'login',
    'shops/new',
    'shops/edit/:id',
    'shops/import',
    'users',
    'backup',
    'activity',
    'requests',
    'requests/:id',
  ]),
);
