import { zipSync, strToU8 } from 'fflate';
import { BACKUP_MAX_MANIFEST_BYTES } from 'contract';
import { readBackupManifest } from './zipManifest';

const manifest = {
  product: 'atm-gunsmith-directory',
  formatVersion: 2,
  createdAt: '2026-08-01T12:00:00.000Z',
  counts: { shops: 26, images: 7 },
  files: {},
};

const blobOf = (bytes: Uint8Array) => new Blob([bytes as BlobPart], { type: 'application/zip' });

describe('readBackupManifest', () => {
  it('reads shop and image counts and the creation date from a deflated manifest.json', async () => {
    const zip = zipSync({
      'shops.json': strToU8(JSON.stringify([{ name: 'x' }])),
      'images/0b6f3f4e-3c1a-4d2b-9a7e-1f2e3d4c5b6a.png': [new Uint8Array(2000).fill(7), { level: 0 }],
      'manifest.json': strToU8(JSON.stringify(manifest, null, 2)),
    });
    await expect(readBackupManifest(blobOf(zip))).resolves.toEqual({
      product: 'atm-gunsmith-directory',
      formatVersion: 2,
      createdAt: '2026-08-01T12:00:00.000Z',
      shops: 26,
      images: 7,
    });
  });

  it('reads a stored (uncompressed) version 1 manifest with shopCount', async () => {
    const zip = zipSync({
      'manifest.json': [
        strToU8(
          JSON.stringify({
            product: 'atm-gunsmith-directory',
            formatVersion: 1,
            createdAt: '2024-01-01T00:00:00Z',
            shopCount: 3,
          }),
        ),
        { level: 0 },
      ],
    });
    await expect(readBackupManifest(blobOf(zip))).resolves.toMatchObject({
      formatVersion: 1,
      shops: 3,
      images: undefined,
    });
  });

  it('counts the images that were already missing from storage when the backup was made', async () => {
    const missingImages = ['/objects/uploads/a.png', '/objects/uploads/b.png'];
    const zip = zipSync({ 'manifest.json': strToU8(JSON.stringify({ ...manifest, missingImages })) });
    await expect(readBackupManifest(blobOf(zip))).resolves.toMatchObject({ missingImages: 2 });
  });

  it("reads a manifest up to the server's own limit (a 10,000-shop backup's is over 5 MB), and no larger", async () => {
    // The server refuses a manifest over the same contract constant (backend zip-reader.spec.ts).
    const sized = (bytes: number) => {
      const text = JSON.stringify({ ...manifest, padding: '' });
      return strToU8(text.replace('"padding":""', `"padding":"${'x'.repeat(bytes - text.length)}"`));
    };
    expect(BACKUP_MAX_MANIFEST_BYTES).toBeGreaterThan(5_200_000);
    const atLimit = zipSync({ 'manifest.json': sized(BACKUP_MAX_MANIFEST_BYTES) });
    await expect(readBackupManifest(blobOf(atLimit))).resolves.toMatchObject({ shops: 26, images: 7 });
    const over = zipSync({ 'manifest.json': sized(BACKUP_MAX_MANIFEST_BYTES + 1) });
    await expect(readBackupManifest(blobOf(over))).resolves.toBeNull();
  });

  it('answers null for a ZIP without a manifest and for a file that is not a ZIP', async () => {
    await expect(readBackupManifest(blobOf(zipSync({ 'a.txt': strToU8('hola') })))).resolves.toBeNull();
    await expect(
      readBackupManifest(new Blob(['not a zip at all, just text that is long enough'])),
    ).resolves.toBeNull();
    await expect(readBackupManifest(new Blob([]))).resolves.toBeNull();
  });
});
