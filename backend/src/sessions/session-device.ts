import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import type { Request } from 'express';
import type { AdminSessionDto } from './dto/session.dto.js';
import type { SessionDevice } from './session.store.js';

/** What the sessions list keeps of the request that logged in. */
export function deviceOf(request: Request): SessionDevice {
  return {
    startedAt: Date.now(),
    userAgent: request.get('user-agent')?.slice(0, 512) || null,
    address: request.ip?.slice(0, 64) ?? null,
  };
}

/** A session's public id: a hash of its cookie value, so listing sessions never reveals one. */
export function publicSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url').slice(0, 22);
}

const DEVICE_TYPES = new Set(['desktop', 'mobile', 'tablet']);

/** Browser, system and kind of device, read from a User-Agent. */
export function describeUserAgent(
  userAgent: string | null,
): Pick<AdminSessionDto, 'browser' | 'os' | 'deviceType'> {
  if (!userAgent) return { browser: null, os: null, deviceType: 'other' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name ? [parsed.browser.name, major].filter(Boolean).join(' ') : null;
  const os = parsed.os.name
    ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ')
    : null;
  const type = parsed.platform.type ?? '';
  const deviceType = DEVICE_TYPES.has(type) ? (type as AdminSessionDto['deviceType']) : 'other';
  return { browser, os, deviceType };
}
