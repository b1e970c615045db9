/**
 * Seeds a fresh backend with many shops at once through the real restore endpoint
 * (POST /api/admin/backup/restore): a version-2 backup ZIP generated here (manifest with the
 * SHA-256 of shops.json, no images; icon-key logos need none), validated and written by the
 * backend exactly as an administrator's restore would be. Seeding 10,000 shops through
 * POST /api/admin/shops would take about 11 minutes at ~15 shops/s; this takes seconds.
 */
import { createHash, randomBytes } from 'node:crypto';
import { ZipArchive } from 'archiver';
import { shopBody } from './seed.mjs';

/** Shop number i as it appears in a backup's shops.json (a stable UUID derived from i). */
function backupShop(i) {
  const hex = createHash('sha256').update(`atm-web-bench-${i}`).digest('hex');
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const body = shopBody(i);
  return { id, ...body, isVerified: body.isVerified === 'true' };
}

async function backupZip(count) {
  const shops = Buffer.from(JSON.stringify(Array.from({ length: count }, (_, i) => backupShop(i))));
  const manifest = {
    product: 'atm-gunsmith-directory',
    formatVersion: 2,
    createdAt: new Date().toISOString(),
    counts: { shops: count, images: 0 },
    files: { 'shops.json': { sha256: createHash('sha256').update(shops).digest('hex'), size: shops.length } },
  };
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const chunks = [];
  archive.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve, reject) => {
    archive.on('end', resolve);
    archive.on('error', reject);
  });
  archive.append(shops, { name: 'shops.json' });
  archive.append(Buffer.from(JSON.stringify(manifest, null, 2)), { name: 'manifest.json' });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** Restores `count` generated shops; returns { seconds, zipBytes, answer }. */
export async function restoreShops(url, cookie, count) {
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
  const response = await fetch(`${url}/api/admin/backup/restore`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 200) throw new Error(`restore answered ${response.status}: ${text.slice(0, 500)}`);
  return { seconds, zipBytes: zip.length, answer: JSON.parse(text) };
}
