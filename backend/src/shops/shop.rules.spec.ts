import { describe, expect, it } from '@jest/globals';
import { objectKeyOf, searchKeysOf } from './shop.rules.js';

describe('shop rules', () => {
  it('finds the object key of an uploaded image, and none for URLs and icon keys', () => {
    expect(objectKeyOf('/objects/uploads/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d')).toBe(
      'uploads/0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d',
    );
    expect(objectKeyOf('https://cdn.example/logo.png')).toBeNull();
    expect(objectKeyOf('medal')).toBeNull();
  });

  it('keeps each field of the search text on its own line, normalised', () => {
    const keys = searchKeysOf(
      { name: 'Armería Ñandú', city: 'León', description: 'Rifles', state: 'Gto', email: 'a@b.mx' },
      ['Caza'],
    );
    expect(keys).toEqual({
      nameKey: 'armeria ñandu',
      cityKey: 'leon',
      searchText: 'armeria ñandu\nleon\nrifles\ngto\na@b.mx\ncaza',
    });
  });
});
