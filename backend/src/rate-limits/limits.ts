import type { AppConfig } from '../config/app.config.js';
import type { TooManyAttemptsException } from './limit-errors.js';
import { tooManyLoginAttempts, tooManySubmissions, tooManyUploads } from './limit-errors.js';

/** One limit: `points` attempts in a window of `seconds` from the first, then refused. */
export interface LimitRule {
  points: number;
  seconds: number;
  /** Once spent, refused for this long from the refusal (else until the window ends). */
  blockSeconds?: number;
  /** The 429 a refusal answers (with the seconds to wait); none for a claim made once. */
  refuse?: (retryAfterSeconds: number) => TooManyAttemptsException;
}

const MINUTES = 60;
const HOUR = 3600;
/** Long enough to stop guessing, short enough not to lock anyone out for long. */
const LOGIN_BLOCK = 15 * MINUTES;

/**
 * Every limit of the app, taken before the work it protects and counted in the database, so it
 * holds across instances. docs/security.md ("Rate limits") lists them for operators.
 */
export function limitRules(config: AppConfig) {
  const visitors = config.visitorRequests;
  const quotas = config.storageQuotas;
  const login = (points: number): LimitRule => ({
    points,
    seconds: LOGIN_BLOCK,
    blockSeconds: LOGIN_BLOCK,
    refuse: tooManyLoginAttempts,
  });
  const visitorsHourly = (points: number): LimitRule => ({
    points,
    seconds: HOUR,
    refuse: tooManySubmissions,
  });
  return {
    /** Passwords, passkeys and codes tried for one account from one address. */
    'login.address-account': login(10),
    /** The same from one address across every account (password spraying). */
    'login.address': login(50),
    /** Passwords tried for one account from every address together, on browsers it never used. */
    'login.account': login(30),
    /** The same from one known device (a browser the account logged in with), in its place. */
    'login.device': login(10),
    /** Second-factor and recovery codes tried for one account from every address together. */
    'second-factor.account': login(10),
    /** Current passwords tried when an account changes its password. */
    'password-change.account': login(10),
    /** Visitors' corrections and listing requests from one address. */
    'visitor-submission.address': visitorsHourly(visitors.perAddressPerHour),
    /** The same from everyone together: counted only once the address's limit and proof of work passed. */
    'visitor-submission.everyone': visitorsHourly(visitors.perHour),
    /** Quarantined image links for "List my shop" from one address. */
    'visitor-upload.address': visitorsHourly(visitors.uploadsPerAddressPerHour),
    /** The same from everyone together, counted once the address's limit and the proof of work passed. */
    'visitor-upload.everyone': visitorsHourly(visitors.uploadsPerHour),
    /** Image links for one admin session (each lets the browser store up to 5 MB). */
    'admin-upload.session': {
      points: quotas.uploadLinksPerWindow,
      seconds: quotas.uploadLinkWindowMinutes * MINUTES,
      refuse: tooManyUploads,
    },
    /** A proof of work is spent once; kept until it would have expired anyway. */
    'proof-of-work.spent': { points: 1, seconds: 45 * MINUTES },
    /** One replica sends the hour's digest of new requests. */
    'digest.hour': { points: 1, seconds: 25 * HOUR },
    /** A certificate's coming end is mailed once: kept past the digest's 30 days ahead of it. */
    'digest.expiry': { points: 1, seconds: 32 * 24 * HOUR },
  } satisfies Record<string, LimitRule>;
}

export type LimitName = keyof ReturnType<typeof limitRules>;
