import { SHOP_SLUG_PATTERN } from 'contract';
import type { EntityManager } from 'typeorm';
import { ShopOldSlug } from './shop-old-slug.entity.js';
import { baseSlug, firstFreeSlug, slugFits } from './shop-slug.js';
import { Shop } from './shop.entity.js';

/** The slugs in use (current and old) and their shops, loaded in the writing transaction, kept by `claim`. */
export class SlugOwners {
  /** Counts shops claimed for before they have an id, each its own owner. */
  private newShops = 0;

  private constructor(private readonly owners: Map<string, string>) {}

  /** Every slug, or with `base` only `base` and `base-<n>` (all a new slug for it could be). */
  static async load(manager: EntityManager, base?: string): Promise<SlugOwners> {
    // Plain rows: TypeORM's entity mapping is costly for two strings a row.
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

  /** The shop's slug (`shopId` null: not saved yet): the first free fitting one of `keep`, else any free. */
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
