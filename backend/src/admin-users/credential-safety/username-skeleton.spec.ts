import { describe, expect, it } from '@jest/globals';
import { BIDI_CONTROL, INVISIBLE_CHARACTER, usernameSkeleton } from './username-skeleton.js';

describe('usernameSkeleton', () => {
  it('gives look-alike names one skeleton', () => {
    const admin = usernameSkeleton('admin');
    for (const lookalike of ['аdmin', 'ADMIN', 'admın', 'ａｄｍｉｎ', 'adm1n', 'ADMlN', 'ádmin', 'аdmіn']) {
      expect(usernameSkeleton(lookalike)).toBe(admin);
    }
    expect(usernameSkeleton('rnario')).toBe(usernameSkeleton('mario'));
    expect(usernameSkeleton('g0nzalo')).toBe(usernameSkeleton('gonzalo'));
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('admin')).not.toBe(usernameSkeleton('admins'));
    expect(usernameSkeleton('maria')).not.toBe(usernameSkeleton('mario'));
    expect(usernameSkeleton('editor')).not.toBe(usernameSkeleton('auditor'));
  });
});

describe('character classes', () => {
  it('finds bidirectional controls', () => {
    for (const name of ['ad\u202Emin', 'a\u200Fdmin', 'x\u2067y\u2069'])
      expect(BIDI_CONTROL.test(name)).toBe(true);
    expect(BIDI_CONTROL.test('ñandú')).toBe(false);
  });

  it('finds characters that show nothing or look like a space', () => {
    for (const name of [
      'ad\u200Bmin',
      'ad\u00ADmin',
      'a\u3164',
      'a\u2800b',
      'ad\u00A0min',
      'a\uFE0Fb',
      'a\u2060b',
    ]) {
      expect(INVISIBLE_CHARACTER.test(name)).toBe(true);
    }
    for (const name of ['ñandú', 'José Pérez', 'admin-2']) expect(INVISIBLE_CHARACTER.test(name)).toBe(false);
  });
});
