import type { Request } from 'express';
import { PASSKEY_CHALLENGE_MINUTES } from 'contract';
import { ApiError } from '../../common/api-error.js';
import { publicOrigin } from '../../common/public-url.js';

/** Which ceremony a challenge was issued for: one cannot finish another. */
export type CeremonyKind = 'registration' | 'authentication' | 'second-factor';

interface StoredChallenge {
  value: string;
  kind: CeremonyKind;
  expiresAt: number;
}

type WithChallenge = { passkeyChallenge?: StoredChallenge };

const LIFETIME_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

/** Keeps the challenge the browser must sign in the session (server side); a new one replaces the last. */
export function keepChallenge(request: Request, kind: CeremonyKind, value: string): void {
  (request.session as unknown as WithChallenge).passkeyChallenge = {
    value,
    kind,
    expiresAt: Date.now() + LIFETIME_MS,
  };
}

/**
 * Takes the session's challenge out, so it is used once whatever the outcome; refuses when
 * there is none, it has expired or it belongs to the other ceremony.
 */
export function takeChallenge(request: Request, kind: CeremonyKind): string {
  const session = request.session as unknown as WithChallenge;
  const stored = session.passkeyChallenge;
  delete session.passkeyChallenge;
  if (!stored || stored.kind !== kind || stored.expiresAt < Date.now()) {
    throw new ApiError(
      400,
      'PASSKEY_CHALLENGE_EXPIRED',
      'The passkey request has expired or was already used: start again',
    );
  }
  return stored.value;
}

/** The site the passkeys belong to: its origin and, as relying-party id, its host name (from PUBLIC_URL). */
export function relyingParty(request: Request): { origin: string; rpID: string } {
  const origin = publicOrigin(request);
  return { origin, rpID: new URL(origin).hostname };
}
