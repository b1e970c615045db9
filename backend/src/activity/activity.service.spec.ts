import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { SERVER_ACTOR, type ActivityActor } from './activity-actor.js';
import { ActivityEntry } from './activity-entry.entity.js';
import { ActivityService, type ActivityRecord } from './activity.service.js';
import type { ActivityQueryDto } from './dto/activity.dto.js';
import { stopClockAt, unitSuite } from '../../test/support/unit-module.js';

const CARMEN: ActivityActor = { adminId: randomUUID(), username: 'Carmen', client: '203.0.113.7' };
const NOON = Date.UTC(2026, 10, 23, 12);
const HOUR = 3_600_000;

describe('ActivityService', () => {
  const unit = unitSuite([]);
  const activity = unit.provider(ActivityService);

  afterEach(async () => {
    jest.useRealTimers();
    await unit.dataSource.getRepository(ActivityEntry).clear();
  });

  /** Writes entries as if at `at` (epoch ms), each in a transaction of its own. */
  const recordAt = async (at: number, ...entries: ActivityRecord[]) => {
    stopClockAt(at);
    await unit.dataSource.transaction((manager) => activity.recordAll(manager, entries));
    jest.useRealTimers();
  };
  const list = (query: ActivityQueryDto) => activity.list(query);
  const kindsOf = async (query: ActivityQueryDto) => (await list(query)).items.map((item) => item.kind);

  it('records who, from where and about which shop, an empty details object as none, the address cut to 64', async () => {
    const shop = { id: randomUUID(), name: 'Armería del Norte' };
    await recordAt(
      NOON,
      {
        kind: 'shop.updated',
        actor: { ...CARMEN, client: `2001:db8::${'f'.repeat(80)}` },
        shop,
        details: {},
      },
      { kind: 'backup.stored', actor: SERVER_ACTOR, details: { shops: 3 } },
    );
    const { items } = await list({});
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'backup.stored',
        actorId: null,
        actorName: null,
        client: null,
        shopId: null,
        details: { shops: 3 },
      }),
      expect.objectContaining({
        at: new Date(NOON).toISOString(),
        kind: 'shop.updated',
        actorId: CARMEN.adminId,
        actorName: 'Carmen',
        shopId: shop.id,
        shopName: 'Armería del Norte',
        details: null,
      }),
    ]);
    expect(items[1].client).toHaveLength(64);
  });

  it('writes in the caller’s transaction: a change that rolls back leaves no entry', async () => {
    await expect(
      unit.dataSource.transaction(async (manager) => {
        await activity.record(manager, { kind: 'shop.deleted', actor: CARMEN });
        throw new Error('the delete failed');
      }),
    ).rejects.toThrow('the delete failed');
    expect((await list({})).total).toBe(0);
  });

  it('writes a bulk action’s entries in several inserts, every one of them', async () => {
    const entries = Array.from({ length: 250 }, (_, i): ActivityRecord => ({
      kind: 'shop.verified',
      actor: CARMEN,
      shop: { id: randomUUID(), name: `Shop ${i}` },
    }));
    await recordAt(NOON, ...entries);
    expect((await list({ kind: 'shop.verified', pageSize: 1 })).total).toBe(250);
  });

  it('lists newest first, entries of one moment by id, a page at a time with the real total', async () => {
    await recordAt(NOON - HOUR, { kind: 'login.succeeded', actor: CARMEN });
    await recordAt(NOON, { kind: 'shop.created', actor: CARMEN }, { kind: 'shop.updated', actor: CARMEN });
    expect(await kindsOf({})).toEqual(['shop.updated', 'shop.created', 'login.succeeded']);
    expect(await list({ page: 2, pageSize: 2 })).toMatchObject({
      items: [expect.objectContaining({ kind: 'login.succeeded' })],
      total: 3,
      page: 2,
      pageSize: 2,
    });
    expect(await list({ page: 9, pageSize: 2 })).toMatchObject({ items: [], total: 3 });
  });

  it('filters by kind, shop, and the actor’s name as it was then, in any case', async () => {
    const shopId = randomUUID();
    await recordAt(
      NOON,
      { kind: 'shop.updated', actor: CARMEN, shop: { id: shopId, name: 'Norte' } },
      {
        kind: 'shop.updated',
        actor: { ...CARMEN, username: 'Carmencita' },
        shop: { id: randomUUID(), name: 'Sur' },
      },
      { kind: 'login.failed', actor: { adminId: null, username: null, client: '198.51.100.1' } },
    );
    expect((await list({ actor: 'CARMEN' })).items.map((item) => item.actorName)).toEqual(['Carmen']);
    expect((await list({ shopId })).items.map((item) => item.shopName)).toEqual(['Norte']);
    expect(await kindsOf({ kind: 'login.failed' })).toEqual(['login.failed']);
  });

  it('finds shops by part of their name then, taking % and _ literally', async () => {
    const named = (name: string): ActivityRecord => ({
      kind: 'shop.created',
      actor: CARMEN,
      shop: { id: randomUUID(), name },
    });
    await recordAt(
      NOON,
      named('Armería 100% Mexicana'),
      named('Armería 1000 Mexicana'),
      named('Tiro_al_blanco'),
      named('Tiro al blanco'),
    );
    const shopsFound = async (shop: string) =>
      (await list({ shop })).items.map((item) => item.shopName).sort();
    expect(await shopsFound('100%')).toEqual(['Armería 100% Mexicana']);
    expect(await shopsFound('o_al')).toEqual(['Tiro_al_blanco']);
    expect(await shopsFound('ARMER')).toEqual(['Armería 100% Mexicana', 'Armería 1000 Mexicana']);
  });

  it('reads from as inclusive and to as exclusive, a time without an offset as UTC', async () => {
    await recordAt(NOON - HOUR, { kind: 'login.succeeded', actor: CARMEN });
    await recordAt(NOON, { kind: 'shop.created', actor: CARMEN });
    await recordAt(NOON + HOUR, { kind: 'shop.deleted', actor: CARMEN });
    expect(await kindsOf({ from: '2026-11-23T12:00:00', to: '2026-11-23T13:00:00' })).toEqual([
      'shop.created',
    ]);
    expect(await kindsOf({ from: '2026-11-23T07:00:00-05:00' })).toEqual(['shop.deleted', 'shop.created']);
    expect(await kindsOf({ to: '2026-11-23T12:00:00Z' })).toEqual(['login.succeeded']);
    expect(await kindsOf({ from: '2026-11-23', to: '2026-11-24' })).toHaveLength(3);
  });

  it('refuses dates it cannot place in time, and a range that ends before it starts', async () => {
    await expect(list({ from: '2026-W48-1' })).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      details: { errors: [expect.objectContaining({ field: 'from', code: 'INVALID_DATE' })] },
    });
    await expect(list({ to: '2026-327' })).rejects.toMatchObject({
      details: { errors: [expect.objectContaining({ field: 'to', code: 'INVALID_DATE' })] },
    });
    for (const to of ['2026-11-23T12:00:00Z', '2026-11-23T11:00:00Z']) {
      await expect(list({ from: '2026-11-23T12:00:00Z', to })).rejects.toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        details: { errors: [expect.objectContaining({ field: 'to', code: 'OUT_OF_RANGE' })] },
      });
    }
  });

  it('reads a run of Ts in a date in linear time', async () => {
    const started = performance.now();
    await expect(list({ from: `2026-11-23${'T'.repeat(50_000)}` })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('deletes only entries older than the cut-off, and says how many', async () => {
    await recordAt(
      NOON - 2 * HOUR,
      { kind: 'login.failed', actor: CARMEN },
      { kind: 'login.failed', actor: CARMEN },
    );
    await recordAt(NOON, { kind: 'login.succeeded', actor: CARMEN });
    expect(await activity.deleteOlderThan(NOON)).toBe(2);
    expect(await kindsOf({})).toEqual(['login.succeeded']);
  });

  it('streams the whole log oldest first, in chunks, for a backup', async () => {
    await recordAt(NOON, { kind: 'login.succeeded', actor: CARMEN });
    await recordAt(
      NOON + HOUR,
      ...Array.from({ length: 1_000 }, (): ActivityRecord => ({ kind: 'shop.verified', actor: CARMEN })),
    );
    const chunks: string[][] = [];
    for await (const chunk of activity.allEntries()) chunks.push(chunk.map((entry) => entry.kind));
    expect(chunks.map((chunk) => chunk.length)).toEqual([1_000, 1]);
    expect(chunks[0][0]).toBe('login.succeeded');
  });
});
