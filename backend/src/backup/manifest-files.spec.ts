import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { OBJECTS_PATH_PREFIX } from 'contract';
import { imageEntryName, prettyJsonChunks, type ManifestFile } from './backup-format.js';
import { ManifestFiles } from './manifest-files.js';

const text = (value: unknown) => Buffer.concat([...prettyJsonChunks(value)]).toString('utf8');
const sha256 = (i: number) => createHash('sha256').update(String(i)).digest('hex');

describe('ManifestFiles', () => {
  it('writes the documents, then the images, as the object of names to files would be written', () => {
    const files = new ManifestFiles();
    const expected: Record<string, ManifestFile> = {};
    for (const name of ['shops.json', 'activity.json', 'requests.json']) {
      const file = { sha256: sha256(name.length), size: name.length * 1000 };
      files.addDocument(name, file);
      expected[name] = file;
    }
    // Past the checksums' first 1,024, so their buffer grows; both kinds of image, three types.
    const types = ['image/png', 'image/jpeg', 'image/webp'];
    for (let i = 0; i < 3_000; i++) {
      const key = `${i % 7 ? 'uploads' : 'quarantine'}/0b0e4b5c-1f2a-4c3d-8e9f-${String(i).padStart(12, '0')}`;
      const contentType = types[i % 3];
      const file = { sha256: sha256(i), size: 100_000 + i };
      files.addImage(key, contentType, file);
      expected[imageEntryName(key, contentType)] = {
        ...file,
        path: `${OBJECTS_PATH_PREFIX}${key}`,
        contentType,
      };
    }
    const manifest = { product: 'atm-gunsmith-directory', files: files.toJson(), missingImages: [] };
    const written = text(manifest);
    expect(written).toBe(JSON.stringify({ ...manifest, files: expected }, null, 2));
    expect(Object.keys((JSON.parse(written) as { files: object }).files)).toHaveLength(3_003);
  });

  it('writes an empty object when there is nothing', () => {
    expect(text({ files: new ManifestFiles().toJson() })).toBe(JSON.stringify({ files: {} }, null, 2));
  });

  it('refuses a checksum that is not a SHA-256 in hex, and a document after the images', () => {
    const files = new ManifestFiles();
    expect(() => files.addImage('uploads/a', 'image/png', { sha256: 'not hex', size: 1 })).toThrow(/SHA-256/);
    expect(() => files.addImage('uploads/a', 'image/png', { sha256: 'ab'.repeat(31), size: 1 })).toThrow(
      /SHA-256/,
    );
    files.addImage('uploads/a', 'image/png', { sha256: sha256(1), size: 1 });
    expect(() => files.addDocument('shops.json', { sha256: sha256(2), size: 2 })).toThrow(
      /before the images/,
    );
  });
});
