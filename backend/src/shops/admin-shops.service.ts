import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DEFAULT_SHOP_TIME_ZONE, localDay, searchWords } from 'contract';
import { DataSource, In, type SelectQueryBuilder } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { likeEscaped } from '../activity/activity.service.js';
import { TransactionRunner } from '../database/transaction-runner.js';
import type {
  AdminShopListDto,
  AdminShopListQueryDto,
  AdminShopSort,
  VerificationState,
} from './dto/admin-shop-list.dto.js';
import type { BulkShopsDto, BulkShopsResultDto } from './dto/bulk-shops.dto.js';
import { VersionedCache } from './shop-catalog.cache.js';
import { ShopCategory } from './shop-category.entity.js';
import { Shop } from './shop.entity.js';
import { ShopWriter } from './shop-writer.js';
import { distinctSorted } from './directory-order.js';
import { chunksOf, ID_CHUNK, withCategoriesOf } from './stored-shops.js';
import { ShopsService, toShopDto } from './shops.service.js';

/** The stable code of a bulk request naming a shop that does not exist (nothing changed). */
export const BULK_SHOPS_NOT_FOUND = 'BULK_SHOPS_NOT_FOUND';

/** Columns each sort orders by, the first in the requested direction, the rest ascending. */
const SORT_COLUMNS: Record<AdminShopSort, string[]> = {
  name: ['shop.name_key'],
  city: ['shop.city_key', 'shop.name_key'],
  updatedAt: ['shop.updated_at'],
  // 'true' > 'false': descending puts verified shops first.
  verified: ['shop.is_verified', 'shop.name_key'],
};

/** How far ahead the dashboard looks for certificates about to end. */
export const EXPIRING_WITHIN_DAYS = 30;

