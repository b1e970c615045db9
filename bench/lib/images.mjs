/**
 * Realistic-size, cheap images for the backup bench: PNGs of random pixels stored with zlib
 * level 0 (256×256 RGB ≈ 197 KB each), incompressible like real photos, uploaded through the
 * product's own signed-URL flow (POST /api/admin/upload, then PUT to the URL it returns).
 */
import { randomFillSync } from 'node:crypto';
import http from 'node:http';
import zlib from 'node:zlib';
import { OBJECTS_PATH_PREFIX } from 'contract';
import { rawRequest } from './server.mjs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 =
  zlib.crc32 ??
  ((bytes) => {
    let c = 0xffffffff;
    for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  });

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid `side`×`side` RGB PNG of random pixels, its IDAT stored (zlib level 0). */
export function randomPng(side = 256) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter method, no interlace
  const rows = Buffer.alloc(side * (1 + side * 3));
  randomFillSync(rows);
  for (let y = 0; y < side; y++) rows[y * (1 + side * 3)] = 0; // filter type 0 on every row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function put(url, bytes, contentType) {
  return new Promise((resolve, reject) => {
    http
      .request(
        url,
        {
          method: 'PUT',
          headers: { 'content-type': contentType, 'content-length': bytes.length },
          agent: false,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        },
      )
      .on('error', reject)
      .end(bytes);
  });
}

/**
 * Uploads one image through the signed-URL flow; returns the path a shop refers to it by
 * (`/objects/uploads/<uuid>`).
 */
export async function uploadImage(url, cookie, type, bytes) {
  const signed = await rawRequest('POST', `${url}/api/admin/upload`, { headers: { cookie }, body: { type } });
  if (signed.status !== 200 && signed.status !== 201) {
    throw new Error(`POST /api/admin/upload answered ${signed.status}: ${signed.body}`);
  }
  const { uploadURL } = JSON.parse(signed.body);
  const target = new URL(uploadURL);
  if (target.hostname !== '127.0.0.1' && target.hostname !== 'localhost') {
    throw new Error(`upload URL ${target.origin} is not on loopback`);
  }
  const res = await put(uploadURL, bytes, 'image/png');
  if (res.status !== 200 && res.status !== 201) {
    throw new Error(`PUT upload answered ${res.status}: ${res.body}`);
  }
  return `${OBJECTS_PATH_PREFIX}${target.pathname.slice(target.pathname.indexOf('/uploads/') + 1)}`;
}
