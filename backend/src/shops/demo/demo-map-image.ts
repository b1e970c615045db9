import { crc32, deflateSync } from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

type Rgb = readonly [number, number, number];
const BLOCKS: Rgb = [236, 232, 220];
const WHITE: Rgb = [255, 255, 255];
const AVENUE: Rgb = [250, 214, 120];
const RIVER: Rgb = [150, 196, 232];
const PARK: Rgb = [200, 226, 180];
const PIN: Rgb = [200, 40, 40];

/** A stylised street map for the demo directory, a PNG made here so no binary file lives in the repository. */
export function demoMapPng(): Buffer {
  const [width, height] = [640, 360];
  const rows: Buffer[] = [];
  const cx = width / 2;
  const cy = height / 2;
  const riverY = Array.from({ length: width }, (_, x) => height - 70 + 25 * Math.sin(x / 60));
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then RGB
    for (let x = 0; x < width; x++) {
      let rgb = BLOCKS;
      if (x % 80 < 6 || y % 60 < 5) rgb = WHITE; // streets
      if (Math.abs(y - (x * 0.45 + 20)) < 7) rgb = AVENUE;
      if (Math.abs(y - riverY[x]) < 9) rgb = RIVER;
      if (x % 240 > 170 && x % 240 < 230 && y % 180 > 100 && y % 180 < 160) rgb = PARK;
      const squared = (x - cx) ** 2 + (y - (cy - 14)) ** 2; // the distance from the pin's centre, squared
      if (squared < 14 ** 2 || (Math.abs(x - cx) < 14 - (y - cy + 14) / 2 && y > cy - 14 && y < cy + 14))
        rgb = PIN;
      if (squared < 5 ** 2) rgb = WHITE;
      // Byte by byte, the river's curve once a column: this was a tenth of a first start.
      row[1 + x * 3] = rgb[0];
      row[2 + x * 3] = rgb[1];
      row[3 + x * 3] = rgb[2];
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
