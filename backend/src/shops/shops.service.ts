import { Injectable } from '@nestjs/common';
import { ApiError, fieldError } from '../common/api-error.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { SHOP_FIELD_NAMES, SHOP_SLUG_MAX_LENGTH, SHOP_SLUG_PATTERN, type ShopRecordValues } from 'contract';
import { setImmediate } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { DataVersionReader } from '../database/data-version.reader.js';
import { UploadsService } from '../uploads/uploads.service.js';
import type { CreateShopDto } from './dto/create-shop.dto.js';
import type { ShopDto } from './dto/shop.dto.js';
import type { UpdateShopDto } from './dto/update-shop.dto.js';
import { eachStoredPage, imageProblemsOf, readStoredShops } from './stored-shops.js';
import { SHOPS_VERSION, ShopWriter } from './shop-writer.js';
import { VersionedCache } from './shop-catalog.cache.js';
import { CatalogWorker } from './catalog-worker.js';
import { ShopOldSlug } from './shop-old-slug.entity.js';
import { Shop } from './shop.entity.js';

export const SHOP_NOT_FOUND = 'Shop not found';

export function shopNotFound(): ApiError {
  return new ApiError(404, 'SHOP_NOT_FOUND', SHOP_NOT_FOUND);
}

/** Everything the public routes serve, built once per data version (so it is encoded once too). */
export interface ShopCatalog {
  version: number;
  /** Verified first, then by name in Spanish order. */
  shops: ShopDto[];
  categories: string[];
  cities: string[];
  states: string[];
  byId: Map<string, ShopDto>;
  bySlug: Map<string, ShopDto>;
  /** Old slug (before a rename) → the shop's current slug. */
  redirects: Map<string, string>;
  /** The shops as read, a JSON page each: sent to the catalogue's worker again if it dropped this version. */
  pages: readonly string[];
}

/** What a slug names: a shop, the shop's current slug (the slug is an old one), or nothing. */
export type SlugResolution = { shop: ShopDto } | { redirectTo: string } | null;

/** Resolves a slug against a catalogue (for callers that already hold one, e.g. a renderer). */
export function resolveSlugIn(catalog: ShopCatalog, slug: string): SlugResolution {
  if (slug.length > SHOP_SLUG_MAX_LENGTH || !SHOP_SLUG_PATTERN.test(slug)) return null;
  const shop = catalog.bySlug.get(slug);
  if (shop) return { shop };
  const redirectTo = catalog.redirects.get(slug);
  return redirectTo ? { redirectTo } : null;
}

