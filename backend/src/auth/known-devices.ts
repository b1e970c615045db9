import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse } from 'cookie';
import type { Request } from 'express';
import type { SessionSettings } from './session-settings.js';

/**
 * Known devices (OWASP's device cookies): a full login's browser gets a signed cookie; its attempts
 * are limited per device, so guesses spread over many addresses lock out only unknown browsers.
 */
export const DEVICE_COOKIE = 'atm.device';
const LIFETIME_MS = 180 * 86_400_000;
/** Longer than any cookie header a browser sends us; nothing past it is parsed. */
const MAX_COOKIE_HEADER = 8192;

/** The known device's id for an account, or null (bound to one request). */
export type DeviceOf = (username: string) => string | null;

/** The account a typed username names, for the limits and the devices alike. */
export const accountOf = (username: string) => username.trim().toLowerCase();
const signatureOf = (key: Buffer, username: string, id: string, issued: string) =>
  createHmac('sha256', key)
    .update(`${accountOf(username)}|${id}|${issued}`)
    .digest('base64url');

/** After a full login: this browser is a known device of `username` for LIFETIME_MS. */
export function rememberDevice(request: Request, username: string, settings: SessionSettings): void {
  const id = randomBytes(16).toString('base64url');
  const issued = Date.now().toString(36);
  const value = `${id}.${issued}.${signatureOf(settings.deviceKey, username, id, issued)}`;
  request.res?.cookie(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: settings.secureCookie === true || request.secure,
    path: '/api/auth',
    maxAge: LIFETIME_MS,
  });
}

/** The id of the known device this request's cookie names for `username`, or null. */
export function knownDeviceOf(request: Request, username: string, settings: SessionSettings): string | null {
  const header = request.headers.cookie;
  if (!header || header.length > MAX_COOKIE_HEADER) return null;
  const [id, issued, signature] = parse(header)[DEVICE_COOKIE]?.split('.') ?? [];
  if (!id || !issued || !signature) return null;
  const age = Date.now() - parseInt(issued, 36);
  if (!(age >= 0 && age <= LIFETIME_MS)) return null;
  const expected = Buffer.from(signatureOf(settings.deviceKey, username, id, issued));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
