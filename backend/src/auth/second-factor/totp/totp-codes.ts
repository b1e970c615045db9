import { generateURI, verify } from 'otplib';

/** Codes of 6 digits that change every 30 seconds: what every authenticator app shows by default. */
const TOTP_DIGITS = /^\d{6}$/;

/** The previous and next 30 seconds' codes count too: phones' clocks drift, typing takes time. */
const TOLERANCE_SECONDS = 30;

/** Where the app shows whose account a code is for. */
const ISSUER = 'ATM Directorio';

/** The otpauth:// link an authenticator app reads from the QR code. */
export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret });
}

export function looksLikeTotpCode(code: string): boolean {
  return TOTP_DIGITS.test(code);
}

/** The time step of `code` when it is valid now and newer than `afterStep` (each works once); else null. */
export async function acceptedTotpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  nowMs = Date.now(),
): Promise<number | null> {
  if (!looksLikeTotpCode(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(nowMs / 1000),
      epochTolerance: TOLERANCE_SECONDS,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}
