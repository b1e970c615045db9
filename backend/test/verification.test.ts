import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DEFAULT_SHOP_TIME_ZONE, localDay } from 'contract';
import { VerificationExpiry } from '../src/shops/verification-expiry.service.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
type Shop = { id: string; name: string; isVerified: string; certificateNumber: string | null };

const DAY_MS = 86_400_000;
/** A day (`YYYY-MM-DD`) `days` from today in Mexico City. */
const dayFromToday = (days: number) => localDay(Date.now() + days * DAY_MS, DEFAULT_SHOP_TIME_ZONE);

/**
 * A verification with a life, over HTTP: the period's rules, and its end acting on the API, the
 * public filter and the dashboard with no one touching the shop.
 */
describe.each(DIALECTS)('verification periods on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const period = (number: string, validUntil: string | null) => ({
    isVerified: 'true',
    certificateNumber: number,
    verifiedOn: dayFromToday(-300),
    validUntil,
  });

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it("refuses a period that ends before it begins, and another shop's current number, beside the field", async () => {
    const early = await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Fechas al revés', ...period('ATM-REV', dayFromToday(-301)) }))
      .expect(400);
    expect(early.body.errors).toEqual([
      expect.objectContaining({ field: 'validUntil', code: 'VALID_UNTIL_NOT_AFTER_VERIFIED_ON' }),
    ]);
    const badDay = await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Día raro', ...period('ATM-RARO', '2027-02-30') }))
      .expect(400);
    expect(badDay.body.errors).toEqual([
      expect.objectContaining({ field: 'validUntil', code: 'INVALID_DATE' }),
    ]);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Primera con número', ...period('atm-dup-1', null) }))
      .expect(201);
    const taken = await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Segunda con número', ...period('ATM-DUP-1', null) }))
      .expect(400);
    expect(taken.body.errors).toEqual([
      expect.objectContaining({ field: 'certificateNumber', code: 'CERTIFICATE_NUMBER_TAKEN' }),
    ]);
  });

  it('stops showing a shop as verified the day after valid-until, in the API, the filter and the dashboard', async () => {
    const ending = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Vence Mañana', ...period('ATM-2026/001', dayFromToday(1)) }))
        .expect(201)
    ).body as Shop;
    const legacy = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Sin Fechas', isVerified: 'true' }))
        .expect(201)
    ).body as Shop;
    expect(ending).toMatchObject({ isVerified: 'true', certificateNumber: 'ATM-2026/001' });

    const verifiedNames = async () =>
      (
        (await request(server.url).get('/api/shops/listing?verified=only').expect(200)).body as {
          items: Shop[];
        }
      ).items.map((shop) => shop.name);
    expect(await verifiedNames()).toEqual(expect.arrayContaining(['Vence Mañana', 'Sin Fechas']));
    const stats = async (query = '') =>
      (await admin.get(`/api/admin/shops${query}`).expect(200)).body as {
        stats: { expiringSoon: number; expired: number };
        items: Shop[];
      };
    expect((await stats()).stats).toMatchObject({ expiringSoon: 1, expired: 0 });
    expect((await stats('?verification=expiring')).items.map((shop) => shop.name)).toEqual(['Vence Mañana']);

    // Today and tomorrow nothing changes; two days on the job takes the badge off by itself.
    const expiry = server.app.get(VerificationExpiry);
    expect(await expiry.expireCertificates(Date.now())).toBe(0);
    expect(await expiry.expireCertificates(Date.now() + 2 * DAY_MS)).toBe(1);

    const after = (await request(server.url).get(`/api/shops/${ending.id}`).expect(200)).body as Shop;
    expect(after.isVerified).toBe('false');
    expect(
      ((await request(server.url).get(`/api/shops/${legacy.id}`).expect(200)).body as Shop).isVerified,
    ).toBe('true');
    expect(await verifiedNames()).not.toContain('Vence Mañana');
    expect(await verifiedNames()).toContain('Sin Fechas');

    // Logged as the server's change, with old and new.
    const activity = (await admin.get(`/api/admin/activity?shopId=${ending.id}`).expect(200)).body as {
      items: { kind: string; actor: unknown; details: Record<string, unknown> }[];
    };
    expect(activity.items[0]).toMatchObject({
      kind: 'shop.unverified',
      details: { changes: { isVerified: { from: 'true', to: 'false' } }, source: { via: 'expiry' } },
    });
    // A certificate already past counts as expired on the dashboard, and the list filters by it.
    await admin
      .post('/api/admin/shops')
      .send(
        shopBody({ name: 'Ya Vencida', ...period('ATM-2025/009', dayFromToday(-1)), isVerified: 'false' }),
      )
      .expect(201);
    expect((await stats()).stats).toMatchObject({ expired: 1 });
    expect((await stats('?verification=expired')).items.map((shop) => shop.name)).toEqual(['Ya Vencida']);
    // A second run finds nothing more to do.
    expect(await expiry.expireCertificates(Date.now() + 2 * DAY_MS)).toBe(0);
  });
});
