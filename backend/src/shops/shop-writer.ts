import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ADMIN_SEARCH_FIELDS,
  SHOP_FIELD_NAMES,
  SHOP_SCHEMA,
  verificationProblems,
  type ShopRecordValues,
  type ShopValues,
} from 'contract';
import { DataSource, In, type EntityManager } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { changedFields } from '../activity/activity-changes.js';
import type { ActivityKind } from '../activity/activity-kinds.js';
import { ActivityService, type ActivityRecord } from '../activity/activity.service.js';
import { ApiError, type FieldError } from '../common/api-error.js';
import { DataVersion, UnattachedObject } from '../database/database.entity.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import { ShopCategory } from './shop-category.entity.js';
import { ShopOldSlug } from './shop-old-slug.entity.js';
import { baseSlug } from './shop-slug.js';
import { SlugOwners } from './shop-slugs.js';
import { Shop } from './shop.entity.js';
import { ShopVerificationPeriod } from './shop-verification-period.entity.js';
import { objectKeyOf, searchKeysOf } from './shop.rules.js';
import { chunksOf, ID_CHUNK, type StoredShop } from './stored-shops.js';

/** The shops data version's row (DataVersionReader reads it on every public request). */
export const SHOPS_VERSION = 'shops';

/** The entities the writer writes, for a worker thread's own connection (it has no modules). */
export const SHOP_WRITER_ENTITIES = [Shop, ShopCategory, ShopOldSlug, ShopVerificationPeriod];

/** The shop's fields that make one period of its verification: a change to any is a new period. */
const PERIOD_FIELDS = ['certificateNumber', 'verifiedOn', 'validUntil', 'verificationNote'] as const;

/** Where a change came from, as the shop's history shows it. */
export type ShopChangeSource =
  | { via: 'form' }
  | { via: 'bulk' }
  | { via: 'import'; file?: string }
  | { via: 'restore'; upload?: string; storedBackup?: string }
  | { via: 'seed' }
  | { via: 'expiry' }
  | { via: 'suggestion'; reference: string; approvedBy: string | null };

/** One period of a shop's verification as a backup carries it. */
export type VerificationPeriodRecord = Omit<ShopVerificationPeriod, 'id' | 'shopId'>;

/** Options of a write only a restore uses: the id, slug, dates and verification periods a backup had. */
export interface KeptIdentity {
  id?: string;
  slug?: string;
  createdAt?: Date;
  updatedAt?: Date;
  /** The shop's whole verification history (format 8 on), in place of the one this write would record. */
  verificationPeriods?: readonly VerificationPeriodRecord[];
}

