import { IMAGE_TYPES } from 'contract';
import { imageSize } from 'image-size';

/** Larger pictures are refused: a tiny file can declare a huge canvas (decompression bomb). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_SIDE = 12_000;

export type ImageType = (typeof IMAGE_TYPES)[number];

/** The image type by its first bytes (never by the name or the declared type). */
export function sniffImageType(bytes: Buffer): ImageType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/** Why an upload is not an acceptable image, or null when it is. */
export function imageProblem(bytes: Buffer): string | null {
  const type = sniffImageType(bytes);
  if (!type) return 'Only PNG, JPEG, GIF or WebP images are accepted';
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    return 'The image is damaged or incomplete';
  }
  const { width = 0, height = 0 } = size;
  if (!width || !height) return 'The image is damaged or incomplete';
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
    return `The image is too large (${width}×${height} pixels; at most ${MAX_IMAGE_SIDE} per side and 40 megapixels)`;
  }
  return null;
}
