import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import type { ActivityActor } from '../activity/activity-actor.js';
import { ActivityEntry } from '../activity/activity-entry.entity.js';
import { ActivityService } from '../activity/activity.service.js';
import { DataVersion } from '../database/database.entity.js';
import { DATABASE_ENTITIES, dataSourceOptions } from '../database/data-source.js';
import { ShopCategory } from './shop-category.entity.js';
import { ShopOldSlug } from './shop-old-slug.entity.js';
import type { ShopValues } from 'contract';
import { SHOP_WRITER_ENTITIES, SHOPS_VERSION, ShopWrites, type ShopChangeSource } from './shop-writer.js';
import { Shop } from './shop.entity.js';
import { ShopVerificationPeriod } from './shop-verification-period.entity.js';

const values = (overrides: Partial<ShopValues> = {}): ShopValues => ({
  name: 'Armería del Norte',
  city: 'Monterrey',
  state: 'Nuevo León',
  address: 'Calle Hidalgo 12',
  phone: '+52 81 5555 0101',
  email: 'ventas@norte.mx',
  description: 'Taller',
  categories: ['Armería', 'Caza'],
  logo: 'medal',
  mapImageUrl: 'https://maps.example/norte.png',
  googleMapsUrl: 'https://maps.google.com/?q=1',
  ...overrides,
});

const ADMIN: ActivityActor = { adminId: null, username: 'carmen', client: '127.0.0.1' };

