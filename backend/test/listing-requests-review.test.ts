import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { ObjectStorage } from '../src/uploads/object-storage.js';
import { GIF_1X1, pngImage, shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { startS3Server } from './support/s3-server.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
// Every dialect with local storage (requests are SQL); the S3 store once (the preview streams from it).
const combinations = [
  ...DIALECTS.map((dialect) => [dialect, 'local'] as const),
  [ANY_DIALECT[0], 's3'] as const,
];
const QUARANTINE_PREVIEW = '/api/admin/quarantine/';

/** A shop as a gunsmith fills in "List my shop". */
function listingShop(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { isVerified: _verification, ...shop } = shopBody();
  return { ...shop, ...overrides };
}

const uuidOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe.each(combinations)(
  'an administrator reviews listing requests on %s with %s storage',
  (dialect, storage) => {
    let server: Started;
    let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
    let admin: TestAgent;
    let address = 0;
    const nextAddress = () => `203.0.113.${++address}`;

    beforeAll(async () => {
      s3 = storage === 's3' ? await startS3Server() : undefined;
      server = await startAppOnFreshDatabase(dialect, {
        ...(s3?.env ?? {}),
        TRUST_PROXY: '1',
        VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '1000',
      });
      admin = await loggedInAdmin(server.url);
    });
    afterAll(async () => {
      await server.close();
      await s3?.close();
    });

    const upload = async (from: string, bytes: Buffer = GIF_1X1, type = 'image/gif') => {
      const link = (
        await request(server.url)
          .post('/api/requests/uploads')
          .set('X-Forwarded-For', from)
          .send({ type: 'logo', altcha: await solvedProof(server.url) })
          .expect(201)
      ).body.uploadURL as string;
      return (await request(link).put('').set('Content-Type', type).send(bytes).expect(200)).body
        .path as string;
    };
    /** Sends a listing request and answers its id and reference. */
    const listed = async (shop: Record<string, unknown>) => {
      const from = nextAddress();
      const sent = await request(server.url)
        .post('/api/requests/listings')
        .set('X-Forwarded-For', from)
        .send({ shop: listingShop(shop), altcha: await solvedProof(server.url) })
        .expect(201);
      const [{ id }] = await server.dataSource.query('SELECT id FROM visitor_request WHERE reference = ?', [
        sent.body.reference,
      ]);
      return { id: id as string, reference: sent.body.reference as string };
    };
    const countUploads = async () => {
      let n = 0;
      for await (const _key of server.app.get(ObjectStorage).list('uploads/')) n++;
      return n;
    };

    it('filters the queue by kind, counts listing requests as pending, and opens one with its shop', async () => {
      const { id, reference } = await listed({ name: 'Taller Filtrado', city: 'Tepic' });
      const shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id as string;
      await request(server.url)
        .post('/api/requests/corrections')
        .set('X-Forwarded-For', nextAddress())
        .send({ shopId, kind: 'phone', value: '33 5555 6666', altcha: await solvedProof(server.url) })
        .expect(201);
      const listings = (await admin.get('/api/admin/requests').query({ type: 'listing', status: 'pending' }))
        .body;
      expect(listings.items.map((item: { type: string }) => item.type)).toEqual(
        listings.items.map(() => 'listing'),
      );
      expect(listings.items.map((item: { reference: string }) => item.reference)).toContain(reference);
      const corrections = (await admin.get('/api/admin/requests').query({ type: 'correction' })).body;
      expect(corrections.total).toBeGreaterThan(0);
      expect(corrections.items.every((item: { type: string }) => item.type === 'correction')).toBe(true);
      const { pending } = (await admin.get('/api/admin/requests/pending-count').expect(200)).body;
      expect(pending).toBe(listings.total + corrections.total);
      const opened = (await admin.get(`/api/admin/requests/${id}`).expect(200)).body;
      expect(opened).toMatchObject({
        reference,
        type: 'listing',
        proposedShop: expect.objectContaining({ name: 'Taller Filtrado', city: 'Tepic' }),
      });
      expect(opened.proposedShop).not.toHaveProperty('isVerified');
      await admin.get(`/api/admin/requests/${randomUUID()}`).expect(404);
      await request(server.url).get(`/api/admin/requests/${id}`).expect(401);
    });

    it('previews a quarantined image to administrators only, never under /objects', async () => {
      const path = await upload(nextAddress(), pngImage(12, 12), 'image/png');
      const preview = `${QUARANTINE_PREVIEW}${uuidOf(path)}`;
      const shown = await admin.get(preview).buffer(true).expect(200);
      expect(shown.headers['content-type']).toBe('image/png');
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      expect(shown.headers['content-security-policy']).toContain('sandbox');
      expect(shown.headers['content-security-policy']).toContain("default-src 'none'");
      expect(shown.headers['cache-control']).toBe('private, no-store');
      expect(shown.headers['content-disposition']).toBe('inline');
      expect(Buffer.compare(shown.body as Buffer, pngImage(12, 12))).toBe(0);
      const anonymous = await request(server.url).get(preview).expect(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      await request(server.url).get(path).expect(404);
      await request(server.url)
        .get(`/objects/uploads/${uuidOf(path)}`)
        .expect(404);
      await admin.get(`${QUARANTINE_PREVIEW}${randomUUID()}`).expect(404);
      await admin.get(`${QUARANTINE_PREVIEW}..%2Fuploads%2Fx`).expect(404);
    });

    it.each([
      ['an SVG', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['an HTML page', 'text/html', '<!doctype html><script>alert(1)</script>'],
    ])('never serves %s in quarantine as active content', async (_what, type, text) => {
      // Stored behind the upload checks' back, as a misbehaving store or an old bug could have.
      const key = `quarantine/${randomUUID()}`;
      await server.app.get(ObjectStorage).put(key, Buffer.from(text), type);
      const shown = await admin
        .get(`${QUARANTINE_PREVIEW}${uuidOf(key)}`)
        .buffer(true)
        .expect(200);
      expect(shown.headers['content-type']).toBe('application/octet-stream');
      expect(shown.headers['content-disposition']).toMatch(/^attachment/);
      expect(shown.headers['x-content-type-options']).toBe('nosniff');
      expect(shown.headers['content-security-policy']).toContain('sandbox');
    });

    it('approves with the administrator’s edits: the shop is created unverified with them and the visitor’s logo', async () => {
      const logo = await upload(nextAddress(), pngImage(20, 20), 'image/png');
      const { id, reference } = await listed({ name: 'Taller Editable', phone: '33 1111 2222', logo });
      const proposed = (await admin.get(`/api/admin/requests/${id}`).expect(200)).body.proposedShop;
      const approved = await admin
        .post(`/api/admin/requests/${id}/approve`)
        .send({ shop: { ...proposed, phone: ' 33 9999 0000 ', city: 'Zapopan' } })
        .expect(200);
      expect(approved.body).toMatchObject({ status: 'approved', type: 'listing', reference });
      const shop = (await request(server.url).get(`/api/shops/${approved.body.shopId}`).expect(200)).body;
      expect(shop).toMatchObject({
        name: 'Taller Editable',
        phone: '33 9999 0000',
        city: 'Zapopan',
        isVerified: 'false',
      });
      expect(shop.logo).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
      await request(server.url).get(shop.logo).expect(200).expect('Content-Type', 'image/png');
      const [created] = (
        await admin.get('/api/admin/activity').query({ shopId: approved.body.shopId }).expect(200)
      ).body.items;
      expect(created).toMatchObject({
        kind: 'shop.created',
        details: { source: { via: 'suggestion', reference, approvedBy: 'admin' } },
      });
    });

    it('refuses a bad edit per field and loses nothing: the request stays pending as the visitor sent it', async () => {
      const logo = await upload(nextAddress());
      const other = await upload(nextAddress());
      const { id } = await listed({ name: 'Taller Intacto', logo });
      const before = (await admin.get(`/api/admin/requests/${id}`).expect(200)).body;
      const uploadsBefore = await countUploads();
      const refused = await admin
        .post(`/api/admin/requests/${id}/approve`)
        .send({ shop: { ...before.proposedShop, phone: 'llámame', email: 'no es correo' } })
        .expect(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`)).toEqual(
        ['shop.phone:INVALID_PHONE', 'shop.email:INVALID_EMAIL'],
      );
      // Another request's quarantined image is not this request's to claim.
      const foreign = await admin
        .post(`/api/admin/requests/${id}/approve`)
        .send({ shop: { ...before.proposedShop, logo: other } })
        .expect(400);
      expect(foreign.body.errors).toEqual([
        expect.objectContaining({ field: 'shop.logo', code: 'INVALID_IMAGE' }),
      ]);
      // Verification is a separate act: an approval cannot carry it.
      await admin
        .post(`/api/admin/requests/${id}/approve`)
        .send({ shop: { ...before.proposedShop, isVerified: 'true' } })
        .expect(400);
      const after = (await admin.get(`/api/admin/requests/${id}`).expect(200)).body;
      expect(after).toEqual(before);
      expect(await countUploads()).toBe(uploadsBefore);
      // The same request still approves as the visitor sent it.
      await admin.post(`/api/admin/requests/${id}/approve`).send({}).expect(200);
    });
  },
);

describe('the quarantine preview on an installation that requires a second factor', () => {
  let server: Started;
  afterAll(() => server?.close());

  it('refuses an administrator who has not set one up yet (403)', async () => {
    server = await startAppOnFreshDatabase(ANY_DIALECT[0], { MFA_REQUIRED: 'true' });
    const admin = await loggedInAdmin(server.url);
    const refused = await admin.get(`${QUARANTINE_PREVIEW}${randomUUID()}`).expect(403);
    expect(refused.body.code).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
  });
});
