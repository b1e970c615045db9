/**
 * Seeds a fresh backend with many shops at once through the real restore endpoint
 * (POST /api/admin/backup/restore): a version-2 backup ZIP generated here (manifest with the
 * SHA-256 of each file; icon-key logos need no image; one map picture, the demo's, that every
 * shop shows, stored by the backend as an uploaded image), validated and written by the
 * backend exactly as an administrator's restore would be. A map on a host that cannot be
 * reached (the API seed's maps.example) would fail to load on every shop page, and Lighthouse
 * would count that console error against the page. Seeding 10,000 shops through
 * POST /api/admin/shops would take about 11 minutes at ~15 shops/s; this takes seconds.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ZipArchive } from 'archiver';
import { shopBody } from './seed.mjs';

const MAP_IMAGE_ID = '6d1f4a52-3c0e-4b8a-9f2d-5e7a1c9b0d42';
const MAP_IMAGE_ENTRY = `images/${MAP_IMAGE_ID}.png`;
const MAP_IMAGE_PATH = `/objects/uploads/${MAP_IMAGE_ID}`;

/** Shop number i as it appears in a backup's shops.json (a stable UUID derived from i). */
function backupShop(i) {
  const hex = createHash('sha256').update(`atm-web-bench-${i}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const body = shopBody(i);
  return { id, ...body, mapImageUrl: MAP_IMAGE_PATH, isVerified: body.isVerified === 'true' };
}

async function backupZip(count) {
  const shops = Buffer.from(JSON.stringify(Array.from({ length: count }, (_, i) => backupShop(i))));
  const map = readFileSync(new URL('../../backend/src/shops/demo/demo-map.png', import.meta.url));
  const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
  const manifest = {
    product: 'atm-gunsmith-directory',
    formatVersion: 2,
    createdAt: new Date().toISOString(),
    counts: { shops: count, images: 1 },
    files: {
      'shops.json': { sha256: sha256(shops), size: shops.length },
      [MAP_IMAGE_ENTRY]: {
        sha256: sha256(map),
        size: map.length,
        path: MAP_IMAGE_PATH,
        contentType: 'image/png',
      },
    },
  };
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks = [];
  archive.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  archive.append(shops, { name: 'shops.json' });
  archive.append(map, { name: MAP_IMAGE_ENTRY });
  archive.append(Buffer.from(JSON.stringify(manifest, null, 2)), { name: 'manifest.json' });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** Restores `count` generated shops; returns { seconds, zipBytes, answer }. */
export async function restoreShops(url, cookie, count, { dryRun = false } = {}) {
  const zip = await backupZip(count);
  const boundary = `----atm-web-bench-${randomBytes(12).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="backupFile"; filename="backup.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    ),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const response = await fetch(`${url}/api/admin/backup/restore${dryRun ? '?dryRun=true' : ''}`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`restore answered ${response.status}: ${text.slice(0, 500)}`);
  return { seconds, zipBytes: zip.length, answer: JSON.parse(text) };
}