/** The condition of a verification state at `now`, on the `shop` alias, bounded by Mexico City's days. */
export function verificationCondition(
  state: VerificationState,
  now: number,
): [string, Record<string, string>] {
  const today = localDay(now, DEFAULT_SHOP_TIME_ZONE);
  const soon = new Date(Date.parse(`${today}T00:00:00Z`) + EXPIRING_WITHIN_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return state === 'expired'
    ? ['shop.valid_until < :today', { today }]
    : [
        "shop.is_verified = 'true' AND shop.valid_until >= :today AND shop.valid_until <= :soon",
        { today, soon },
      ];
}

/** What the list shows beside its page, whatever the query: the counts and the filters' options. */
type ListFacets = Pick<AdminShopListDto, 'categories' | 'states'> & {
  stats: Omit<AdminShopListDto['stats'], 'expiringSoon' | 'expired'>;
};

/** The back office: a page at a time from SQL (indexed keys), actions in one transaction. */
@Injectable()
export class AdminShopsService {
  /** The facets, once per data version: three queries over every shop, else on each key press. */
  private readonly facets = new VersionedCache<ListFacets>(async () => {
    const [stats, categories, states] = await Promise.all([
      this.stats(),
      this.distinct(ShopCategory, 'name'),
      this.distinct(Shop, 'state'),
    ]);
    return { stats, categories, states };
  });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly shops: ShopsService,
    private readonly writer: ShopWriter,
  ) {}

  async listShops(query: AdminShopListQueryDto): Promise<AdminShopListDto> {
    const { page = 1, pageSize = 20, sort = 'name', order = 'asc' } = query;
    const filtered = this.filteredQuery(query);
    const direction = order === 'desc' ? 'DESC' : 'ASC';
    const [first, ...rest] = SORT_COLUMNS[sort];
    const paged = filtered.clone().select('shop').orderBy(first, direction);
    for (const column of rest) paged.addOrderBy(column, 'ASC');
    const rows = await paged
      .addOrderBy('shop.id', 'ASC') // a total order, so pages neither repeat nor skip a shop
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getMany();
    const [total, facets, stored, expiringSoon, expired] = await Promise.all([
      filtered.getCount(),
      this.shops.currentVersion().then((version) => this.facets.get(version)),
      withCategoriesOf(this.dataSource.manager, rows),
      // Not kept with the facets: they change with the day as well as with the data.
      this.countIn('expiring'),
      this.countIn('expired'),
    ]);
    return {
      items: stored.map(({ shop, categories }) => toShopDto(shop, categories)),
      total,
      page,
      pageSize,
      ...facets,
      stats: { ...facets.stats, expiringSoon, expired },
    };
  }

  /** One action on every named shop in one transaction: all of them, or none. */
  async bulkShops({ action, ids }: BulkShopsDto, actor: ActivityActor): Promise<BulkShopsResultDto> {
    // Rows are locked in id order by every bulk request, so two of them cannot deadlock each other.
    const sorted = [...ids].sort();
    await this.writer.write(actor, { via: 'bulk' }, async (writes, manager) => {
      const repository = manager.getRepository(Shop);
      const found: Pick<Shop, 'id' | 'name' | 'isVerified' | 'logo' | 'mapImageUrl'>[] = [];
      for (const chunk of chunksOf(sorted, ID_CHUNK)) {
        const lookup = repository
          .createQueryBuilder('shop')
          .select(['shop.id', 'shop.name', 'shop.isVerified', 'shop.logo', 'shop.mapImageUrl'])
          .where({ id: In(chunk) })
          .orderBy('shop.id');
        if (this.transactions.supportsRowLocks) lookup.setLock('pessimistic_write');
        found.push(...(await lookup.getMany()));
      }
      if (found.length !== sorted.length) {
        const known = new Set(found.map((shop) => shop.id));
        const missing = sorted.filter((id) => !known.has(id));
        const message = `${missing.length} of the ${sorted.length} shops do not exist; nothing was changed`;
        throw new NotFoundException({
          code: BULK_SHOPS_NOT_FOUND,
          message,
          errors: missing.map((id) => ({
            field: 'ids',
            code: 'SHOP_NOT_FOUND',
            message: `Shop ${id} not found`,
          })),
        });
      }
      if (action === 'delete') await writes.remove(found);
      else await writes.setVerified(found, action === 'verify' ? 'true' : 'false');
    });
    return { action, count: sorted.length };
  }

  /** The shops matching the query's filters (no order, no page). */
  private filteredQuery(query: AdminShopListQueryDto): SelectQueryBuilder<Shop> {
    const builder = this.dataSource.getRepository(Shop).createQueryBuilder('shop');
    // MySQL's utf8mb4_unicode_ci would equate ñ and n; the keys are normalised already, so
    // comparing bytes is exact (SQLite's LIKE compares non-ASCII characters exactly anyway).
    const exact = this.transactions.supportsRowLocks ? ' COLLATE utf8mb4_bin' : '';
    searchWords(query.q ?? '').forEach((word, i) =>
      builder.andWhere(`shop.search_text LIKE :word${i}${exact} ESCAPE '!'`, {
        [`word${i}`]: `%${likeEscaped(word)}%`,
      }),
    );
    if (query.verified) builder.andWhere('shop.is_verified = :verified', { verified: query.verified });
    if (query.verification) builder.andWhere(...verificationCondition(query.verification, Date.now()));
    if (query.state) builder.andWhere('LOWER(shop.state) = LOWER(:state)', { state: query.state });
    if (query.category)
      builder.andWhere(
        'EXISTS (SELECT 1 FROM shop_category category WHERE category.shop_id = shop.id AND LOWER(category.name) = LOWER(:category))',
        { category: query.category },
      );
    return builder;
  }

  /** How many shops are in a verification state today (an index range on the shop's valid-until). */
  private countIn(state: VerificationState): Promise<number> {
    return this.dataSource
      .getRepository(Shop)
      .createQueryBuilder('shop')
      .where(...verificationCondition(state, Date.now()))
      .getCount();
  }

  private async stats(): Promise<Omit<AdminShopListDto['stats'], 'expiringSoon' | 'expired'>> {
    const shops = this.dataSource.getRepository(Shop);
    const [total, verified] = await Promise.all([shops.count(), shops.countBy({ isVerified: 'true' })]);
    return { total, verified, unverified: total - verified };
  }

  /** The distinct values of a column, one spelling each, in Spanish order. */
  private async distinct(entity: typeof Shop | typeof ShopCategory, column: string): Promise<string[]> {
    const rows: { value: string }[] = await this.dataSource
      .getRepository(entity)
      .createQueryBuilder('row')
      .select(`DISTINCT row.${column}`, 'value')
      .getRawMany();
    return distinctSorted(rows.map((row) => row.value));
  }
}
