import { describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { shopBody } from '../../test/support/fixtures.js';
import { SHOP_PROVIDERS, unitSuite } from '../../test/support/unit-module.js';
import type { ActivityActor } from '../activity/activity-actor.js';
import { UnattachedObject } from '../database/database.entity.js';
import { ObjectStorage } from '../uploads/object-storage.js';
import { UploadsService } from '../uploads/uploads.service.js';
import type { CreateShopDto } from './dto/create-shop.dto.js';
import { Shop } from './shop.entity.js';
import { ShopsService } from './shops.service.js';

const CARMEN: ActivityActor = { adminId: randomUUID(), username: 'carmen', client: '203.0.113.7' };
const shop = (overrides: Record<string, unknown> = {}) => shopBody(overrides) as unknown as CreateShopDto;

describe('ShopsService', () => {
  const unit = unitSuite(SHOP_PROVIDERS);
  const shops = unit.provider(ShopsService);
  /** The shop's row as stored, or null. */
  const storedShop = (id: string) => unit.dataSource.getRepository(Shop).findOneBy({ id });

  it('answers a new shop from its row: a slug from name and city, the history entry, a new data version', async () => {
    const version = await shops.currentVersion();
    const created = await shops.createShop(shop({ name: 'Armería Ñandú', city: 'Mérida' }), CARMEN);
    expect(created).toMatchObject({
      slug: 'armeria-nandu-merida',
      name: 'Armería Ñandú',
      isVerified: 'false',
    });
    expect(await shops.currentVersion()).toBe(version + 1);
    expect(await storedShop(created.id)).toMatchObject({ id: created.id, slug: created.slug });
    expect((await unit.activity()).at(-1)).toMatchObject({ kind: 'shop.created', actorName: 'carmen' });
  });

  it('gives a second shop of the same name and city a slug of its own', async () => {
    const first = await shops.createShop(shop({ name: 'Gemela', city: 'León' }), CARMEN);
    const second = await shops.createShop(shop({ name: 'Gemela', city: 'León' }), CARMEN);
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug).toMatch(/^gemela-leon-/);
  });

  it('lists verified shops first, then by name in Spanish order, with the distinct cities, states and categories', async () => {
    await unit.dataSource.query('DELETE FROM shop');
    for (const [name, isVerified, city] of [
      ['Ocelote', 'false', 'Oaxaca'],
      ['Ñandú', 'false', 'Mérida'],
      ['Nube', 'false', 'Mérida'],
      ['Zorro', 'true', 'Zacatecas'],
      ['Águila', 'false', 'Puebla'],
    ]) {
      await shops.createShop(
        shop({ name, isVerified, city, categories: [`Cat ${name}`, 'Armería'] }),
        CARMEN,
      );
    }
    const catalog = await shops.getCatalog();
    expect(catalog.shops.map((item) => item.name)).toEqual(['Zorro', 'Águila', 'Nube', 'Ñandú', 'Ocelote']);
    expect(catalog.cities).toEqual(['Mérida', 'Oaxaca', 'Puebla', 'Zacatecas']);
    expect(catalog.categories[0]).toBe('Armería');
    expect(catalog.categories).toHaveLength(6);
  });

  it('keeps one catalogue per data version: the same object until a write, a new one after', async () => {
    const before = await shops.getCatalog();
    expect(await shops.getCatalog()).toBe(before);
    await shops.createShop(shop({ name: 'Recién llegada' }), CARMEN);
    const after = await shops.getCatalog();
    expect(after).not.toBe(before);
    expect(after.version).toBe(before.version + 1);
    expect(after.shops.map((item) => item.name)).toContain('Recién llegada');
  });

  it('sends an old slug to the current one after a rename, and finds nothing for a slug that could be no slug', async () => {
    const created = await shops.createShop(shop({ name: 'Antes', city: 'Tepic' }), CARMEN);
    const renamed = await shops.updateShop(created.id, { name: 'Después' }, CARMEN);
    expect(renamed.slug).toBe('despues-tepic');
    expect(await shops.resolveSlug('despues-tepic')).toMatchObject({ shop: { id: created.id } });
    expect(await shops.resolveSlug('antes-tepic')).toEqual({ redirectTo: 'despues-tepic' });
    expect(await shops.resolveSlug('nadie-aqui')).toBeNull();
    expect(await shops.resolveSlug('Antes-Tepic')).toBeNull();
    expect(await shops.resolveSlug(`a${'-b'.repeat(200)}`)).toBeNull();
  });

  it('logs what an update changed, and nothing for a save that changes nothing', async () => {
    const created = await shops.createShop(shop({ name: 'Cambios', phone: '+52 222 000 0000' }), CARMEN);
    await shops.updateShop(created.id, { phone: '+52 222 111 1111' }, CARMEN);
    expect((await unit.activity()).at(-1)).toMatchObject({
      kind: 'shop.updated',
      details: { changes: { phone: { from: '+52 222 000 0000', to: '+52 222 111 1111' } } },
    });
    const entries = (await unit.activity()).length;
    await shops.updateShop(created.id, { phone: '+52 222 111 1111' }, CARMEN);
    expect(await unit.activity()).toHaveLength(entries);
  });

  it('refuses a shop that does not exist with SHOP_NOT_FOUND', async () => {
    const missing = randomUUID();
    expect(await storedShop(missing)).toBeNull();
    await expect(shops.updateShop(missing, { name: 'x' }, CARMEN)).rejects.toMatchObject({
      code: 'SHOP_NOT_FOUND',
    });
    await expect(shops.deleteShop(missing, CARMEN)).rejects.toMatchObject({ code: 'SHOP_NOT_FOUND' });
  });

  it('refuses an uploaded image that was never stored, naming the field', async () => {
    await expect(
      shops.createShop(shop({ logo: `/objects/uploads/${randomUUID()}` }), CARMEN),
    ).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { errors: [expect.objectContaining({ field: 'logo' })] },
    });
  });

  it('deletes a shop and gives its uploaded image back to the sweep', async () => {
    const url = new URL(await unit.get(UploadsService).createUploadUrl('logo', 'http://localhost'));
    const key = url.pathname.replace(/^.*\/uploads\//, 'uploads/');
    // Stored and used: the sweep's list starts without it.
    await unit.dataSource.getRepository(UnattachedObject).delete({ key });
    await unit.get(ObjectStorage).put(key, Buffer.from('not checked here'), 'image/png');
    const created = await shops.createShop(shop({ name: 'Con logo', logo: `/objects/${key}` }), CARMEN);
    await shops.deleteShop(created.id, CARMEN);
    expect(await storedShop(created.id)).toBeNull();
    expect(await unit.dataSource.getRepository(UnattachedObject).findOneBy({ key })).not.toBeNull();
    expect((await unit.activity()).at(-1)).toMatchObject({ kind: 'shop.deleted' });
  });

  it("answers a request still on a version the catalogue's worker has dropped, by handing the worker its pages again", async () => {
    await shops.createShop(shop({ name: 'Armería Vieja', city: 'Colima' }), CARMEN);
    const older = await shops.getCatalog();
    // Two newer versions arranged in the worker: it keeps the latest ones only.
    for (const name of ['Armería Nueva', 'Armería Novísima']) {
      await shops.createShop(shop({ name, city: 'Colima' }), CARMEN);
      await shops.getCatalog();
    }
    const positions = await shops.inWorker(older, (worker) => worker.search(older.version, ['vieja']));
    expect(Array.from(positions, (position) => older.shops[position].name)).toEqual(['Armería Vieja']);
  });
});
