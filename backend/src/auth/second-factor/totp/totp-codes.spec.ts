import { describe, expect, it } from '@jest/globals';
import { generate, generateSecret } from 'otplib';
import { acceptedTotpStep, looksLikeTotpCode, totpUri } from './totp-codes.js';

const NOW = Date.UTC(2026, 10, 26, 12, 0, 10);
const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('authenticator codes', () => {
  it('accept the code of now and of the neighbouring 30 seconds, not older', async () => {
    const secret = generateSecret();
    const step = Math.floor(NOW / 30_000);
    expect(await acceptedTotpStep(secret, await codeAt(secret, NOW), null, NOW)).toBe(step);
    expect(await acceptedTotpStep(secret, await codeAt(secret, NOW - 30_000), null, NOW)).toBe(step - 1);
    expect(await acceptedTotpStep(secret, await codeAt(secret, NOW + 30_000), null, NOW)).toBe(step + 1);
    expect(await acceptedTotpStep(secret, await codeAt(secret, NOW - 90_000), null, NOW)).toBeNull();
  });

  it('refuse a code whose step was already used, or an older one', async () => {
    const secret = generateSecret();
    const step = Math.floor(NOW / 30_000);
    const code = await codeAt(secret, NOW);
    expect(await acceptedTotpStep(secret, code, step, NOW)).toBeNull();
    expect(await acceptedTotpStep(secret, await codeAt(secret, NOW - 30_000), step, NOW)).toBeNull();
    expect(await acceptedTotpStep(secret, await codeAt(secret, NOW + 30_000), step, NOW)).toBe(step + 1);
  });

  it('refuse what is not six digits without asking the library', async () => {
    const secret = generateSecret();
    for (const code of ['', '12345', '1234567', 'abcdef', ' 123456']) {
      expect(looksLikeTotpCode(code)).toBe(false);
      expect(await acceptedTotpStep(secret, code, null, NOW)).toBeNull();
    }
  });

  it('give an otpauth link with the issuer and the username', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXP', 'admin');
    expect(uri).toMatch(/^otpauth:\/\/totp\/ATM%20Directorio:admin\?/);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXP');
  });
});
