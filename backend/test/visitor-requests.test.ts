import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REQUEST_REFERENCE_PATTERN } from 'contract';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof, wrongProof } from './support/proof-of-work.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('visitors suggest corrections on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let shopId: string;
  const queued = async () =>
    (await server.dataSource.query('SELECT * FROM visitor_request ORDER BY created_at')) as Record<
      string,
      unknown
    >[];
  const suggest = async (body: Record<string, unknown>, status: number, id = shopId) =>
    request(server.url)
      .post('/api/requests/corrections')
      .send({ shopId: id, altcha: await solvedProof(server.url), ...body })
      .expect(status);

  beforeAll(async () => {
    // A high per-address limit: this suite is about the queue, the security suite about limits.
    server = await startAppOnFreshDatabase(dialect, { VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '1000' });
    admin = await loggedInAdmin(server.url);
    shopId = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ phone: '33 1234 5678' }))
        .expect(201)
    ).body.id;
  });
  afterAll(() => server.close());

  it('gives a signed challenge without a cookie, never cached', async () => {
    const response = await request(server.url).get('/api/requests/challenge').expect(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect(typeof response.body.signature).toBe('string');
  });

  it('queues a correction with a reference code, and the public shop stays as it was', async () => {
    const response = await suggest(
      {
        kind: 'phone',
        value: ' 33 8765 4321 ',
        name: 'Ana',
        email: 'ana@example.com',
        consent: true,
      },
      201,
    );
    expect(response.body.reference).toMatch(REQUEST_REFERENCE_PATTERN);
    const [row] = await queued();
    expect(row).toMatchObject({
      reference: response.body.reference,
      type: 'correction',
      status: 'pending',
      shop_id: shopId,
      kind: 'phone',
      proposed_value: '33 8765 4321',
      submitter_name: 'Ana',
      submitter_email: 'ana@example.com',
    });
    expect((await request(server.url).get(`/api/shops/${shopId}`).expect(200)).body.phone).toBe(
      '33 1234 5678',
    );
  });

  it("takes a report that a shop's certificate looks false, with nothing more to say, and shows it to administrators by its kind", async () => {
    const { reference } = (await suggest({ kind: 'false-cert' }, 201)).body as { reference: string };
    const listed = (
      await admin.get('/api/admin/requests').query({ kind: 'false-cert', pageSize: 100 }).expect(200)
    ).body as { items: { reference: string; kind: string; shopId: string }[] };
    expect(listed.items).toEqual([expect.objectContaining({ reference, kind: 'false-cert', shopId })]);
  });

  it('merges the same suggestion for the same shop within a day', async () => {
    const before = (await queued()).length;
    const first = (await suggest({ kind: 'address', value: 'Calle Hidalgo 5' }, 201)).body;
    const again = (await suggest({ kind: 'address', value: 'calle  HIDALGO 5' }, 201)).body;
    expect(again.reference).toBe(first.reference);
    const rows = await queued();
    expect(rows).toHaveLength(before + 1);
    expect(Number(rows.find((row) => row.reference === first.reference)?.duplicates)).toBe(1);
  });

  it('refuses a missing, wrong or replayed proof of work with 400', async () => {
    const url = '/api/requests/corrections';
    const body = { shopId, kind: 'other', comment: 'Ya no abren los lunes' };
    for (const altcha of [undefined, 'bm90IGpzb24=', await wrongProof(server.url)]) {
      const refused = await request(server.url)
        .post(url)
        .send({ ...body, altcha })
        .expect(400);
      expect(refused.body.code).toBe('PROOF_OF_WORK_FAILED');
    }
    const proof = await solvedProof(server.url);
    await request(server.url)
      .post(url)
      .send({ ...body, altcha: proof })
      .expect(201);
    const replayed = await request(server.url)
      .post(url)
      .send({ shopId, kind: 'other', comment: 'otra cosa', altcha: proof })
      .expect(400);
    expect(replayed.body.code).toBe('PROOF_OF_WORK_FAILED');
  });

  it('answers a filled honeypot like a success and queues nothing', async () => {
    const before = (await queued()).length;
    const response = await request(server.url)
      .post('/api/requests/corrections')
      .send({ shopId, kind: 'phone', value: '55 5555 5555', homepage: 'http://spam.example' })
      .expect(201);
    expect(response.body.reference).toMatch(REQUEST_REFERENCE_PATTERN);
    expect(await queued()).toHaveLength(before);
  });

  it('says which field is wrong, with the shop rules codes', async () => {
    const fieldOf = async (body: Record<string, unknown>) => {
      const response = await suggest(body, 400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      return response.body.errors.map(
        (error: { field: string; code: string }) => `${error.field}:${error.code}`,
      );
    };
    expect(await fieldOf({ kind: 'phone', value: 'no es un teléfono' })).toEqual(['value:INVALID_PHONE']);
    expect(await fieldOf({ kind: 'phone' })).toEqual(['value:REQUIRED']);
    expect(await fieldOf({ kind: 'other', value: 'a\u0000b' })).toEqual(['value:CONTROL_CHARACTERS']);
    expect(await fieldOf({ kind: 'other', comment: 'x'.repeat(2001) })).toEqual(['comment:TOO_LONG']);
    expect(await fieldOf({ kind: 'closed', email: 'ana@example.com' })).toEqual(['consent:REQUIRED']);
    expect(await fieldOf({ kind: 'closed', email: 'no-arroba', consent: true })).toEqual([
      'email:INVALID_EMAIL',
    ]);
    expect(await fieldOf({ kind: 'moved' })).toEqual(['kind:INVALID_VALUE']);
    expect(await fieldOf({ kind: 'closed', extra: 1 })).toEqual(['extra:UNKNOWN_FIELD']);
  });

  it('answers 404 for a shop that does not exist', async () => {
    const missing = await suggest({ kind: 'closed' }, 404, '00000000-0000-4000-8000-000000000000');
    expect(missing.body.code).toBe('SHOP_NOT_FOUND');
  });
});
