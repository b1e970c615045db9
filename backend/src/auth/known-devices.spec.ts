import { describe, expect, it, jest } from '@jest/globals';
import type { Request } from 'express';
import { DEVICE_COOKIE, knownDeviceOf, rememberDevice } from './known-devices.js';
import { SessionSettings } from './session-settings.js';

const settings = new SessionSettings(1, Buffer.alloc(32, 7), 'auto');
const otherKey = new SessionSettings(1, Buffer.alloc(32, 8), 'auto');

/** The cookie rememberDevice sets for `username`, and its options. */
function remembered(username: string, secure = false) {
  const cookie = jest.fn();
  rememberDevice({ secure, res: { cookie } } as unknown as Request, username, settings);
  const [name, value, options] = cookie.mock.calls[0] as [string, string, Record<string, unknown>];
  return { name, value, options };
}
const carrying = (value: string) => ({ headers: { cookie: `a=b; ${DEVICE_COOKIE}=${value}` } }) as Request;

describe('known devices', () => {
  it('names a device of the account it was set for, however the username is written', () => {
    const { name, value, options } = remembered('Admin');
    expect(name).toBe(DEVICE_COOKIE);
    expect(options).toMatchObject({ httpOnly: true, sameSite: 'strict', path: '/api/auth', secure: false });
    const id = knownDeviceOf(carrying(value), ' admin ', settings);
    expect(id).toBe(value.split('.')[0]);
    expect(remembered('admin', true).options.secure).toBe(true);
  });

  it('is no device of another account, under another key, or with any part changed', () => {
    const { value } = remembered('admin');
    const [id, issued, signature] = value.split('.');
    expect(knownDeviceOf(carrying(value), 'segunda', settings)).toBeNull();
    expect(knownDeviceOf(carrying(value), 'admin', otherKey)).toBeNull();
    expect(knownDeviceOf(carrying(`x${id}.${issued}.${signature}`), 'admin', settings)).toBeNull();
    expect(knownDeviceOf(carrying(`${id}.${issued}.${signature.slice(1)}`), 'admin', settings)).toBeNull();
    expect(knownDeviceOf(carrying(`${id}.${issued}`), 'admin', settings)).toBeNull();
    expect(knownDeviceOf({ headers: {} } as Request, 'admin', settings)).toBeNull();
  });

  it('expires after 180 days, and a header too long to be a browser cookie is not read', () => {
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
    try {
      const { value } = remembered('admin');
      clock.mockReturnValue(now + 179 * 86_400_000);
      expect(knownDeviceOf(carrying(value), 'admin', settings)).not.toBeNull();
      clock.mockReturnValue(now + 181 * 86_400_000);
      expect(knownDeviceOf(carrying(value), 'admin', settings)).toBeNull();
      clock.mockReturnValue(now);
      const padded = { headers: { cookie: `pad=${'x'.repeat(9000)}; ${DEVICE_COOKIE}=${value}` } } as Request;
      expect(knownDeviceOf(padded, 'admin', settings)).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });
});
