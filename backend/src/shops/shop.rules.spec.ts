import { describe, expect, it } from '@jest/globals';
import { hasAtMostDecimals, isHttpUrl, isImageReference, objectKeyOf } from './shop.rules.js';

describe('shop rules', () => {
  it.each(['https://armeria.mx', 'http://example.com/path?q=1#x', 'HTTPS://MAPS.GOOGLE.COM/?q=a'])(
    'accepts the http(s) URL %s',
    (url) => expect(isHttpUrl(url)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x',
    'ftp://files.example',
    'https://',
    'https://exa mple.com',
    'https://example.com/"onmouseover="x',
    '/relative/path',
  ])('refuses %s as a link', (url) => expect(isHttpUrl(url)).toBe(false));

  it('accepts object paths, URLs and (for logos) icon keys as images', () => {
    const path = '/objects/uploads/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d';
    expect(isImageReference(path, false)).toBe(true);
    expect(isImageReference('https://cdn.example/logo.png', false)).toBe(true);
    expect(isImageReference('medal', true)).toBe(true);
    expect(isImageReference('medal', false)).toBe(false);
    expect(isImageReference('/objects/uploads/../../etc/passwd', false)).toBe(false);
    expect(isImageReference('/objects/other/x', false)).toBe(false);
    expect(objectKeyOf(path)).toBe('uploads/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d');
    expect(objectKeyOf('medal')).toBeNull();
  });

  it('counts decimals', () => {
    expect(hasAtMostDecimals(20.12345678, 8)).toBe(true);
    expect(hasAtMostDecimals(20.123456789, 8)).toBe(false);
    expect(hasAtMostDecimals(-103, 8)).toBe(true);
    expect(hasAtMostDecimals(1e-7, 8)).toBe(true);
    expect(hasAtMostDecimals(1e-9, 8)).toBe(false);
  });
});
