import { Body, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { Actor, type ActivityActor } from '../activity/activity-actor.js';
import { ApiController } from '../auth/admin-only.decorator.js';
import { ApiErrors, DeleteNoContent, PostOk } from '../common/route-decorators.js';
import { idParam } from '../common/id-param.js';
import { AdminShopsService, BULK_SHOPS_NOT_FOUND } from './admin-shops.service.js';
import { AdminShopListDto, AdminShopListQueryDto } from './dto/admin-shop-list.dto.js';
import { BulkShopsDto, BulkShopsResultDto } from './dto/bulk-shops.dto.js';
import { CreateShopDto } from './dto/create-shop.dto.js';
import { ShopDto, ShopSlugRedirectDto } from './dto/shop.dto.js';
import { ApiListingToggles, ShopListingDto, ShopListingQueryDto } from './dto/shop-listing.dto.js';
import { UpdateShopDto } from './dto/update-shop.dto.js';
import { sendDocument } from '../common/encoded-document.js';
import { PublicCatalog } from './public-catalog.js';
import { PublicListing } from './public-listing.js';
import { SHOP_NOT_FOUND, ShopsService, shopNotFound } from './shops.service.js';

const STRING_LIST = { schema: { type: 'array', items: { type: 'string' } } };

@ApiController('shops', 'shops')
export class ShopsController {
  constructor(
    private readonly shops: ShopsService,
    private readonly catalog: PublicCatalog,
    private readonly listing: PublicListing,
  ) {}

  /** Every shop: verified first, then by name. Supports If-None-Match (304) and gzip/brotli. */
  @Get()
  @ApiOkResponse({ type: [ShopDto] })
  @ApiResponse({ status: 304, description: 'The copy named by If-None-Match is current' })
  async getShops(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendDocument(request, response, (await this.catalog.now()).shops);
  }

  /**
   * One page of the public listing, filtered as the directory's pages are (`/shops?q=&category=
   * &city=&state=&page=`): what a phone loads instead of every shop.
   */
  @Get('listing')
  @ApiListingToggles()
  @ApiQuery({ type: ShopListingQueryDto })
  @ApiOkResponse({ type: ShopListingDto })
  @ApiErrors({ 400: 'A query parameter is invalid (see `errors`)' })
  async getShopListing(@Req() request: Request, @Res() response: Response): Promise<void> {
    // The query string as sent: PublicListing checks it as the validation pipe would, once per
    // string and catalogue version (ShopListingQueryDto).
    const query = request.originalUrl.indexOf('?');
    const rawQuery = query === -1 ? '' : request.originalUrl.slice(query + 1);
    sendDocument(request, response, await this.listing.documentNow(rawQuery));
  }

  /** Distinct categories, in Spanish alphabetical order. */
  @Get('categories')
  @ApiOkResponse({ ...STRING_LIST, description: 'e.g. ["Accesorios", "Armería", "Caza"]' })
  async getShopCategories(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendDocument(request, response, (await this.catalog.now()).categories);
  }

  /** Distinct cities, in Spanish alphabetical order. */
  @Get('cities')
  @ApiOkResponse(STRING_LIST)
  async getShopCities(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendDocument(request, response, (await this.catalog.now()).cities);
  }

  /** Distinct states, in Spanish alphabetical order. */
  @Get('states')
  @ApiOkResponse(STRING_LIST)
  async getShopStates(@Req() request: Request, @Res() response: Response): Promise<void> {
    sendDocument(request, response, (await this.catalog.now()).states);
  }

  /**
   * The shop a slug names (its page, `/shops/<slug>`). A slug the shop had before a rename
   * answers 301 with `Location` on the current slug's URL and `{ slug }` in the body; clients
   * that follow redirects get the shop, whose `slug` tells the current one.
   */
  @Get('by-slug/:slug')
  @ApiOkResponse({ type: ShopDto })
  @ApiResponse({
    status: 301,
    description: 'An old slug of a renamed shop: `Location` is the current slug’s URL',
    type: ShopSlugRedirectDto,
    headers: { Location: { description: '/api/shops/by-slug/<current slug>', schema: { type: 'string' } } },
  })
  @ApiErrors({ 404: SHOP_NOT_FOUND })
  async getShopBySlug(
    @Param('slug') slug: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const found = await this.shops.resolveSlug(slug);
    if (!found) throw shopNotFound();
    if ('redirectTo' in found) {
      response
        .status(301)
        .location(`/api/shops/by-slug/${found.redirectTo}`)
        .json({ slug: found.redirectTo });
      return;
    }
    const document = await this.catalog.shopNow(found.shop.id);
    if (!document) throw shopNotFound();
    sendDocument(request, response, document);
  }

  /** One shop (for the edit form and shared links). */
  @Get(':id')
  @ApiOkResponse({ type: ShopDto })
  @ApiErrors({ 404: SHOP_NOT_FOUND })
  async getShop(
    @Param('id', idParam(shopNotFound)) id: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const document = await this.catalog.shopNow(id);
    if (!document) throw shopNotFound();
    sendDocument(request, response, document);
  }
}

@ApiController('admin/shops', 'shops', { admin: true })
export class AdminShopsController {
  constructor(
    private readonly shops: ShopsService,
    private readonly adminShops: AdminShopsService,
  ) {}

  /**
   * One page of shops for the dashboard, searched, filtered and sorted by the server, with the
   * directory's counts for the stats cards (over every shop, not the page).
   */
  @Get()
  @ApiErrors({ 400: 'A query parameter is invalid (see `errors`)' })
  getAdminShops(@Query() query: AdminShopListQueryDto): Promise<AdminShopListDto> {
    return this.adminShops.listShops(query);
  }

  /**
   * Verifies, unverifies or deletes many shops in one transaction: when any id does not exist
   * (or anything fails) no shop is changed.
   */
  @PostOk('bulk')
  @ApiErrors(
    { 400: 'The action or the list of ids is invalid (see `errors`)' },
    { 404: `\`${BULK_SHOPS_NOT_FOUND}\`: a shop of \`ids\` does not exist; nothing was changed` },
  )
  bulkShops(@Body() dto: BulkShopsDto, @Actor() actor: ActivityActor): Promise<BulkShopsResultDto> {
    return this.adminShops.bulkShops(dto, actor);
  }

  /** Adds a shop. */
  @Post()
  @ApiErrors({ 400: 'A field is missing or invalid (see `errors`)' })
  createShop(@Body() dto: CreateShopDto, @Actor() actor: ActivityActor): Promise<ShopDto> {
    return this.shops.createShop(dto, actor);
  }

  /** Changes any of a shop's fields, e.g. `{ "isVerified": "true" }` to verify it. */
  @Put(':id')
  @ApiErrors({ 400: 'A field is invalid (see `errors`)', 404: SHOP_NOT_FOUND })
  updateShop(
    @Param('id', idParam(shopNotFound)) id: string,
    @Body() dto: UpdateShopDto,
    @Actor() actor: ActivityActor,
  ): Promise<ShopDto> {
    return this.shops.updateShop(id, dto, actor);
  }

  /** Deletes a shop and the uploaded images no other shop uses. */
  @DeleteNoContent(':id')
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiErrors({ 404: SHOP_NOT_FOUND })
  deleteShop(@Param('id', idParam(shopNotFound)) id: string, @Actor() actor: ActivityActor): Promise<void> {
    return this.shops.deleteShop(id, actor);
  }
}
