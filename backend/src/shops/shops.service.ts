import { Injectable } from '@nestjs/common';
import { ApiError, fieldError } from '../common/api-error.js';
import { InjectDataSource } from '@nestjs/typeorm';
import { SHOP_SLUG_MAX_LENGTH, SHOP_SLUG_PATTERN } from 'contract';
import { DataSource, type EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { changedFields } from '../activity/activity-changes.js';
import { ActivityService } from '../activity/activity.service.js';
import { DataVersion } from '../database/data-version.entity.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { DataVersionReader } from '../database/data-version.reader.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { UnattachedObject } from '../database/unattached-object.entity.js';
import { UploadsService } from '../uploads/uploads.service.js';
import type { CreateShopDto } from './dto/create-shop.dto.js';
import type { ShopDto } from './dto/shop.dto.js';
import type { UpdateShopDto } from './dto/update-shop.dto.js';
import { ShopCategory } from './shop-category.entity.js';
import { VersionedCache } from './shop-catalog.cache.js';
import { ShopOldSlug } from './shop-old-slug.entity.js';
import { baseSlug } from './shop-slug.js';
import { retireSlug, SlugOwners } from './shop-slugs.js';
import { Shop } from './shop.entity.js';
import { objectKeyOf, searchKeysOf } from './shop.rules.js';

export const SHOP_NOT_FOUND = 'Shop not found';

export function shopNotFound(): ApiError {
  return new ApiError(404, 'SHOP_NOT_FOUND', SHOP_NOT_FOUND);
}
const VERSION_NAME = 'shops';
const spanish = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/**
 * Everything the public routes serve, built once per data version: the same object until the
 * data changes, so the HTTP layer can encode it once (public-catalog.handler.ts).
 */
export interface ShopCatalog {
  /** The shops data version this was built for. */
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

/**
 * Two writes that pick the same free slug at the same moment: the unique index refuses the
 * second, which then runs again and sees the first one's slug as taken.
 */
export async function retryOnSlugRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Distinct non-empty values, one spelling per case-insensitive value, in Spanish order. */
export function distinctSorted(values: Iterable<string>): string[] {
  const byKey = new Map<string, string>();
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toLocaleLowerCase('es');
    if (value && !byKey.has(key)) byKey.set(key, value);
  }
  return [...byKey.values()].sort(spanish.compare);
}

/**
 * The directory's rules: reads come from a catalogue built once per change, writes bump a
 * version row in the same transaction, so every instance sees a write on its very next read.
 */
@Injectable()
export class ShopsService {
  private readonly catalog = new VersionedCache<ShopCatalog>((version) => this.buildCatalog(version));
  /** The shops data version, read from the database on every call (see DataVersionReader). */
  private readonly version: DataVersionReader;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly uploads: UploadsService,
    private readonly activity: ActivityService,
  ) {
    this.version = new DataVersionReader(dataSource, VERSION_NAME);
  }

  /** The shops data version as committed now (every call asks the database). */
  async currentVersion(): Promise<number> {
    return this.version.read();
  }

  async getCatalog(): Promise<ShopCatalog> {
    return this.catalogNow();
  }

  /**
   * The catalogue as of the current data version, without any promise when the version read
   * is synchronous (SQLite) and the catalogue is already built for it: the public routes'
   * hot path.
   */
  catalogNow(): ShopCatalog | Promise<ShopCatalog> {
    const version = this.version.read();
    if (typeof version !== 'number') return version.then((v) => this.catalog.peek(v) ?? this.catalog.get(v));
    return this.catalog.peek(version) ?? this.catalog.get(version);
  }

  async getShop(id: string): Promise<ShopDto> {
    const shop = (await this.getCatalog()).byId.get(id);
    if (!shop) throw shopNotFound();
    return shop;
  }

  /** The shop a slug names, or its current slug when the slug is an old one, or null. */
  async resolveSlug(slug: string): Promise<SlugResolution> {
    return resolveSlugIn(await this.getCatalog(), slug);
  }

  /** All shops as DTOs: verified first, then by name in Spanish order. */
  async listShops(manager: EntityManager = this.dataSource.manager): Promise<ShopDto[]> {
    const shops = await manager.getRepository(Shop).find();
    const categories = await manager.getRepository(ShopCategory).find({ order: { position: 'ASC' } });
    const byShop = new Map<string, string[]>();
    for (const category of categories) {
      const list = byShop.get(category.shopId) ?? [];
      list.push(category.name);
      byShop.set(category.shopId, list);
    }
    return shops
      .map((shop) => toShopDto(shop, byShop.get(shop.id) ?? []))
      .sort((a, b) =>
        a.isVerified === b.isVerified ? spanish.compare(a.name, b.name) : a.isVerified === 'true' ? -1 : 1,
      );
  }

  private async buildCatalog(version: number): Promise<ShopCatalog> {
    const shops = await this.listShops();
    const byId = new Map(shops.map((shop) => [shop.id, shop]));
    const redirects = new Map<string, string>();
    for (const old of await this.dataSource.getRepository(ShopOldSlug).find()) {
      const shop = byId.get(old.shopId);
      if (shop) redirects.set(old.slug, shop.slug);
    }
    return {
      version,
      shops,
      categories: distinctSorted(shops.flatMap((shop) => shop.categories)),
      cities: distinctSorted(shops.map((shop) => shop.city)),
      states: distinctSorted(shops.map((shop) => shop.state)),
      byId,
      bySlug: new Map(shops.map((shop) => [shop.slug, shop])),
      redirects,
    };
  }

  async createShop(dto: CreateShopDto, actor: ActivityActor): Promise<ShopDto> {
    await this.assertImagesUsable(dto, {});
    // Answers with the row it wrote, not from the public catalogue: rebuilding that is left to
    // the next public read (one rebuild however many writes came before it).
    return retryOnSlugRace(() =>
      this.transactions.run(async (manager) => {
        const { categories, ...fields } = dto;
        const repository = manager.getRepository(Shop);
        const shop = repository.create({
          ...fields,
          website: fields.website ?? null,
          whatsapp: fields.whatsapp ?? null,
          isVerified: fields.isVerified ?? 'false',
          ...searchKeysOf(fields, categories),
        });
        shop.slug = await this.newSlug(manager, fields.name, fields.city);
        await repository.save(shop);
        await this.replaceCategories(manager, shop.id, categories);
        await this.bumpVersion(manager);
        await this.activity.record(manager, { kind: 'shop.created', actor, shop });
        return toShopDto(await repository.findOneByOrFail({ id: shop.id }), categories);
      }),
    );
  }

  /**
   * Changes a shop and logs what changed (old and new values): as a verification when
   * `isVerified` changed, else as an update; a save that changes nothing is not logged.
   */
  async updateShop(id: string, dto: UpdateShopDto, actor: ActivityActor): Promise<ShopDto> {
    const before = await this.dataSource.getRepository(Shop).findOneBy({ id });
    if (!before) throw shopNotFound();
    await this.assertImagesUsable(dto, before);
    const updated = await retryOnSlugRace(() =>
      this.transactions.run(async (manager) => {
        const { categories, ...fields } = dto;
        const repository = manager.getRepository(Shop);
        const shop = await repository.findOneBy({ id });
        if (!shop) throw shopNotFound();
        const previousSlug = shop.slug;
        const previousCategories = (
          await manager
            .getRepository(ShopCategory)
            .find({ where: { shopId: id }, order: { position: 'ASC' } })
        ).map((row) => row.name);
        const before: Record<string, unknown> = { ...shop, categories: previousCategories };
        repository.merge(shop, fields);
        // The slug follows the name and city, and stays as it is while it still fits them.
        shop.slug = await this.newSlug(manager, shop.name, shop.city, shop.id, previousSlug);
        await retireSlug(manager, id, previousSlug, shop.slug);
        const names = categories ?? previousCategories;
        // Set here, to the millisecond: TypeORM's own update stamp is whole seconds on both
        // dialects, and the dashboard sorts by it.
        repository.merge(shop, { ...searchKeysOf(shop, names), updatedAt: new Date() });
        await repository.save(shop);
        if (categories) await this.replaceCategories(manager, id, categories);
        await this.bumpVersion(manager);
        const changes = changedFields(before, { ...shop, categories: names }, Object.keys(dto));
        if (Object.keys(changes).length) {
          const kind = !changes.isVerified
            ? 'shop.updated'
            : shop.isVerified === 'true'
              ? 'shop.verified'
              : 'shop.unverified';
          await this.activity.record(manager, { kind, actor, shop, details: { changes } });
        }
        return toShopDto(await repository.findOneByOrFail({ id }), names);
      }),
    );
    await this.releaseImages([before.logo, before.mapImageUrl]);
    return updated;
  }

  /** Deletes a shop, and marks its uploaded images for the image sweep. */
  async deleteShop(id: string, actor: ActivityActor): Promise<void> {
    const shop = await this.dataSource.getRepository(Shop).findOneBy({ id });
    if (!shop) throw shopNotFound();
    await this.transactions.run(async (manager) => {
      await manager.delete(ShopCategory, { shopId: id });
      await manager.delete(ShopOldSlug, { shopId: id });
      const { affected } = await manager.delete(Shop, { id });
      if (!affected) throw shopNotFound();
      await this.bumpVersion(manager);
      await this.activity.record(manager, { kind: 'shop.deleted', actor, shop });
    });
    await this.releaseImages([shop.logo, shop.mapImageUrl]);
  }

  /**
   * The slug for a shop named `name` in `city`: `keep` (its current slug) while it fits them,
   * else the first free one. Call inside the transaction that saves the shop.
   */
  async newSlug(
    manager: EntityManager,
    name: string,
    city: string,
    shopId: string | null = null,
    keep?: string,
  ): Promise<string> {
    const owners = await SlugOwners.load(manager, baseSlug(name, city));
    return owners.claim(shopId, name, city, [keep]);
  }

  async replaceCategories(manager: EntityManager, shopId: string, categories: string[]): Promise<void> {
    await manager.delete(ShopCategory, { shopId });
    await this.insertCategories(manager, shopId, categories);
  }

  async insertCategories(manager: EntityManager, shopId: string, categories: string[]): Promise<void> {
    if (categories.length) {
      await manager.insert(
        ShopCategory,
        categories.map((name, position) => ({ shopId, name, position })),
      );
    }
  }

  /** Bumps the shops data version; call inside the transaction that changes shops. */
  async bumpVersion(manager: EntityManager): Promise<void> {
    const { affected } = await manager
      .createQueryBuilder()
      .update(DataVersion)
      .set({ version: () => 'version + 1' })
      .where('name = :name', { name: VERSION_NAME })
      .execute();
    if (!affected) await manager.insert(DataVersion, { name: VERSION_NAME, version: 1 });
  }

  /** Uploaded images a shop newly points to must exist (and, on S3, be real images). */
  private async assertImagesUsable(dto: Partial<CreateShopDto>, before: Partial<Shop>): Promise<void> {
    const fields = [
      ['logo', 'Logo'],
      ['mapImageUrl', 'Map image'],
    ] as const;
    for (const [field, label] of fields) {
      const key = objectKeyOf(dto[field]);
      if (!key || dto[field] === before[field]) continue;
      const problem = await this.uploads.checkStoredImage(key);
      if (problem) {
        throw fieldError(400, 'VALIDATION_FAILED', { field, code: 'INVALID_IMAGE' }, `${label}: ${problem}`);
      }
    }
  }

  /**
   * Marks images a shop stopped using; the image sweep deletes them after the grace period if
   * no shop uses them by then. Deleting at once would take an image from under a full backup
   * that is being streamed and already named it in its shops.json.
   */
  async releaseImages(references: (string | null | undefined)[]): Promise<void> {
    const keys = new Set(references.map(objectKeyOf).filter((key): key is string => key !== null));
    const since = Date.now();
    for (const key of keys)
      await this.dataSource.getRepository(UnattachedObject).upsert({ key, since }, ['key']);
  }
}

export function toShopDto(shop: Shop, categories: string[]): ShopDto {
  return {
    id: shop.id,
    name: shop.name,
    slug: shop.slug,
    description: shop.description,
    address: shop.address,
    city: shop.city,
    state: shop.state,
    phone: shop.phone,
    whatsapp: shop.whatsapp,
    email: shop.email,
    website: shop.website,
    categories,
    logo: shop.logo,
    mapImageUrl: shop.mapImageUrl,
    googleMapsUrl: shop.googleMapsUrl,
    latitude: shop.latitude,
    longitude: shop.longitude,
    isVerified: shop.isVerified,
    createdAt: shop.createdAt,
    updatedAt: shop.updatedAt,
  };
}
