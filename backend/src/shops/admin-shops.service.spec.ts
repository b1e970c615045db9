import { beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { shopBody } from '../../test/support/fixtures.js';
import { SHOP_PROVIDERS, unitSuite } from '../../test/support/unit-module.js';
import type { ActivityActor } from '../activity/activity-actor.js';
import { AdminShopsService } from './admin-shops.service.js';
import type { AdminShopListQueryDto } from './dto/admin-shop-list.dto.js';
import type { CreateShopDto } from './dto/create-shop.dto.js';
import type { ShopDto } from './dto/shop.dto.js';
import { ShopsService } from './shops.service.js';

const CARMEN: ActivityActor = { adminId: randomUUID(), username: 'carmen', client: '203.0.113.7' };

describe('AdminShopsService', () => {
  const unit = unitSuite([...SHOP_PROVIDERS, AdminShopsService]);
  const admin = unit.provider(AdminShopsService);
  let byName: Record<string, ShopDto>;

  beforeEach(async () => {
    await unit.dataSource.query('DELETE FROM shop');
    byName = {};
    for (const [name, city, state, isVerified, categories] of [
      ['Águila Tiro', 'Mérida', 'Yucatán', 'true', ['Tiro deportivo']],
      ['Nube Armas', 'Puebla', 'Puebla', 'false', ['Armería']],
      ['Oso 100% Caza', 'Puebla', 'Puebla', 'false', ['Caza', 'Armería']],
      ['Oso 1000 Caza', 'León', 'Guanajuato', 'true', ['Caza']],
    ] as const) {
      const body = shopBody({ name, city, state, isVerified, categories: [...categories] });
      byName[name] = await unit.get(ShopsService).createShop(body as unknown as CreateShopDto, CARMEN);
    }
  });

  const names = async (query: AdminShopListQueryDto) =>
    (await admin.listShops(query)).items.map((shop) => shop.name);

  it('searches every word, without accents or case, taking % and _ literally', async () => {
    expect(await names({ q: 'AGUILA' })).toEqual(['Águila Tiro']);
    expect(await names({ q: 'PUEBLA oso' })).toEqual(['Oso 100% Caza']);
    expect(await names({ q: '100%' })).toEqual(['Oso 100% Caza']);
    expect(await names({ q: 'o_o' })).toEqual([]);
  });

  it('filters by verification, state and category, the last two in any case', async () => {
    expect(await names({ verified: 'true' })).toEqual(['Águila Tiro', 'Oso 1000 Caza']);
    expect(await names({ state: 'PUEBLA' })).toEqual(['Nube Armas', 'Oso 100% Caza']);
    expect(await names({ category: 'caza' })).toEqual(['Oso 100% Caza', 'Oso 1000 Caza']);
  });

  it('sorts by name without accents or case, by city then name, verified first, and pages without repeating a shop', async () => {
    expect(await names({})).toEqual(['Águila Tiro', 'Nube Armas', 'Oso 100% Caza', 'Oso 1000 Caza']);
    expect(await names({ sort: 'name', order: 'desc' })).toEqual([
      'Oso 1000 Caza',
      'Oso 100% Caza',
      'Nube Armas',
      'Águila Tiro',
    ]);
    expect(await names({ sort: 'city' })).toEqual([
      'Oso 1000 Caza',
      'Águila Tiro',
      'Nube Armas',
      'Oso 100% Caza',
    ]);
    expect(await names({ sort: 'verified', order: 'desc' })).toEqual([
      'Águila Tiro',
      'Oso 1000 Caza',
      'Nube Armas',
      'Oso 100% Caza',
    ]);
    const pages = [
      ...(await names({ sort: 'city', pageSize: 3 })),
      ...(await names({ sort: 'city', pageSize: 3, page: 2 })),
    ];
    expect(new Set(pages).size).toBe(4);
  });

  it('answers the counts and the filters’ options of the whole directory beside any page, fresh after a write', async () => {
    const list = await admin.listShops({ q: 'nube', pageSize: 1 });
    expect(list).toMatchObject({
      total: 1,
      stats: { total: 4, verified: 2, unverified: 2 },
      categories: ['Armería', 'Caza', 'Tiro deportivo'],
      states: ['Guanajuato', 'Puebla', 'Yucatán'],
    });
    expect(list.items[0].categories).toEqual(['Armería']);
    await admin.bulkShops({ action: 'verify', ids: [byName['Nube Armas'].id] }, CARMEN);
    expect((await admin.listShops({})).stats).toEqual({
      total: 4,
      verified: 3,
      unverified: 1,
      expiringSoon: 0,
      expired: 0,
    });
  });

  it('verifies many shops at once and logs only the shops it changed', async () => {
    const before = (await unit.activity()).length;
    const ids = [byName['Nube Armas'].id, byName['Águila Tiro'].id];
    expect(await admin.bulkShops({ action: 'verify', ids }, CARMEN)).toEqual({ action: 'verify', count: 2 });
    expect(await names({ verified: 'true' })).toContain('Nube Armas');
    const logged = (await unit.activity()).slice(before);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ kind: 'shop.verified', actorName: 'carmen' });
  });

  it('changes nothing when one named shop does not exist, and names each missing one', async () => {
    const missing = randomUUID();
    const before = (await unit.activity()).length;
    await expect(
      admin.bulkShops({ action: 'delete', ids: [byName['Nube Armas'].id, missing] }, CARMEN),
    ).rejects.toMatchObject({
      status: 404,
      response: {
        code: 'BULK_SHOPS_NOT_FOUND',
        errors: [{ field: 'ids', code: 'SHOP_NOT_FOUND', message: `Shop ${missing} not found` }],
      },
    });
    expect(await names({})).toHaveLength(4);
    expect(await unit.activity()).toHaveLength(before);
  });

  it('deletes and unverifies many shops in one transaction', async () => {
    await admin.bulkShops({ action: 'unverify', ids: [byName['Oso 1000 Caza'].id] }, CARMEN);
    expect(await names({ verified: 'true' })).toEqual(['Águila Tiro']);
    await admin.bulkShops(
      { action: 'delete', ids: [byName['Águila Tiro'].id, byName['Nube Armas'].id] },
      CARMEN,
    );
    expect(await names({})).toEqual(['Oso 100% Caza', 'Oso 1000 Caza']);
  });
});
