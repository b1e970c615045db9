import { safeUrl } from './safeUrl';

describe('safeUrl', () => {
  it.each([
    ['https://armeria.example.mx/catalogo?x=1&y=2', 'https://armeria.example.mx/catalogo?x=1&y=2'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.com/Path', 'https://example.com/Path'],
    ['  https://example.com/a  ', 'https://example.com/a'],
    [
      '/objects/uploads/4f8c1b2e-7c1d-4a4b-9a59-0c0b7a1b2c3d',
      '/objects/uploads/4f8c1b2e-7c1d-4a4b-9a59-0c0b7a1b2c3d',
    ],
  ])('accepts %s', (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    'javascript&colon;alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'vbscript:msgbox(1)',
    '//evil.example.com/x.png',
    '/\\evil.example.com',
    '\\\\evil.example.com',
    'https:evil.example.com',
    'https:/evil.example.com',
    'https://user:pass@evil.example.com',
    'https://exa mple.com',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    '/objects/../api/admin',
    '/objects/a/../../x',
    '/etc/passwd',
    '/api/admin/users',
    'objects/uploads/x',
    'www.example.com',
    '',
    '   ',
  ])('rejects %j', (input) => {
    expect(safeUrl(input)).toBeNull();
  });

  it('rejects values that are not strings', () => {
    expect(safeUrl(null)).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
    expect(safeUrl(42)).toBeNull();
    expect(safeUrl({ href: 'https://example.com' })).toBeNull();
  });
});
