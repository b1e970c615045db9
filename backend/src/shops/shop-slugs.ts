import { SHOP_SLUG_PATTERN } from 'contract';
import type { EntityManager } from 'typeorm';
import { ShopOldSlug } from './shop-old-slug.entity.js';
import { baseSlug, firstFreeSlug, slugFits } from './shop-slug.js';
import { Shop } from './shop.entity.js';

/**
 * The slugs in use, current and old, each with the shop it belongs to, so that a new slug is
 * never one another shop answers to. Loaded inside the transaction that writes the shops, then
 * kept up to date by `claim`, so a restore of thousands of shops asks the database once.
 */
export class SlugOwners {
  /** Counts shops claimed for before they have an id, each its own owner. */
  private newShops = 0;

  private constructor(private readonly owners: Map<string, string>) {}

  /** Every slug, or with `base` only `base` and `base-<n>` (all a new slug for it could be). */
  static async load(manager: EntityManager, base?: string): Promise<SlugOwners> {
    // Plain rows, not entities: TypeORM's entity mapping of 10,000 shops held the event loop
    // about 200 ms of an import, for two strings a row.
    const owners = (entity: typeof Shop | typeof ShopOldSlug, owner: 'id' | 'shopId') => {
      const query = manager
        .getRepository(entity)
        .createQueryBuilder('row')
        .select('row.slug', 'slug')
        .addSelect(`row.${owner}`, 'owner');
      if (base !== undefined)
        query.where('row.slug = :base OR row.slug LIKE :family', { base, family: `${base}-%` });
      return query.getRawMany<{ slug: string; owner: string }>();
    };
    const [current, old] = await Promise.all([owners(Shop, 'id'), owners(ShopOldSlug, 'shopId')]);
    return new SlugOwners(
      new Map([...current, ...old].map(({ slug, owner }): [string, string] => [slug, owner])),
    );
  }

  /**
   * The slug shop `shopId` (null: a shop not saved yet) named `name` in `city` gets: the first
   * of `keep` that still fits the name and city and is not another shop's, else the first free
   * one for them.
   */
  claim(shopId: string | null, name: string, city: string, keep: (string | null | undefined)[] = []): string {
    const owner = shopId ?? `new shop ${++this.newShops}`;
    const base = baseSlug(name, city);
    const isTaken = (slug: string) => (this.owners.get(slug) ?? owner) !== owner;
    const kept = keep.find(
      (slug): slug is string =>
        typeof slug === 'string' && SHOP_SLUG_PATTERN.test(slug) && slugFits(slug, base) && !isTaken(slug),
    );
    const slug = kept ?? firstFreeSlug(base, isTaken);
    this.owners.set(slug, owner);
    return slug;
  }
}
