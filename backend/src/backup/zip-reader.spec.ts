import { afterAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { BACKUP_MAX_MANIFEST_BYTES } from 'contract';
import { FORMAT_VERSION, MANIFEST_NAME, PRODUCT, SHOPS_NAME } from './backup-format.js';
import { BackupZip, ZIP_LIMITS } from './zip-reader.js';

const folder = mkdtempSync(path.join(tmpdir(), 'atm-zip-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A manifest as BackupService writes it (pretty-printed), naming `images` image entries. */
function manifestFor(images: number, padding = ''): Buffer {
  const files: Record<string, object> = {};
  for (let i = 0; i < images; i++) {
    const id = randomUUID();
    files[`images/${id}.png`] = {
      sha256: 'ab'.repeat(32),
      size: 196_957,
      path: `/objects/uploads/${id}`,
      contentType: 'image/png',
    };
  }
  const manifest = { product: PRODUCT, formatVersion: FORMAT_VERSION, createdAt: new Date(), files, padding };
  return Buffer.from(JSON.stringify(manifest, null, 2));
}

async function zipWith(manifest: Buffer): Promise<{ file: string; size: number }> {
  const file = path.join(folder, `${randomUUID()}.zip`);
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from('[]'), SHOPS_NAME);
  zip.addBuffer(manifest, MANIFEST_NAME);
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  return { file, size: statSync(file).size };
}

describe('BackupZip.open: the manifest limit', () => {
  it('reads the manifest of 10,000 shops with a logo and a map each (over 5 MB)', async () => {
    const manifest = manifestFor(20_000);
    expect(manifest.length).toBeGreaterThan(5 * 1024 * 1024);
    const { file, size } = await zipWith(manifest);
    const zip = await BackupZip.open(file, size);
    try {
      expect((await zip.read(MANIFEST_NAME)).equals(manifest)).toBe(true);
    } finally {
      zip.close();
    }
  });

  it("holds the manifest to the contract's limit, the one the admin's backup page reads up to", () => {
    expect(ZIP_LIMITS.manifestBytes).toBe(BACKUP_MAX_MANIFEST_BYTES);
  });

  it('refuses a manifest larger than the most entries a backup may have can need', async () => {
    const manifest = manifestFor(0, 'x'.repeat(ZIP_LIMITS.manifestBytes));
    const { file, size } = await zipWith(manifest);
    await expect(BackupZip.open(file, size)).rejects.toMatchObject({
      message: expect.stringContaining('"manifest.json" is larger than a backup entry can be'),
    });
  });
});
