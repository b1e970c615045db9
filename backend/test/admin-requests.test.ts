import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
interface Item {
  id: string;
  reference: string;
  status: string;
  kind: string;
  currentValue: string | null;
  proposedValue: string | null;
}

describe.each(DIALECTS)('the administrators queue of requests on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let shopId: string;
  const suggest = async (body: Record<string, unknown>) =>
    (
      await request(server.url)
        .post('/api/requests/corrections')
        .send({ shopId, altcha: await solvedProof(server.url), ...body })
        .expect(201)
    ).body.reference as string;
  const list = async (query: Record<string, string | number> = {}) =>
    (await admin.get('/api/admin/requests').query(query).expect(200)).body as {
      items: Item[];
      total: number;
    };
  const byReference = async (reference: string) =>
    (await list({ pageSize: 100 })).items.find((item) => item.reference === reference)!;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '1000' });
    admin = await loggedInAdmin(server.url);
    shopId = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ phone: '33 1111 1111' }))
        .expect(201)
    ).body.id;
  });
  afterAll(() => server.close());

  it('is for administrators only', async () => {
    await request(server.url).get('/api/admin/requests').expect(401);
    await request(server.url).get('/api/admin/requests/pending-count').expect(401);
    await request(server.url).post('/api/admin/requests/spam').send({ ids: [] }).expect(401);
  });

  it('lists newest first with the current value beside the proposal, filtered and paged, and counts pending', async () => {
    const phone = await suggest({ kind: 'phone', value: '33 2222 2222' });
    const other = await suggest({ kind: 'other', comment: 'Abren sábados' });
    const { items, total } = await list();
    expect(total).toBe(2);
    expect(items.map((item) => item.reference)).toEqual([other, phone]);
    expect(items[1]).toMatchObject({
      kind: 'phone',
      currentValue: '33 1111 1111',
      proposedValue: '33 2222 2222',
    });
    expect((await list({ kind: 'phone' })).items.map((item) => item.reference)).toEqual([phone]);
    expect((await list({ pageSize: 1, page: 2 })).items.map((item) => item.reference)).toEqual([phone]);
    expect((await admin.get('/api/admin/requests/pending-count').expect(200)).body).toEqual({ pending: 2 });
    const refused = await admin.get('/api/admin/requests').query({ status: 'lost' }).expect(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'status', code: 'INVALID_VALUE' });
  });

  it('approves through the shop writer: the public shop changes and its history names the reference', async () => {
    const reference = await suggest({ kind: 'phone', value: '33 3333 3333' });
    const { id } = await byReference(reference);
    const approved = await admin.post(`/api/admin/requests/${id}/approve`).send({}).expect(200);
    expect(approved.body).toMatchObject({
      status: 'approved',
      decidedBy: 'admin',
      currentValue: '33 3333 3333',
    });
    expect((await request(server.url).get(`/api/shops/${shopId}`).expect(200)).body.phone).toBe(
      '33 3333 3333',
    );
    const history = (await admin.get('/api/admin/activity').query({ shopId }).expect(200)).body.items;
    expect(history[0]).toMatchObject({
      kind: 'shop.updated',
      actorName: 'admin',
      details: {
        changes: { phone: { from: '33 1111 1111', to: '33 3333 3333' } },
        source: { via: 'suggestion', reference, approvedBy: 'admin' },
      },
    });
    const again = await admin.post(`/api/admin/requests/${id}/approve`).send({}).expect(409);
    expect(again.body.code).toBe('REQUEST_ALREADY_DECIDED');
  });

  it('approves with an edited value, checked with the shop rules first', async () => {
    const reference = await suggest({ kind: 'hours', value: 'de lunes a viernes de 9 a 7' });
    const { id } = await byReference(reference);
    const refused = await admin.post(`/api/admin/requests/${id}/approve`).send({}).expect(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'value', code: 'INVALID_HOURS' });
    expect((await byReference(reference)).status).toBe('pending');
    await admin.post(`/api/admin/requests/${id}/approve`).send({ value: 'Mo-Fr 09:00-19:00' }).expect(200);
    expect((await request(server.url).get(`/api/shops/${shopId}`).expect(200)).body.openingHours).toBe(
      'Mo-Fr 09:00-19:00',
    );
  });

  it('rejects with a reason and marks spam in bulk, leaving the shop as it was', async () => {
    const rejected = await suggest({ kind: 'address', value: 'Calle Falsa 123' });
    const spamA = await suggest({ kind: 'other', comment: 'buy now' });
    const spamB = await suggest({ kind: 'other', comment: 'cheap pills' });
    const before = (await request(server.url).get(`/api/shops/${shopId}`).expect(200)).body;
    const { id } = await byReference(rejected);
    const answer = await admin
      .post(`/api/admin/requests/${id}/reject`)
      .send({ reason: 'No coincide con lo que vimos' })
      .expect(200);
    expect(answer.body).toMatchObject({ status: 'rejected', decisionReason: 'No coincide con lo que vimos' });
    const ids = [(await byReference(spamA)).id, (await byReference(spamB)).id, id];
    expect((await admin.post('/api/admin/requests/spam').send({ ids }).expect(200)).body).toEqual({
      marked: 2,
    });
    expect((await list({ status: 'spam' })).items.map((item) => item.reference).sort()).toEqual(
      [spamA, spamB].sort(),
    );
    expect((await request(server.url).get(`/api/shops/${shopId}`).expect(200)).body).toEqual(before);
    await admin.post(`/api/admin/requests/00000000-0000-4000-8000-000000000000/reject`).send({}).expect(404);
  });

  it('approves "closed for good" by removing the shop from the directory', async () => {
    const other = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Cerrado SA' }))
        .expect(201)
    ).body.id;
    const reference = (
      await request(server.url)
        .post('/api/requests/corrections')
        .send({ shopId: other, kind: 'closed', altcha: await solvedProof(server.url) })
        .expect(201)
    ).body.reference;
    await admin
      .post(`/api/admin/requests/${(await byReference(reference)).id}/approve`)
      .send({})
      .expect(200);
    await request(server.url).get(`/api/shops/${other}`).expect(404);
  });
});
