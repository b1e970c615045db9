import { deflateSync } from 'node:zlib';

/** A valid shop body for POST /api/admin/shops; override what a test is about. */
export function shopBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Armería de Prueba',
    description: 'Taller certificado para pruebas.',
    address: 'Av. Reforma 100, Centro',
    city: 'Puebla',
    state: 'Puebla',
    phone: '+52 222 123 4567',
    email: 'prueba@armeria.example',
    website: 'https://armeria.example',
    categories: ['Armería', 'Mantenimiento'],
    logo: 'medal',
    mapImageUrl: 'https://maps.example/static.png',
    googleMapsUrl: 'https://www.google.com/maps/search/?api=1&query=19.04,-98.2',
    latitude: 19.0414,
    longitude: -98.2063,
    isVerified: 'false',
    ...overrides,
  };
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
  return Buffer.concat([length, Buffer.from(type), data, crc]);
}

/** A real PNG of the given size (grey); with `declared` the header claims other dimensions. */
export function pngImage(width = 4, height = 3, declared?: { width: number; height: number }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(declared?.width ?? width, 0);
  header.writeUInt32BE(declared?.height ?? height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal valid GIF (1×1). */
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
