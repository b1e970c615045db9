import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { VisitorDataRetentionService } from '../src/visitor-requests/visitor-data-retention.service.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const DAY_MS = 86_400_000;

describe.each(DIALECTS)("erasing submitters' personal data on %s", (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let shopId: string;
  const row = async (reference: string) =>
    (
      await server.dataSource.query(
        'SELECT status, submitter_name, submitter_email, submitter_address, personal_data_erased_at, proposed_value FROM visitor_request WHERE reference = ?',
        [reference],
      )
    )[0] as Record<string, unknown>;
  const suggest = async (value: string) =>
    (
      await request(server.url)
        .post('/api/requests/corrections')
        .send({
          shopId,
          kind: 'address',
          value,
          name: 'Ana Pérez',
          email: 'ana@example.com',
          consent: true,
          altcha: await solvedProof(server.url),
        })
        .expect(201)
    ).body.reference as string;
  const idOf = async (reference: string, status = 'pending') =>
    (await admin.get('/api/admin/requests').query({ pageSize: 100, status }).expect(200)).body.items.find(
      (item: { reference: string }) => item.reference === reference,
    ).id as string;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { VISITOR_DATA_RETENTION_DAYS: '30' });
    admin = await loggedInAdmin(server.url);
    shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
  });
  afterAll(() => server.close());

  it('keeps name, e-mail and address until the decision plus the period, then erases only them', async () => {
    const decided = await suggest('Calle Uno 1');
    const waiting = await suggest('Calle Dos 2');
    await admin
      .post(`/api/admin/requests/${await idOf(decided)}/reject`)
      .send({ reason: 'No' })
      .expect(200);
    const retention = server.app.get(VisitorDataRetentionService);
    const now = Date.now();

    expect(await retention.eraseExpired(now + 29 * DAY_MS)).toBe(0);
    expect(await row(decided)).toMatchObject({
      submitter_name: 'Ana Pérez',
      submitter_email: 'ana@example.com',
    });
    expect((await row(decided)).submitter_address).toBeTruthy();

    expect(await retention.eraseExpired(now + 31 * DAY_MS)).toBe(1);
    expect(await row(decided)).toMatchObject({
      status: 'rejected',
      submitter_name: null,
      submitter_email: null,
      submitter_address: null,
      proposed_value: 'Calle Uno 1',
    });
    expect(Number((await row(decided)).personal_data_erased_at)).toBe(now + 31 * DAY_MS);
    // A request still waiting for its decision keeps them: the submitter waits for an answer.
    expect(await row(waiting)).toMatchObject({ status: 'pending', submitter_email: 'ana@example.com' });
    const listed = (await admin.get('/api/admin/requests').query({ status: 'rejected' }).expect(200)).body
      .items;
    expect(listed[0]).toMatchObject({ reference: decided, submitterName: null, submitterEmail: null });
    expect(await retention.eraseExpired(now + 32 * DAY_MS)).toBe(0);
  });

  it("erases decided requests' proposed shops and visitors' own words after the period, not newer ones'", async () => {
    const submit = async (path: string, body: Record<string, unknown>) =>
      (
        await request(server.url)
          .post(path)
          .send({ ...body, altcha: await solvedProof(server.url) })
          .expect(201)
      ).body.reference as string;
    const listing = (name: string) => {
      const { isVerified: _verification, ...shop } = shopBody({ name, phone: '+52 222 555 0101' });
      return submit('/api/requests/listings', {
        shop,
        name: 'Beto',
        email: 'beto@example.com',
        consent: true,
      });
    };
    const oldRejected = await listing('Taller Rechazado Viejo');
    const newRejected = await listing('Taller Rechazado Nuevo');
    const oldApproved = await listing('Taller Aprobado Viejo');
    const oldOther = await submit('/api/requests/corrections', {
      shopId,
      kind: 'other',
      value: 'El dueño es mi primo Pepe, atiende sólo en las tardes',
      comment: 'Me lo dijo su esposa',
      consent: true,
      email: 'primo@example.com',
    });
    for (const reference of [oldRejected, newRejected, oldOther])
      await admin
        .post(`/api/admin/requests/${await idOf(reference)}/reject`)
        .send({ reason: 'Datos incompletos' })
        .expect(200);
    const shop = (
      await admin
        .post(`/api/admin/requests/${await idOf(oldApproved)}/approve`)
        .send({})
        .expect(200)
    ).body.shopId as string;
    // Decided 31 days before this run, the others today.
    await server.dataSource.query(
      'UPDATE visitor_request SET created_at = created_at - ?, decided_at = decided_at - ? WHERE reference IN (?, ?, ?)',
      [31 * DAY_MS, 31 * DAY_MS, oldRejected, oldApproved, oldOther],
    );
    const full = async (reference: string) =>
      (
        await server.dataSource.query(
          'SELECT reference, type, status, shop_id, shop_name, kind, proposed_value, comment, proposed_shop, submitter_name, submitter_email, submitter_address, duplicate_key, decided_at, decided_by, decision_reason FROM visitor_request WHERE reference = ?',
          [reference],
        )
      )[0] as Record<string, unknown>;
    const before = await full(oldRejected);

    expect(await server.app.get(VisitorDataRetentionService).eraseExpired()).toBe(3);

    const erased = {
      submitter_name: null,
      submitter_email: null,
      submitter_address: null,
      comment: null,
      proposed_shop: null,
      duplicate_key: null,
    };
    // What the moderation record needs stays: reference, type, status, dates, who and why.
    expect(await full(oldRejected)).toEqual({
      ...before,
      ...erased,
      shop_name: null,
    });
    expect(await full(oldApproved)).toMatchObject({
      ...erased,
      status: 'approved',
      // The approved shop lives on in the shop it created.
      shop_id: shop,
      shop_name: 'Taller Aprobado Viejo',
    });
    expect((await request(server.url).get(`/api/shops/${shop}`).expect(200)).body).toMatchObject({
      name: 'Taller Aprobado Viejo',
    });
    expect(await full(oldOther)).toMatchObject({
      ...erased,
      status: 'rejected',
      kind: 'other',
      proposed_value: null,
      decision_reason: 'Datos incompletos',
    });
    // Decided today: kept until the period is over.
    const kept = await full(newRejected);
    expect(kept).toMatchObject({ status: 'rejected', shop_name: 'Taller Rechazado Nuevo' });
    expect(JSON.parse(kept.proposed_shop as string)).toMatchObject({ name: 'Taller Rechazado Nuevo' });
    expect(kept.submitter_email).toBe('beto@example.com');
    // The queue shows the erased requests with what is left.
    expect(
      (await admin.get(`/api/admin/requests/${await idOf(oldRejected, 'rejected')}`).expect(200)).body,
    ).toMatchObject({
      reference: oldRejected,
      type: 'listing',
      status: 'rejected',
      shopName: null,
      proposedShop: null,
      submitterEmail: null,
      decidedBy: 'admin',
      decisionReason: 'Datos incompletos',
    });
    expect(await server.app.get(VisitorDataRetentionService).eraseExpired()).toBe(0);
  });

  it('deletes rate counters and spent proofs whose window is over', async () => {
    const count = async () =>
      Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM rate_limit'))[0].n);
    await suggest('Calle Tres 3');
    expect(await count()).toBeGreaterThan(0);
    await server.app.get(VisitorDataRetentionService).eraseExpired(Date.now() + 2 * DAY_MS);
    expect(await count()).toBe(0);
  });
});
