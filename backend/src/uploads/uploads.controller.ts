import { Body, Controller, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AdminOnly } from '../auth/admin-only.decorator.js';
import { ErrorResponseDto } from '../common/error-response.dto.js';
import { CreateUploadDto, StoredUploadDto, UploadUrlDto } from './dto/upload.dto.js';
import { UploadQuotaService } from './upload-quota.service.js';
import { UploadsService } from './uploads.service.js';

@ApiTags('uploads')
@Controller()
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    private readonly quota: UploadQuotaService,
  ) {}

  /**
   * A signed URL, valid for 5 minutes, to PUT one image to. Each session gets at most
   * UPLOAD_LINKS_PER_WINDOW links per UPLOAD_LINK_WINDOW_MINUTES (200 per 10 minutes); more are
   * 429 with Retry-After.
   */
  @Post('admin/upload')
  @AdminOnly()
  @ApiOkResponse({ type: UploadUrlDto })
  @ApiTooManyRequestsResponse({
    type: ErrorResponseDto,
    description: 'Too many upload links for this session; Retry-After says when to try again',
  })
  async createUpload(@Body() dto: CreateUploadDto, @Req() request: Request): Promise<UploadUrlDto> {
    await this.quota.take(request.sessionID);
    const origin = `${request.protocol}://${request.get('host')}`;
    return { uploadURL: await this.uploads.createUploadUrl(dto.type, origin) };
  }

  /**
   * Stores the image bytes sent to a signed upload URL (local storage; with S3 the URL is the
   * store's own). PNG, JPEG, GIF or WebP by their bytes, at most 5 MB; each URL works once.
   */
  @Put('uploads/:id')
  @ApiOperation({ operationId: 'putUpload' })
  @ApiConsumes('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiOkResponse({ type: StoredUploadDto })
  @ApiForbiddenResponse({
    type: ErrorResponseDto,
    description: 'Invalid, expired or already used upload link',
  })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'More than 5 MB' })
  @ApiUnsupportedMediaTypeResponse({
    type: ErrorResponseDto,
    description: 'Not a PNG, JPEG, GIF or WebP image',
  })
  putUpload(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Req() request: Request,
  ): Promise<StoredUploadDto> {
    return this.uploads.receiveUpload(id, query, request);
  }
}

/** Serves stored images at /objects/uploads/<uuid> (outside /api: they are public files). */
@ApiTags('uploads')
@Controller('objects')
export class ObjectsController {
  constructor(private readonly uploads: UploadsService) {}

  /** An uploaded image, cached for a year (its URL never changes content). */
  @Get('uploads/:id')
  @ApiProduces('image/png', 'image/jpeg', 'image/gif', 'image/webp')
  @ApiOkResponse({ description: 'The image bytes', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ type: ErrorResponseDto })
  async getObject(
    @Param('id') id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const object = await this.uploads.getObject(id);
    response.setHeader('ETag', object.etag);
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    // Even opened directly, an image response may run nothing.
    response.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; img-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; sandbox",
    );
    if (request.headers['if-none-match'] === object.etag) {
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
