import type { ContentObject } from '@nestjs/swagger';

/** An OpenAPI `content` of raw bytes in any of these media types (files, images). */
export function binaryContent(...mediaTypes: readonly string[]): ContentObject {
  return Object.fromEntries(
    mediaTypes.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }]),
  );
}
