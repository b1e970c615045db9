import { applyDecorators, Body, Controller, Get, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ApiErrors, binaryContent } from '../common/route-decorators.js';
import { CreateUploadDto, StoredUploadDto, UploadUrlDto } from './dto/upload.dto.js';
import { IMAGE_TYPES } from 'contract';
import { RateLimits } from '../rate-limits/rate-limits.service.js';
import { UploadsService } from './uploads.service.js';

/** Both image PUTs (an admin's and a visitor's quarantined one): their route, body and answers. */
const ImageUploadRoute = (path: string, operationId: string) =>
  applyDecorators(
    Put(path),
    ApiOperation({ operationId }),
    ApiConsumes('image/png', 'image/jpeg', 'image/gif', 'image/webp'),
    ApiBody({ schema: { type: 'string', format: 'binary' } }),
    ApiOkResponse({ type: StoredUploadDto }),
    ApiErrors({
      400: 'The upload key is not a UUID',
      403: 'Invalid, expired or already used upload link',
      413: 'More than 5 MB',
      415: 'Not a PNG, JPEG, GIF or WebP image',
    }),
  );

@ApiTags('uploads')
@Controller()
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly limits: RateLimits,
  ) {}

  /**
   * A signed URL, valid for 5 minutes, to PUT one image to. Each session gets at most
   * UPLOAD_LINKS_PER_WINDOW links per UPLOAD_LINK_WINDOW_MINUTES (200 per 10 minutes); more are
   * 429 with Retry-After.
   */
  @Post('admin/upload')
  @AdminOnly()
  @ApiErrors(
    {
      400: "type must be 'logo' or 'map'",
      429: 'Too many upload links for this session; Retry-After says when to try again',
    },
    503,
  )
  async createUpload(@Body() dto: CreateUploadDto, @Req() request: Request): Promise<UploadUrlDto> {
    await this.limits.take('admin-upload.session', request.sessionID);
    const origin = `${request.protocol}://${request.get('host')}`;
    return { uploadURL: await this.uploads.createUploadUrl(dto.type, origin) };
  }

  /**
   * Stores the image bytes sent to a signed upload URL, on either store. PNG, JPEG, GIF or WebP
   * by their bytes, at most 5 MB; each URL works once, even for two PUTs at the same instant.
   */
  @ImageUploadRoute('uploads/:id', 'putUpload')
  putUpload(@Param('id') id: string, @Req() request: Request): Promise<StoredUploadDto> {
    return this.uploads.receiveUpload(id, request.query, request);
  }

  /**
   * Stores a visitor's image sent to a quarantined upload link (`POST /api/requests/uploads`):
   * the same checks, but it is kept apart and served to no one until its request is approved.
   */
  @ImageUploadRoute('quarantine/:id', 'putQuarantinedUpload')
  putQuarantinedUpload(@Param('id') id: string, @Req() request: Request): Promise<StoredUploadDto> {
    return this.uploads.receiveUpload(id, request.query, request, 'quarantine');
  }
}

/** Serves stored images at /objects/uploads/<uuid> (outside /api: they are public files). */
@ApiTags('uploads')
@Controller('objects')
export class ObjectsController {
  constructor(private readonly uploads: UploadsService) {}

  /** An uploaded image, cached for a year (its URL never changes content). */
  @Get('uploads/:id')
  // The image types for 200 only (not @ApiProduces): its errors are JSON like every other.
  @ApiOkResponse({ description: 'The image bytes', content: binaryContent(...IMAGE_TYPES) })
  @ApiResponse({ status: 304, description: 'The copy named by If-None-Match is current' })
  @ApiErrors({ 404: 'Image not found' })
  async getObject(@Param('id') id: string, @Res() response: Response): Promise<void> {
    const object = await this.uploads.getObject(id);
    response.setHeader('ETag', object.etag);
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Even opened directly, an image response may run nothing.
    response.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
    );
    if (response.req.headers['if-none-match'] === object.etag) {
      object.body.destroy();
      response.status(304).end();
      return;
    }
    response.setHeader('Content-Type', object.contentType);
    response.setHeader('Content-Length', String(object.size));
    object.body.on('error', () => response.destroy());
    object.body.pipe(response);
  }
}
