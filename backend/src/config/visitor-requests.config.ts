import { ConfigError, integer, list, type Env } from './env-values.js';

/** Limits of what visitors may send, and how long the submitters' personal data is kept. */
export function parseVisitorRequests(env: Env) {
  return {
    /** Submissions one client address may make per hour; more are 429 with Retry-After. */
    perAddressPerHour: integer(env, 'VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR', 10, 1, 100_000),
    /** Submissions everyone together may make per hour (a flood from many addresses). */
    perHour: integer(env, 'VISITOR_REQUESTS_PER_HOUR', 300, 1, 1_000_000),
    /** Quarantined image uploads (for "List my shop") one client address may start per hour. */
    uploadsPerAddressPerHour: integer(env, 'VISITOR_UPLOADS_PER_ADDRESS_PER_HOUR', 6, 1, 100_000),
    /** Quarantined image uploads everyone together may start per hour. */
    uploadsPerHour: integer(env, 'VISITOR_UPLOADS_PER_HOUR', 60, 1, 1_000_000),
    /** Days after the decision before the submitter's name, e-mail and address are erased. */
    personalDataRetentionDays: integer(env, 'VISITOR_DATA_RETENTION_DAYS', 30, 0, 3650),
    /** PBKDF2 iterations per attempt of the proof of work... */
    proofOfWorkCost: integer(env, 'PROOF_OF_WORK_COST', 500, 1, 1_000_000),
    /** ...and the most attempts a solution takes (half that at least). */
    proofOfWorkMaxCounter: integer(env, 'PROOF_OF_WORK_MAX_COUNTER', 4000, 2, 10_000_000),
    /** Where e-mail goes out (`smtp://` or `smtps://`, with credentials); unset: no e-mail at all. */
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || 'Directorio de Armeros ATM <no-reply@localhost>',
    /** Who gets the hourly digest of new requests (administrators' addresses). */
    digestTo: list(env, 'REQUESTS_DIGEST_TO'),
  };
}

function smtpUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (!/^smtps?:\/\/[^/\s]+/.test(value))
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465');
  return value;
}
