import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiError } from '../common/api-error.js';
import { publicOrigin } from '../common/public-url.js';
import { sendDocument } from '../common/encoded-document.js';
import { SeoService } from './seo.service.js';
import { buildRobots } from './sitemap.js';

/** The crawlers' files at the site's root (outside /api and its document), before the shell's pages. */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  /** Compressed as the client accepts, with an ETag; a write shows on the next request. */
  @Get('sitemap.xml')
  async getSitemap(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendDocument(request, response, (await this.seo.sitemap(publicOrigin(request)))!);
  }

  /** A file of the sitemap index, when the directory has more URLs than one sitemap holds. */
  @Get('sitemap-:part.xml')
  async getSitemapPart(
    @Param('part') part: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const document = /^[1-9]\d{0,5}$/.test(part)
      ? await this.seo.sitemap(publicOrigin(request), Number(part))
      : null;
    if (!document) throw new ApiError(404, 'NOT_FOUND', 'No such sitemap file');
    sendDocument(request, response, document);
  }

  @Get('robots.txt')
  getRobots(@Req() request: Request, @Res() response: Response): void {
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.end(buildRobots(publicOrigin(request)));
  }
}
