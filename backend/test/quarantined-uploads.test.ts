import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { ImageSweepService } from '../src/backup/image-sweep.service.js';
import { ObjectStorage } from '../src/uploads/object-storage.js';
import { GIF_1X1, pngImage, shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { startS3Server } from './support/s3-server.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
// Every dialect with local storage (requests and marks are SQL); the S3 store once.
const combinations = [
  ...DIALECTS.map((dialect) => [dialect, 'local'] as const),
  [ANY_DIALECT[0], 's3'] as const,
];
const AFTER_GRACE = 24 * 3_600_000 + 1;

/** The path a listing request names a quarantined upload by: `/objects/quarantine/<uuid>`. */
function quarantinedPathOf(uploadURL: string): string {
  const { pathname } = new URL(uploadURL);
  return `/objects${pathname.slice(pathname.lastIndexOf('/quarantine/'))}`;
}

/** A shop as a gunsmith fills in "List my shop". */
function listingShop(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { isVerified: _verification, ...shop } = shopBody();
  return { ...shop, ...overrides };
}

describe.each(combinations)('quarantined uploads on %s with %s storage', (dialect, storage) => {
  let server: Started;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  let admin: TestAgent;
  let address = 0;
  /** Each test from its own address, so the per-address upload limit is this suite's to test. */
  const nextAddress = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    server = await startAppOnFreshDatabase(dialect, {
      ...(s3?.env ?? {}),
      TRUST_PROXY: '1',
      VISITOR_UPLOADS_PER_ADDRESS_PER_HOUR: '3',
      VISITOR_UPLOADS_PER_HOUR: '20',
    });
    admin = await loggedInAdmin(server.url);
  });
  afterAll(async () => {
    await server.close();
    await s3?.close();
  });

  /** Asks for a visitor's upload link with a solved proof of work; `status`, when given, is expected. */
  const linkFor = async (from: string, type = 'logo', status?: number) => {
    const answer = await request(server.url)
      .post('/api/requests/uploads')
      .set('X-Forwarded-For', from)
      .send({ type, altcha: await solvedProof(server.url) });
    if (status) expect(answer.status).toBe(status);
    return answer;
  };
  const uploaded = async (from: string, bytes: Buffer = GIF_1X1, type = 'image/gif') => {
    const link = (await linkFor(from, 'logo', 201)).body.uploadURL as string;
    const stored = await request(link).put('').set('Content-Type', type).send(bytes).expect(200);
    expect(stored.body.path).toBe(quarantinedPathOf(link));
    return stored.body.path as string;
  };
  const ask = async (from: string, shop: Record<string, unknown>) =>
    request(server.url)
      .post('/api/requests/listings')
      .set('X-Forwarded-For', from)
      .send({ shop: listingShop(shop), altcha: await solvedProof(server.url) });
  const stored = (path: string) => server.app.get(ObjectStorage).stat(path.slice('/objects/'.length));

  it('stores a visitor image in quarantine, served to no one', async () => {
    const from = nextAddress();
    const link = (await linkFor(from, 'map', 201)).body.uploadURL as string;
    expect(new URL(link).pathname).toMatch(/^\/api\/quarantine\/[0-9a-f-]{36}$/);
    await request(link).put('').set('Content-Type', 'image/png').send(pngImage(16, 16)).expect(200);
    const path = quarantinedPathOf(link);
    expect(await stored(path)).not.toBeNull();
    await request(server.url).get(path).expect(404);
    await request(server.url).get(path.replace('/quarantine/', '/uploads/')).expect(404);
    // Nor can an administrator's shop point at it.
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ logo: path }))
      .expect(400);
    // The same checks as any upload: not an image is refused, a link works once.
    await request(link).put('').set('Content-Type', 'image/png').send(pngImage(16, 16)).expect(403);
    const other = (await linkFor(from, 'logo', 201)).body.uploadURL as string;
    await request(other).put('').set('Content-Type', 'image/png').send(Buffer.from('<svg/>')).expect(415);
  });

  it('gives one address fewer upload links than submissions, then 429 with Retry-After', async () => {
    const from = nextAddress();
    for (let i = 0; i < 3; i++) await linkFor(from, 'logo', 201);
    const refused = await linkFor(from, 'logo', 429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // A link asked of another kind is refused as invalid.
    expect((await linkFor(nextAddress(), 'avatar')).status).toBe(400);
  });

  it('queues a listing naming its quarantined logo, and refuses one never uploaded', async () => {
    const from = nextAddress();
    const logo = await uploaded(from);
    const sent = await ask(from, { name: 'Taller con Logo', logo });
    expect(sent.status).toBe(201);
    const [row] = await server.dataSource.query(
      'SELECT proposed_shop FROM visitor_request WHERE reference = ?',
      [sent.body.reference],
    );
    expect(JSON.parse(row.proposed_shop).logo).toBe(logo);
    const missing = await ask(from, {
      name: 'Taller sin Logo',
      mapImageUrl: '/objects/quarantine/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      expect.objectContaining({ field: 'shop.mapImageUrl', code: 'INVALID_IMAGE' }),
    ]);
  });

  it('keeps a pending request’s images through the sweep, and deletes them once it is rejected', async () => {
    const from = nextAddress();
    const logo = await uploaded(from);
    const mapImageUrl = await uploaded(from, pngImage(8, 8), 'image/png');
    const unclaimed = await uploaded(from);
    const sent = await ask(from, { name: 'Taller Rechazado', logo, mapImageUrl });
    expect(sent.status).toBe(201);
    const sweeper = server.app.get(ImageSweepService);
    await sweeper.sweep(Date.now() + AFTER_GRACE);
    expect(await stored(logo)).not.toBeNull();
    expect(await stored(mapImageUrl)).not.toBeNull();
    expect(await stored(unclaimed)).toBeNull();

    const [{ id }] = await server.dataSource.query('SELECT id FROM visitor_request WHERE reference = ?', [
      sent.body.reference,
    ]);
    await admin.post(`/api/admin/requests/${id}/reject`).send({ reason: 'No es un taller' }).expect(200);
    await sweeper.sweep(Date.now() + AFTER_GRACE);
    expect(await stored(logo)).toBeNull();
    expect(await stored(mapImageUrl)).toBeNull();
  });

  it('approves a listing with its logo: the shop is created unverified, its logo served, the quarantined copy swept', async () => {
    const from = nextAddress();
    const logo = await uploaded(from, pngImage(24, 24), 'image/png');
    const sent = await ask(from, { name: 'Taller Aprobado', city: 'Celaya', logo });
    expect(sent.status).toBe(201);
    const { reference } = sent.body;
    const [{ id }] = await server.dataSource.query('SELECT id FROM visitor_request WHERE reference = ?', [
      reference,
    ]);
    const approved = await admin.post(`/api/admin/requests/${id}/approve`).send({}).expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', type: 'listing', shopName: 'Taller Aprobado' });
    const shopId = approved.body.shopId as string;
    const shop = (await request(server.url).get(`/api/shops/${shopId}`).expect(200)).body;
    expect(shop).toMatchObject({ name: 'Taller Aprobado', city: 'Celaya', isVerified: 'false' });
    expect(shop.logo).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    await request(server.url).get(shop.logo).expect(200).expect('Content-Type', 'image/png');
    const [created] = (await admin.get('/api/admin/activity').query({ shopId }).expect(200)).body.items;
    expect(created).toMatchObject({
      kind: 'shop.created',
      actorName: 'admin',
      details: { source: { via: 'suggestion', reference, approvedBy: 'admin' } },
    });
    // The quarantined original goes with the next sweep; the shop's copy stays.
    await server.app.get(ImageSweepService).sweep(Date.now() + AFTER_GRACE);
    expect(await stored(logo)).toBeNull();
    await request(server.url).get(shop.logo).expect(200);
  });

  it('refuses a link without a proof of work, or with one already spent, before the overall limit counts it', async () => {
    const ask = (altcha?: string) =>
      request(server.url)
        .post('/api/requests/uploads')
        .set('X-Forwarded-For', nextAddress())
        .send({ type: 'logo', ...(altcha ? { altcha } : {}) });
    expect((await ask()).body.code).toBe('PROOF_OF_WORK_FAILED');
    const proof = await solvedProof(server.url);
    expect((await ask(proof)).status).toBe(201);
    const again = await ask(proof);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('PROOF_OF_WORK_FAILED');
  });

  it('stops a flood of upload links spread over many addresses with the overall limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await linkFor(nextAddress())).status);
    expect(statuses).toContain(429);
    const [{ n }] = await server.dataSource.query(
      "SELECT COUNT(*) AS n FROM unattached_object WHERE `key` LIKE 'quarantine/%'",
    );
    expect(Number(n)).toBeLessThanOrEqual(20);
  });
});
