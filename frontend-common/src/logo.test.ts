import { LOGO_ICON_KEYS } from 'contract';
import { logoKind, STORE_EMOJI } from './logo';

describe('logoKind', () => {
  it('treats object paths and http(s) URLs as images', () => {
    expect(logoKind('/objects/uploads/abc')).toEqual({ kind: 'image', src: '/objects/uploads/abc' });
    expect(logoKind('https://cdn.example.com/logo.png')).toEqual({
      kind: 'image',
      src: 'https://cdn.example.com/logo.png',
    });
    expect(logoKind('http://cdn.example.com/logo.png')).toEqual({
      kind: 'image',
      src: 'http://cdn.example.com/logo.png',
    });
  });

  it.each(LOGO_ICON_KEYS)('shows the %s icon for its key', (key) => {
    expect(logoKind(key)).toEqual({ kind: 'icon', icon: key });
  });

  it.each(['', 'store', 'Crosshairs', '🔫', 'logo.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA'])(
    'shows the store emoji for %j',
    (value) => {
      expect(logoKind(value)).toEqual({ kind: 'emoji', emoji: STORE_EMOJI });
    },
  );

  it('falls back to the emoji when an image-looking value is unsafe', () => {
    expect(logoKind('//evil.example.com/x.png')).toEqual({ kind: 'emoji', emoji: STORE_EMOJI });
    expect(logoKind('http:javascript:alert(1)')).toEqual({ kind: 'emoji', emoji: STORE_EMOJI });
    expect(logoKind(null)).toEqual({ kind: 'emoji', emoji: STORE_EMOJI });
  });
});