/** The writer on a real SQLite database, with the migrations production runs. */
describe('ShopWrites', () => {
  let dataSource: DataSource;
  let activity: ActivityService;

  beforeAll(async () => {
    // With the entities ShopsModule and ActivityModule register in the app.
    dataSource = new DataSource({
      ...dataSourceOptions({ type: 'sqlite', path: ':memory:' }),
      entities: [...DATABASE_ENTITIES, ...SHOP_WRITER_ENTITIES, ActivityEntry],
    });
    await dataSource.initialize();
    await dataSource.runMigrations();
    activity = new ActivityService(dataSource);
  });
  afterAll(() => dataSource.destroy());

  /** One transaction of writes, finished (version bumped, history written) at the end. */
  const write = <T>(source: ShopChangeSource, work: (writes: ShopWrites) => Promise<T>) =>
    dataSource.transaction(async (manager) => {
      const writes = new ShopWrites(manager, activity, ADMIN, source, null);
      const result = await work(writes);
      await writes.finish();
      return { result, released: writes.releasedImages };
    });
  const version = async () =>
    (await dataSource.getRepository(DataVersion).findOneBy({ name: SHOPS_VERSION }))?.version ?? 0;
  const history = (shopId: string) =>
    dataSource.getRepository(ActivityEntry).find({ where: { shopId }, order: { id: 'ASC' } });
  const stored = async (id: string) => {
    const shop = await dataSource.getRepository(Shop).findOneByOrFail({ id });
    const categories = (
      await dataSource.getRepository(ShopCategory).find({ where: { shopId: id }, order: { position: 'ASC' } })
    ).map((row) => row.name);
    return { shop, categories };
  };

  it('creates a shop with its slug, search keys, categories, defaults and a history entry', async () => {
    const before = await version();
    const { result: shop } = await write({ via: 'form' }, (writes) => writes.create(values()));
    const { shop: row, categories } = await stored(shop.id);
    expect(row).toMatchObject({
      slug: 'armeria-del-norte-monterrey',
      nameKey: 'armeria del norte',
      isVerified: 'false',
      whatsapp: null,
      openingHours: null,
    });
    expect(row.searchText).toContain('nuevo leon');
    expect(categories).toEqual(['Armería', 'Caza']);
    expect(await version()).toBe(before + 1);
    expect((await history(shop.id)).map((entry) => [entry.kind, entry.details])).toEqual([
      ['shop.created', null],
    ]);
  });

  it('updates only what changed, names the source, keeps the old slug redirecting and releases images', async () => {
    const { result: shop } = await write({ via: 'form' }, (writes) =>
      writes.create(
        values({ name: 'Taller Uno', logo: '/objects/uploads/00000000-0000-4000-8000-000000000001' }),
      ),
    );
    const { released, result } = await write({ via: 'import', file: 'cambios.csv' }, async (writes) =>
      writes.update(await stored(shop.id), {
        name: 'Taller Dos',
        phone: '+52 81 5555 0202',
        isVerified: 'true',
        logo: 'tools',
      }),
    );
    expect(Object.keys(result.changes)).toEqual(['name', 'phone', 'isVerified', 'logo']);
    expect(released).toEqual(['/objects/uploads/00000000-0000-4000-8000-000000000001']);
    const [, entry] = await history(shop.id);
    expect(entry).toMatchObject({
      kind: 'shop.verified',
      details: {
        changes: {
          name: { from: 'Taller Uno', to: 'Taller Dos' },
          phone: { from: '+52 81 5555 0101', to: '+52 81 5555 0202' },
        },
        source: { via: 'import', file: 'cambios.csv' },
      },
    });
    expect((await stored(shop.id)).shop.slug).toBe('taller-dos-monterrey');
    expect(await dataSource.getRepository(ShopOldSlug).findBy({ shopId: shop.id })).toEqual([
      { slug: 'taller-uno-monterrey', shopId: shop.id },
    ]);

    // Saving the same values again changes nothing and logs nothing.
    const again = await write({ via: 'form' }, async (writes) => writes.update(await stored(shop.id), {}));
    expect(again.result.changes).toEqual({});
    expect(await history(shop.id)).toHaveLength(2);
  });

  it('restores a shop with the id, slug and dates a backup had', async () => {
    const createdAt = new Date('2025-01-02T03:04:05.000Z');
    const { result: shop } = await write({ via: 'restore', upload: 'respaldo.zip' }, (writes) =>
      writes.create(values({ name: 'Respaldo' }), {
        id: '00000000-0000-4000-8000-0000000000aa',
        slug: 'respaldo-monterrey',
        createdAt,
      }),
    );
    expect(shop.id).toBe('00000000-0000-4000-8000-0000000000aa');
    const { shop: row } = await stored(shop.id);
    expect(row.slug).toBe('respaldo-monterrey');
    expect(new Date(row.createdAt).toISOString()).toBe(createdAt.toISOString());
    expect((await history(shop.id))[0].details).toEqual({
      source: { via: 'restore', upload: 'respaldo.zip' },
    });
  });

  it('deletes shops with their categories and old slugs, logged one by one, images released', async () => {
    const { result: shop } = await write({ via: 'seed' }, (writes) =>
      writes.create(
        values({ name: 'Para Borrar', mapImageUrl: '/objects/uploads/00000000-0000-4000-8000-000000000002' }),
      ),
    );
    const { released } = await write({ via: 'bulk' }, (writes) => writes.remove([shop]));
    expect(released).toContain('/objects/uploads/00000000-0000-4000-8000-000000000002');
    expect(await dataSource.getRepository(Shop).findOneBy({ id: shop.id })).toBeNull();
    expect(await dataSource.getRepository(ShopCategory).findBy({ shopId: shop.id })).toEqual([]);
    expect((await history(shop.id)).map((entry) => [entry.kind, entry.details])).toEqual([
      ['shop.created', { source: { via: 'seed' } }],
      ['shop.deleted', { bulk: true }],
    ]);
  });

  it('keeps every period of a verification, who verified it from the actor, old and new in the history', async () => {
    const verifier: ActivityActor = {
      adminId: '00000000-0000-4000-8000-0000000000c1',
      username: 'carmen',
      client: null,
    };
    const period = { certificateNumber: 'ATM-1', verifiedOn: '2025-05-01', validUntil: '2026-05-01' };
    const created = await dataSource.transaction(async (manager) => {
      const writes = new ShopWrites(manager, activity, verifier, { via: 'form' }, null);
      const shop = await writes.create(values({ name: 'Certificada', isVerified: 'true', ...period }));
      await writes.finish();
      return shop;
    });
    const renewal = { certificateNumber: 'ATM-2', verifiedOn: '2026-05-01', validUntil: '2027-05-01' };
    await write({ via: 'form' }, async (writes) => writes.update(await stored(created.id), renewal));
    // A save that changes no period field adds no period.
    await write({ via: 'form' }, async (writes) =>
      writes.update(await stored(created.id), { phone: '+52 81 5555 0102' }),
    );
    const periods = await dataSource
      .getRepository(ShopVerificationPeriod)
      .find({ where: { shopId: created.id }, order: { recordedAt: 'ASC', certificateNumber: 'ASC' } });
    expect(periods).toEqual([
      expect.objectContaining({ ...period, verifiedBy: verifier.adminId, verifiedByName: 'carmen' }),
      expect.objectContaining({ ...renewal, verifiedBy: null, verifiedByName: 'carmen' }),
    ]);
    const renewed = (await history(created.id)).find((entry) => entry.kind === 'shop.updated');
    expect(renewed?.details).toEqual({
      changes: {
        certificateNumber: { from: 'ATM-1', to: 'ATM-2' },
        verifiedOn: { from: '2025-05-01', to: '2026-05-01' },
        validUntil: { from: '2026-05-01', to: '2027-05-01' },
      },
    });
  });

  it("refuses a period that ends before it begins, and another shop's current number", async () => {
    const period = { certificateNumber: 'ATM-9', verifiedOn: '2026-05-01', validUntil: '2027-05-01' };
    await write({ via: 'form' }, (writes) =>
      writes.create(values({ name: 'Primera', isVerified: 'true', ...period })),
    );
    await expect(
      write({ via: 'form' }, (writes) =>
        writes.create(values({ name: 'Segunda', isVerified: 'true', ...period })),
      ),
    ).rejects.toMatchObject({
      details: {
        errors: [expect.objectContaining({ field: 'certificateNumber', code: 'CERTIFICATE_NUMBER_TAKEN' })],
      },
    });
    await expect(
      write({ via: 'form' }, (writes) =>
        writes.create(
          values({ name: 'Tercera', ...period, certificateNumber: 'ATM-10', validUntil: '2026-04-30' }),
        ),
      ),
    ).rejects.toMatchObject({
      details: {
        errors: [expect.objectContaining({ field: 'validUntil', code: 'VALID_UNTIL_NOT_AFTER_VERIFIED_ON' })],
      },
    });
    // An unverified shop holds no current certificate: its number may be given to another.
    await write({ via: 'form' }, (writes) =>
      writes.create(values({ name: 'Cuarta', ...period, certificateNumber: 'ATM-9' })),
    );
  });
});