/** Two writes that took the same free slug: the unique index refuses the second, which runs again. */
export async function retryOnSlugRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Reads from a catalogue built once per change; writes bump a version every instance reads. */
@Injectable()
export class ShopsService {
  private readonly catalog = new VersionedCache<ShopCatalog>((version) => this.buildCatalog(version));
  private readonly version: DataVersionReader;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly writer: ShopWriter,
    private readonly worker: CatalogWorker,
    private readonly uploads: UploadsService,
  ) {
    this.version = new DataVersionReader(dataSource, SHOPS_VERSION);
  }

  /** The shops data version as committed now (every call asks the database). */
  async currentVersion(): Promise<number> {
    return this.version.read();
  }

  /** The catalogue as of the current data version: the public routes' hot path. */
  getCatalog(): Promise<ShopCatalog> {
    return this.version.read().then((version) => this.catalog.peek(version) ?? this.catalog.get(version));
  }

  async resolveSlug(slug: string): Promise<SlugResolution> {
    return resolveSlugIn(await this.getCatalog(), slug);
  }

  /** Read a page per turn of the loop; sorted, listed and indexed in the catalogue's worker. */
  private async buildCatalog(version: number): Promise<ShopCatalog> {
    const pages: string[] = [];
    const read = await readShopsIn(this.dataSource.manager, (page) => pages.push(JSON.stringify(page)));
    const { order, categories, cities, states } = await this.worker.arrange(version, pages);
    const shops = Array.from(order, (position) => read[position]);
    const byId = new Map(shops.map((shop) => [shop.id, shop]));
    const redirects = new Map<string, string>();
    for (const old of await this.dataSource.getRepository(ShopOldSlug).find()) {
      const shop = byId.get(old.shopId);
      if (shop) redirects.set(old.slug, shop.slug);
    }
    const bySlug = new Map(shops.map((shop) => [shop.slug, shop]));
    return { version, shops, categories, cities, states, byId, bySlug, redirects, pages };
  }

  /** Work in the catalogue's worker, which keeps the latest versions only: an older one's pages go again. */
  async inWorker<T>(catalog: ShopCatalog, work: (worker: CatalogWorker) => Promise<T | null>): Promise<T> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const result = await work(this.worker);
      if (result !== null) return result;
      await this.worker.arrange(catalog.version, catalog.pages);
    }
    throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The catalogue is changing too fast to answer; try again');
  }

  async createShop(dto: CreateShopDto, actor: ActivityActor): Promise<ShopDto> {
    await this.assertImagesUsable(dto);
    // Answers with the row written: the catalogue is rebuilt by the next public read, once for many writes.
    return retryOnSlugRace(() =>
      this.writer.write(actor, { via: 'form' }, async (writes, manager) => {
        const shop = await writes.create(dto);
        return toShopDto(await manager.getRepository(Shop).findOneByOrFail({ id: shop.id }), dto.categories);
      }),
    );
  }

  /** Changes a shop and logs what changed (a save that changes nothing is not logged). */
  async updateShop(id: string, dto: UpdateShopDto, actor: ActivityActor): Promise<ShopDto> {
    const before = await this.dataSource.getRepository(Shop).findOneBy({ id });
    if (!before) throw shopNotFound();
    await this.assertImagesUsable(dto, before);
    return retryOnSlugRace(() =>
      this.writer.write(actor, { via: 'form' }, async (writes, manager) => {
        const [current] = await readStoredShops(manager, [id]);
        if (!current) throw shopNotFound();
        const { categories } = await writes.update(current, dto);
        return toShopDto(await manager.getRepository(Shop).findOneByOrFail({ id }), categories);
      }),
    );
  }

  /** Deletes a shop, and marks its uploaded images for the image sweep. */
  async deleteShop(id: string, actor: ActivityActor): Promise<void> {
    await this.writer.write(actor, { via: 'form' }, async (writes, manager) => {
      const shop = await manager.getRepository(Shop).findOneBy({ id });
      if (!shop) throw shopNotFound();
      await writes.remove([shop]);
    });
  }

  /** Uploaded images a shop newly points to must exist (and, on S3, be real images). */
  private async assertImagesUsable(dto: Partial<CreateShopDto>, before?: Partial<Shop>): Promise<void> {
    const [problem] = await imageProblemsOf(dto, before, (key) => this.uploads.checkStoredImage(key));
    if (problem) throw fieldError(400, 'VALIDATION_FAILED', problem, problem.message);
  }
}

/** All shops in id order, yielding per page; not in a SQLite transaction: other queries would run in it. */
export async function readShopsIn(
  manager: EntityManager,
  eachPage?: (page: ShopDto[]) => void,
): Promise<ShopDto[]> {
  const shops: ShopDto[] = [];
  await eachStoredPage(manager, undefined, async (page) => {
    const dtos = page.map(({ shop, categories }) => toShopDto(shop, categories));
    eachPage?.(dtos);
    shops.push(...dtos);
    await setImmediate();
  });
  return shops;
}

/** A shop row and its categories as the API answers them: id, slug, dates and the schema's fields. */
export function toShopDto(shop: Shop, categories: string[]): ShopDto {
  const fields = Object.fromEntries(
    SHOP_FIELD_NAMES.map((name) => [name, name === 'categories' ? categories : shop[name as keyof Shop]]),
  ) as ShopRecordValues;
  return { id: shop.id, slug: shop.slug, ...fields, createdAt: shop.createdAt, updatedAt: shop.updatedAt };
}
