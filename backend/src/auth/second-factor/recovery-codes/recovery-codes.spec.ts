import { describe, expect, it } from '@jest/globals';
import { looksLikeRecoveryCode, normalisedRecoveryCode } from './recovery-codes.service.js';

describe('recovery codes as typed', () => {
  it('ignore case, spaces and the dash', () => {
    expect(normalisedRecoveryCode('ABCDE-fghjk')).toBe('abcdefghjk');
    expect(normalisedRecoveryCode(' abcde fghjk ')).toBe('abcdefghjk');
    expect(looksLikeRecoveryCode('ABCDE-FGHJK')).toBe(true);
  });

  it('refuse another length or characters outside the alphabet (0, 1, i, l, o)', () => {
    for (const code of ['abcde-fghj', 'abcde-fghjkm', 'abcde-fghj0', 'abcde-fghji', '123456', '']) {
      expect(looksLikeRecoveryCode(code)).toBe(false);
    }
  });
});
