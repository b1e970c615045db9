import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { PASSKEY_CHALLENGE_MINUTES } from 'contract';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../../common/api-error.js';
import { publicOrigin } from '../../common/public-url.js';
import { APP_CONFIG, type AppConfig } from '../../config/app.config.js';

/** Which ceremony a challenge was issued for: one cannot finish another. */
export type CeremonyKind = 'registration' | 'authentication' | 'second-factor';

declare module 'express-session' {
  interface SessionData {
    passkeyChallenge?: { value: string; kind: CeremonyKind; expiresAt: number };
  }
}

const LIFETIME_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

export function challengeExpired(): ApiError {
  return new ApiError(
    400,
    'PASSKEY_CHALLENGE_EXPIRED',
    'The passkey request has expired or was already used: start again',
  );
}

/** Keeps the options' challenge in the session (a new one replaces the last) and answers the options. */
export function offerChallenge<T extends { challenge: string }>(
  request: Request,
  kind: CeremonyKind,
  options: T,
): { options: Record<string, unknown> } {
  request.session.passkeyChallenge = { value: options.challenge, kind, expiresAt: Date.now() + LIFETIME_MS };
  return { options: { ...options } };
}

/**
 * What the browser's answer must match: the session's challenge for `kind`, taken out so it is
 * used once whatever the outcome (400 when missing, expired or another ceremony's), and this site.
 */
export function expectedCeremony(request: Request, kind: CeremonyKind) {
  const stored = request.session.passkeyChallenge;
  delete request.session.passkeyChallenge;
  if (!stored || stored.kind !== kind || stored.expiresAt < Date.now()) throw challengeExpired();
  return { challenge: stored.value, ...relyingParty(request) };
}

/** The challenge an assertion was signed over (base64url, from its clientDataJSON), if it says one. */
export function signedChallengeOf(clientDataJSON: string): string | undefined {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (clientData as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
}

const VERSION = 1;
const NONCE_BYTES = 16;
/** Version, the time it was issued (epoch ms, 8 bytes), a random nonce: what the MAC covers. */
const SIGNED_BYTES = 1 + 8 + NONCE_BYTES;
const MAC_BYTES = 32;
/** How far ahead of this instance's clock another replica's may have been when it issued one. */
const CLOCK_SKEW_MS = 30_000;

/**
 * A sign-in's challenges, asked for before any session: each says when it was issued and is signed
 * (HMAC), so issuing writes nothing and any replica can check it. The passkey's use spends it.
 */
@Injectable()
export class SignInChallenges {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // Its own key: a leaked challenge key could not sign sessions, nor the other way round.
    this.key = createHmac('sha256', config.session.secret).update('passkey-sign-in-challenge').digest();
  }

  /** A new challenge (57 bytes), for generateAuthenticationOptions. */
  issue(now = Date.now()): Uint8Array<ArrayBuffer> {
    const signed = Buffer.alloc(SIGNED_BYTES);
    signed.writeUInt8(VERSION, 0);
    signed.writeBigUInt64BE(BigInt(now), 1);
    randomBytes(NONCE_BYTES).copy(signed, 9);
    return new Uint8Array(Buffer.concat([signed, this.mac(signed)]));
  }

  /** When `challenge` (base64url) was issued; 400 PASSKEY_CHALLENGE_EXPIRED if foreign, altered or old. */
  issuedAt(challenge: string | undefined, now = Date.now()): number {
    const bytes = challenge === undefined ? Buffer.alloc(0) : Buffer.from(challenge, 'base64url');
    if (bytes.length !== SIGNED_BYTES + MAC_BYTES || bytes[0] !== VERSION) throw challengeExpired();
    const signed = bytes.subarray(0, SIGNED_BYTES);
    if (!timingSafeEqual(bytes.subarray(SIGNED_BYTES), this.mac(signed))) throw challengeExpired();
    const issuedAt = Number(signed.readBigUInt64BE(1));
    if (issuedAt > now + CLOCK_SKEW_MS || now - issuedAt > LIFETIME_MS) throw challengeExpired();
    return issuedAt;
  }

  private mac(signed: Buffer): Buffer {
    return createHmac('sha256', this.key).update(signed).digest();
  }
}

/** The site the passkeys belong to: its origin and, as relying-party id, its host name (from PUBLIC_URL). */
export function relyingParty(request: Request): { origin: string; rpID: string } {
  const origin = publicOrigin(request);
  return { origin, rpID: new URL(origin).hostname };
}