/** UPDATEs the columns changed since the read, SQL from metadata: the query builder re-parses per row. */
async function updateChangedColumns(
  manager: EntityManager,
  stored: Partial<Shop>,
  shop: Shop,
): Promise<void> {
  const { driver } = manager.connection;
  const metadata = manager.connection.getMetadata(Shop);
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  const columns = metadata.columns.filter(
    ({ propertyName }) =>
      propertyName === 'updatedAt' ||
      !same(shop[propertyName as keyof Shop], stored[propertyName as keyof Shop]),
  );
  const assignments = columns.map((column) => `${driver.escape(column.databaseName)} = ?`).join(', ');
  await manager.query(`UPDATE ${driver.escape(metadata.tableName)} SET ${assignments} WHERE id = ?`, [
    ...columns.map((column) => driver.preparePersistentValue(column.getEntityValue(shop), column)),
    shop.id,
  ]);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/** The schema's values as the shop row stores them: absent optional values null. */
function storedValues(values: ShopValues): Omit<ShopRecordValues, 'categories'> {
  const row: Record<string, unknown> = {};
  for (const definition of SHOP_SCHEMA) {
    if (definition.kind === 'categories') continue;
    const value = values[definition.name as keyof ShopValues];
    row[definition.name] = value ?? (definition.kind === 'flag' ? definition.defaultValue : null);
  }
  return row as Omit<ShopRecordValues, 'categories'>;
}

/** A shop's values, categories included, as the history compares them. */
function historyValues({ shop, categories }: StoredShop): Record<string, unknown> {
  return {
    ...Object.fromEntries(SHOP_FIELD_NAMES.map((name) => [name, shop[name as keyof Shop]])),
    categories,
  };
}

/** The one writer of shop rows; its `ShopWrites` keep slugs, search keys, version and history in step. */
@Injectable()
export class ShopWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly activity: ActivityService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Starts writing in `manager`'s transaction; `slugs: 'all'` loads every slug once (for many writes). */
  async open(
    manager: EntityManager,
    actor: ActivityActor,
    source: ShopChangeSource,
    options: { slugs?: 'all' | 'each' } = {},
  ): Promise<ShopWrites> {
    const slugs = options.slugs === 'all' ? await SlugOwners.load(manager) : null;
    return new ShopWrites(manager, this.activity, actor, source, slugs);
  }

  /** Runs `work` in a transaction of its own and finishes it; the images it stopped using are released after. */
  async write<T>(
    actor: ActivityActor,
    source: ShopChangeSource,
    work: (writes: ShopWrites, manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    const { result, released } = await this.transactions.run(async (manager) => {
      const writes = await this.open(manager, actor, source);
      const result = await work(writes, manager);
      await writes.finish();
      return { result, released: writes.releasedImages };
    });
    await this.releaseImages(released);
    return result;
  }

  /** After the commit: unused images go to the sweep after a grace (a backup being streamed may use them). */
  async releaseImages(references: Iterable<string | null | undefined>): Promise<void> {
    const keys = new Set([...references].map(objectKeyOf).filter((key): key is string => key !== null));
    const since = Date.now();
    for (const key of keys)
      await this.dataSource.getRepository(UnattachedObject).upsert({ key, since }, ['key']);
  }
}

/** The writes of one transaction; `finish` bumps the data version and writes the history. */
export class ShopWrites {
  private readonly history: ActivityRecord[] = [];
  /** The images the written shops stopped using (release them after the commit). */
  readonly releasedImages: string[] = [];
  private changed = false;

  constructor(
    private readonly manager: EntityManager,
    private readonly activity: ActivityService,
    private readonly actor: ActivityActor,
    private readonly source: ShopChangeSource,
    private readonly allSlugs: SlugOwners | null,
  ) {}

  /** Inserts a shop; a restore passes the id, slug and dates its backup had. */
  async create(values: ShopValues, kept: KeptIdentity = {}): Promise<Shop> {
    const repository = this.manager.getRepository(Shop);
    const fields = storedValues(values);
    const shop = repository.create({
      ...fields,
      ...searchKeysOf(fields, values.categories),
      id: kept.id ?? randomUUID(),
      ...(kept.createdAt ? { createdAt: kept.createdAt } : {}),
      ...(kept.updatedAt ? { updatedAt: kept.updatedAt } : {}),
    });
    await this.assertVerificationFits(shop);
    shop.slug = await this.slugFor(shop.id, values.name, values.city, [kept.slug]);
    await repository.insert(shop);
    await this.insertCategories(shop.id, values.categories);
    await this.recordPeriods(shop, null, kept.verificationPeriods);
    this.changed = true;
    this.log('shop.created', shop, this.sourceDetails());
    return shop;
  }

  /** Changes the fields given; the slug stays while it fits. A change of nothing is not logged. */
  async update(
    current: StoredShop,
    values: Partial<ShopValues>,
    kept: KeptIdentity = {},
  ): Promise<{ shop: Shop; categories: string[]; changes: Record<string, unknown> }> {
    const before = historyValues(current);
    const stored = { ...current.shop };
    const previousSlug = current.shop.slug;
    const categories = values.categories ?? current.categories;
    const given = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => key !== 'categories' && value !== undefined),
    );
    const merged = { ...storedValues({ ...current.shop, categories, ...given } as ShopValues) };
    // The search keys and the slug come from a few fields: when none moved, what they made stays.
    const searchedMoved =
      !sameList(categories, current.categories) ||
      ADMIN_SEARCH_FIELDS.some((field) => field !== 'categories' && merged[field] !== stored[field]);
    const slugMoved =
      merged.name !== stored.name ||
      merged.city !== stored.city ||
      (!!kept.slug && kept.slug !== previousSlug);
    const shop = this.manager
      .getRepository(Shop)
      .merge(current.shop, merged, searchedMoved ? searchKeysOf(merged, categories) : {});
    await this.assertVerificationFits(shop);
    if (slugMoved) shop.slug = await this.slugFor(shop.id, shop.name, shop.city, [kept.slug, previousSlug]);
    // To the millisecond (TypeORM's stamp is whole seconds): the dashboard sorts by it.
    shop.updatedAt = kept.updatedAt ?? new Date();
    if (kept.createdAt) shop.createdAt = kept.createdAt;
    await updateChangedColumns(this.manager, stored, shop);
    await this.retireSlug(shop.id, previousSlug, shop.slug);
    if (!sameList(categories, current.categories)) {
      await this.manager.delete(ShopCategory, { shopId: shop.id });
      await this.insertCategories(shop.id, categories);
    }
    await this.recordPeriods(shop, stored, kept.verificationPeriods);
    this.changed = true;
    const changes = changedFields(before, historyValues({ shop, categories }), SHOP_FIELD_NAMES);
    if (Object.keys(changes).length) {
      const kind: ActivityKind = !changes.isVerified
        ? 'shop.updated'
        : shop.isVerified === 'true'
          ? 'shop.verified'
          : 'shop.unverified';
      this.log(kind, shop, { changes, ...this.sourceDetails() });
    }
    for (const image of [before.logo, before.mapImageUrl])
      if (image !== shop.logo && image !== shop.mapImageUrl) this.releasedImages.push(image as string);
    return { shop, categories, changes };
  }

  /** Verifies or unverifies many shops in a few statements; a shop already so is not logged. */
  async setVerified(shops: readonly Pick<Shop, 'id' | 'name' | 'isVerified'>[], verified: 'true' | 'false') {
    const ids = shops.map((shop) => shop.id);
    for (const chunk of chunksOf(ids, ID_CHUNK))
      await this.manager.update(Shop, { id: In(chunk) }, { isVerified: verified, updatedAt: new Date() });
    this.changed = true;
    for (const shop of shops) {
      if (shop.isVerified === verified) continue;
      const changes = { isVerified: { from: shop.isVerified, to: verified } };
      this.log(verified === 'true' ? 'shop.verified' : 'shop.unverified', shop, {
        changes,
        ...this.sourceDetails(),
      });
    }
  }

  /** Deletes shops with their categories and old slugs; their images are released. */
  async remove(shops: readonly Pick<Shop, 'id' | 'name' | 'logo' | 'mapImageUrl'>[]): Promise<void> {
    const ids = shops.map((shop) => shop.id);
    for (const chunk of chunksOf(ids, ID_CHUNK)) {
      await this.manager.delete(ShopCategory, { shopId: In(chunk) });
      await this.manager.delete(ShopOldSlug, { shopId: In(chunk) });
      await this.manager.delete(ShopVerificationPeriod, { shopId: In(chunk) });
      await this.manager.delete(Shop, { id: In(chunk) });
    }
    this.changed = true;
    for (const shop of shops) {
      this.releasedImages.push(shop.logo, shop.mapImageUrl);
      this.log('shop.deleted', shop, this.sourceDetails());
    }
  }

  /** Bumps the data version (every instance rebuilds on its next read), then the history, `summary` last. */
  async finish(summary?: ActivityRecord): Promise<void> {
    if (this.changed) {
      const { affected } = await this.manager.increment(DataVersion, { name: SHOPS_VERSION }, 'version', 1);
      if (!affected) await this.manager.insert(DataVersion, { name: SHOPS_VERSION, version: 1 });
    }
    await this.activity.recordAll(this.manager, summary ? [...this.history, summary] : this.history);
  }

  private log(kind: ActivityKind, shop: { id: string; name: string }, details: Record<string, unknown>) {
    this.history.push({ kind, actor: this.actor, shop: { id: shop.id, name: shop.name }, details });
  }

  /** What the history adds to say where a change came from (nothing for the form). */
  private sourceDetails(): Record<string, unknown> {
    const { via } = this.source;
    return via === 'form' ? {} : via === 'bulk' ? { bulk: true } : { source: this.source };
  }

  /** The verification fields' joint rules on the stored values; a certificate number no one else holds. */
  private async assertVerificationFits(shop: Shop): Promise<void> {
    const problems: FieldError[] = verificationProblems(shop);
    if (!problems.length && shop.certificateNumber && shop.isVerified === 'true') {
      // Current: the checkbox is on (the expiry job takes it off the day after valid-until).
      const holder = await this.manager
        .getRepository(Shop)
        .createQueryBuilder('shop')
        .select(['shop.id', 'shop.name'])
        .where('shop.certificate_number = :number AND shop.is_verified = :on AND shop.id <> :id', {
          number: shop.certificateNumber,
          on: 'true',
          id: shop.id,
        })
        .getOne();
      if (holder)
        problems.push({
          field: 'certificateNumber',
          code: 'CERTIFICATE_NUMBER_TAKEN',
          message: `Certificate number ${shop.certificateNumber} is the current certificate of another shop`,
        });
    }
    if (problems.length)
      throw new ApiError(400, 'VALIDATION_FAILED', problems.map(({ message }) => message).join('; '), {
        errors: problems,
      });
  }

  /** A new verification period when a period field changed; a restore's `kept` periods are the history. */
  private async recordPeriods(
    shop: Shop,
    before: Partial<Shop> | null,
    kept: readonly VerificationPeriodRecord[] | undefined,
  ): Promise<void> {
    if (kept) {
      if (before) await this.manager.delete(ShopVerificationPeriod, { shopId: shop.id });
      if (kept.length)
        await this.manager.insert(
          ShopVerificationPeriod,
          kept.map((period) => ({ ...period, id: randomUUID(), shopId: shop.id })),
        );
      return;
    }
    if (!shop.certificateNumber || !shop.verifiedOn) return;
    if (before && PERIOD_FIELDS.every((field) => before[field] === shop[field])) return;
    await this.manager.insert(ShopVerificationPeriod, {
      id: randomUUID(),
      shopId: shop.id,
      certificateNumber: shop.certificateNumber,
      verifiedOn: shop.verifiedOn,
      validUntil: shop.validUntil,
      note: shop.verificationNote,
      // Who verified is whoever's session made the change; a request's body never says.
      verifiedBy: this.actor.adminId,
      verifiedByName: this.actor.username,
      recordedAt: Date.now(),
    });
  }

  private async slugFor(
    shopId: string | null,
    name: string,
    city: string,
    keep: (string | null | undefined)[],
  ): Promise<string> {
    const owners = this.allSlugs ?? (await SlugOwners.load(this.manager, baseSlug(name, city)));
    return owners.claim(shopId, name, city, keep);
  }

  /** The previous slug becomes an old one (it redirects); `current` is an old one no more. */
  private async retireSlug(shopId: string, previous: string, current: string): Promise<void> {
    if (previous === current) return;
    await this.manager.delete(ShopOldSlug, { slug: current, shopId });
    await this.manager.insert(ShopOldSlug, { slug: previous, shopId });
  }

  private async insertCategories(shopId: string, categories: readonly string[]): Promise<void> {
    if (categories.length)
      await this.manager.insert(
        ShopCategory,
        categories.map((name, position) => ({ shopId, name, position })),
      );
  }
}
