import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { publicOrigin } from '../common/public-url.js';
import { sendDocument } from '../shops/public-catalog.handler.js';
import { SeoService } from './seo.service.js';
import { buildRobots } from './sitemap.js';

/**
 * The crawlers' files at the site's root (outside /api, so not in the API document): served
 * by the backend before the shell's pages (frontends.ts) and routed to it by the gateway.
 */
@ApiExcludeController()
@Controller()
export class SeoController {
  constructor(private readonly seo: SeoService) {}

  /** Compressed as the client accepts, with an ETag; a write shows on the next request. */
  @Get('sitemap.xml')
  async getSitemap(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendDocument(request, response, await this.seo.sitemap(publicOrigin(request)));
  }

  @Get('robots.txt')
  getRobots(@Req() request: Request, @Res() response: Response): void {
    response.setHeader('Content-Type', 'text/plain; charset=utf-8');
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.end(buildRobots(publicOrigin(request)));
  }
}
