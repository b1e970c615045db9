import { crc32, inflateSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';

// jsqr is CommonJS: required, it is the function itself.
const jsQR = createRequire(import.meta.url)('jsqr');

// Reading back the certificate PDFs the backend makes (backend/test/certificate.test.ts and the
// end-to-end certificate journey): its text and its QR code, decoded from the pixels.

/** The objects of a PDF as pdfkit writes them: each one's dictionary and its stream, inflated. */
/** @param {Buffer} pdf @returns {{ dictionary: string, stream: Buffer | null }[]} */
function objectsOf(pdf) {
  const text = pdf.toString('latin1');
  const objects = [];
  const start = /\d+ 0 obj\s*/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const end = text.indexOf('endobj', start.lastIndex);
    const body = text.slice(start.lastIndex, end);
    const streamAt = body.indexOf('stream\n');
    if (streamAt === -1) {
      objects.push({ dictionary: body, stream: null });
      continue;
    }
    const dictionary = body.slice(0, streamAt);
    const length = Number(/\/Length (\d+)/.exec(dictionary)[1]);
    const from = start.lastIndex + streamAt + 'stream\n'.length;
    const raw = pdf.subarray(from, from + length);
    objects.push({ dictionary, stream: dictionary.includes('/FlateDecode') ? inflateSync(raw) : raw });
  }
  return objects;
}

/** The text a PDF's pages draw (pdfkit writes standard-font text as hex strings of WinAnsi codes). */
/** @param {Buffer} pdf */
export function pdfText(pdf) {
  return objectsOf(pdf)
    .filter(({ dictionary, stream }) => stream && !dictionary.includes('/Subtype /Image'))
    .map(({ stream }) =>
      [...stream.toString('latin1').matchAll(/\[([^\]]*)\] TJ/g)]
        .map(([, array]) =>
          [...array.matchAll(/<([0-9a-f]*)>/gi)]
            .map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1'))
            .join(''),
        )
        .join('\n'),
    )
    .join('\n');
}

/** A PNG file around a PDF image's PNG-predicted stream (pdfkit keeps an opaque PNG's IDAT as it is). */
function pngAround(width, height, colorType, idat) {
  const chunk = (type, data) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([head, Buffer.from(type), data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, colorType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The text of the first QR code among a PDF's images, decoded from its pixels, or null. */
/** @param {Buffer} pdf */
export function pdfQrCode(pdf) {
  const text = pdf.toString('latin1');
  for (const { dictionary, stream } of objectsOf(pdf)) {
    if (!dictionary.includes('/Subtype /Image') || !stream) continue;
    const width = Number(/\/Width (\d+)/.exec(dictionary)[1]);
    const height = Number(/\/Height (\d+)/.exec(dictionary)[1]);
    const colours = dictionary.includes('/DeviceRGB') ? 3 : 1;
    let rgba;
    if (dictionary.includes('/Predictor')) {
      // The stream is still PNG-filtered: read it back as the PNG it came from.
      const compressed = pdf.subarray(text.indexOf('stream\n', text.indexOf(dictionary)) + 'stream\n'.length);
      const length = Number(/\/Length (\d+)/.exec(dictionary)[1]);
      const png = PNG.sync.read(
        pngAround(width, height, colours === 3 ? 2 : 0, compressed.subarray(0, length)),
      );
      rgba = new Uint8ClampedArray(png.data);
    } else {
      rgba = new Uint8ClampedArray(width * height * 4);
      for (let i = 0; i < width * height; i++) {
        for (let c = 0; c < 3; c++) rgba[i * 4 + c] = stream[i * colours + (colours === 3 ? c : 0)];
        rgba[i * 4 + 3] = 255;
      }
    }
    const code = jsQR(rgba, width, height);
    if (code) return code.data;
  }
  return null;
}
