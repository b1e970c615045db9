import { describe, expect, it } from '@jest/globals';
import {
  imageEntryName,
  IMAGE_NAME,
  JsonObjectMembers,
  prettyJsonChunks,
  QUARANTINE_NAME,
} from './backup-format.js';

const text = (value: unknown, perChunk?: number) =>
  Buffer.concat([...prettyJsonChunks(value, perChunk)]).toString('utf8');

const shop = (i: number) => ({
  id: `shop-${i}`,
  name: `Armería "${i}" \u2028 ñ`,
  description: 'Primera línea\nsegunda línea',
  categories: i % 2 ? ['Reparación', 'Pavonado'] : [],
  latitude: 20.67 + i,
  website: null,
  dropped: undefined,
  createdAt: new Date(Date.UTC(2026, 10, 24, 12, 0, i)),
  nested: { list: [{ a: 1 }, [], undefined], empty: {} },
});

describe('prettyJsonChunks', () => {
  it.each([0, 1, 2, 199, 200, 201, 1000])(
    'writes the bytes of JSON.stringify(shops, null, 2) for %i shops',
    (n) => {
      const shops = Array.from({ length: n }, (_, i) => shop(i));
      expect(text(shops)).toBe(JSON.stringify(shops, null, 2));
      expect(text(shops, 7)).toBe(JSON.stringify(shops, null, 2));
    },
  );

  it('writes a manifest as JSON.stringify does', () => {
    const files: Record<string, object> = {};
    for (let i = 0; i < 500; i++) {
      files[`images/${i}.png`] = {
        sha256: 'ab'.repeat(32),
        size: i,
        path: `/objects/uploads/${i}`,
        contentType: 'image/png',
      };
    }
    const manifest = {
      product: 'atm-gunsmith-directory',
      formatVersion: 4,
      createdAt: '2026-11-24T00:00:00.000Z',
      counts: { shops: 250, images: 500, activity: 0 },
      files,
      missingImages: [],
    };
    expect(text(manifest)).toBe(JSON.stringify(manifest, null, 2));
    for (const value of [{}, [], 'text', 3, null, { a: [] }, [[1, [2]], {}]]) {
      expect(text(value)).toBe(JSON.stringify(value, null, 2));
    }
  });

  it('writes the members of a JsonObjectMembers as JSON.stringify writes the object they make', () => {
    const members: [string, unknown][] = [
      ['shops.json', { sha256: 'cd'.repeat(32), size: 10 }],
      ['dropped', undefined],
      [
        'images/1.png',
        { sha256: 'ab'.repeat(32), size: 1, path: '/objects/uploads/1', contentType: 'image/png' },
      ],
      ['nested', new JsonObjectMembers(() => [['deep', [1, { a: 2 }]]])],
    ];
    const lazy = new JsonObjectMembers(function* () {
      yield* members;
    });
    const built = JSON.parse(
      JSON.stringify(
        Object.fromEntries(
          members.map(([key, value]) => [
            key,
            value instanceof JsonObjectMembers ? Object.fromEntries(value.members()) : value,
          ]),
        ),
      ),
    ) as object;
    const manifest = { product: 'atm-gunsmith-directory', files: lazy, missingImages: [] };
    expect(text(manifest)).toBe(JSON.stringify({ ...manifest, files: built }, null, 2));
    // Read again on each writing, and empty where it has no members.
    expect(text(manifest)).toBe(JSON.stringify({ ...manifest, files: built }, null, 2));
    expect(text({ files: new JsonObjectMembers(() => []) })).toBe(JSON.stringify({ files: {} }, null, 2));
    expect(text(new JsonObjectMembers(() => [['only', undefined]]))).toBe('{}');
  });

  it('yields many chunks for a long list, never the whole text at once', () => {
    const shops = Array.from({ length: 1000 }, (_, i) => shop(i));
    const chunks = [...prettyJsonChunks(shops)];
    expect(chunks.length).toBeGreaterThan(5);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(text(shops).length / 5);
  });
});

describe('imageEntryName', () => {
  const id = '0b0e4b5c-1f2a-4c3d-8e9f-a0b1c2d3e4f5';

  it('names a shop image under images/ and a quarantined one under quarantine/, by type', () => {
    expect(imageEntryName(`uploads/${id}`, 'image/png')).toBe(`images/${id}.png`);
    expect(imageEntryName(`quarantine/${id}`, 'image/jpeg')).toBe(`quarantine/${id}.jpg`);
    expect(imageEntryName(`quarantine/${id}`, 'application/octet-stream')).toBe(`quarantine/${id}`);
  });

  it('gives names the reader recognises, each by its own folder', () => {
    expect(IMAGE_NAME.test(imageEntryName(`uploads/${id}`, 'image/webp'))).toBe(true);
    expect(QUARANTINE_NAME.test(imageEntryName(`quarantine/${id}`, 'image/gif'))).toBe(true);
    expect(QUARANTINE_NAME.test(`images/${id}.gif`)).toBe(false);
    expect(IMAGE_NAME.test(`quarantine/${id}.gif`)).toBe(false);
  });
});
