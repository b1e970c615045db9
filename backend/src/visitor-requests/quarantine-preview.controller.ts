import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { IMAGE_TYPES } from 'contract';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiErrors, binaryContent } from '../common/route-decorators.js';
import { ApiError } from '../common/api-error.js';
import { idParam } from '../common/id-param.js';
import { ObjectStorage } from '../uploads/object-storage.js';

const imageNotFound = () => new ApiError(404, 'IMAGE_NOT_FOUND', 'Image not found');
const RASTER_TYPES: readonly string[] = IMAGE_TYPES;

/**
 * A listing request's images, for administrators to judge. Whatever the bytes, the answer runs
 * nothing: only a raster type is kept (else a download), no sniffing, a sandboxing CSP.
 */
@ApiTags('admin requests')
@AdminOnly()
@Controller('admin/quarantine')
export class QuarantinePreviewController {
  constructor(private readonly storage: ObjectStorage) {}

  /** A quarantined image by its key (`/objects/quarantine/<uuid>` in a listing request). */
  @Get(':id')
  @ApiOkResponse({ description: 'The image bytes', content: binaryContent(...IMAGE_TYPES) })
  @ApiErrors({ 404: 'Image not found' })
  async getQuarantinedImage(
    @Param('id', idParam(imageNotFound)) id: string,
    @Res() response: Response,
  ): Promise<void> {
    const object = await this.storage.get(`quarantine/${id.toLowerCase()}`);
    if (!object) throw imageNotFound();
    const image = RASTER_TYPES.includes(object.contentType);
    response.set({
      'Content-Type': image ? object.contentType : 'application/octet-stream',
      'Content-Disposition': image ? 'inline' : 'attachment; filename="quarantined"',
      'Content-Length': String(object.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy':
        "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
      // Private to the administrator's browser: never kept by a shared cache.
      'Cache-Control': 'private, no-store',
    });
    object.body.on('error', () => response.destroy());
    object.body.pipe(response);
  }
}
