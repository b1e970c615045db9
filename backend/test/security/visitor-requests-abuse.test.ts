import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { shopBody } from '../support/fixtures.js';
import { loggedInAdmin } from '../support/http.js';
import { solvedProof, wrongProof } from '../support/proof-of-work.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const HOSTILE = [
  '<script>alert(1)</script>',
  'javascript:alert(document.cookie)',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
];
/**
 * The submission limits count per clock hour. The two floods below (under a minute together,
 * the second counting on what the first queued) would start a new count midway if they crossed
 * the hour (a CI run failed so at 19:00): the first starts with two minutes or more of its hour
 * left, waiting for the next hour if need be.
 */
async function withTwoMinutesOfTheHourLeft(): Promise<void> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 120_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}
/** The first flood's time: up to two minutes' wait for the next hour, then its 500 requests. */
const FIRST_FLOOD_TIMEOUT_MS = 240_000;

const CONTROL = ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'evil\u202egnp.exe'];

describe.each(DIALECTS)('security: visitors sending corrections on %s', (dialect) => {
  let server: Started;
  let shopId: string;
  const queued = async () =>
    Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM visitor_request'))[0].n);
  const send = async (body: Record<string, unknown>, from = '203.0.113.7') =>
    request(server.url)
      .post('/api/requests/corrections')
      .set('X-Forwarded-For', from)
      .send({ shopId, altcha: await solvedProof(server.url), ...body });

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { TRUST_PROXY: '1', VISITOR_REQUESTS_PER_HOUR: '60' });
    const admin = await loggedInAdmin(server.url);
    shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
  });
  afterAll(() => server.close());

  it(
    'stops one address with 429 and Retry-After long before 50 of 500, and queues no more than the limit',
    async () => {
      await withTwoMinutesOfTheHourLeft();
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      for (let i = 0; i < 500; i++) {
        const response = await send({ kind: 'phone', value: `33 1234 ${String(i).padStart(4, '0')}` });
        statuses.push(response.status);
        if (response.status === 429) {
          retryAfter ??= response.headers['retry-after'];
          expect(response.body.code).toBe('TOO_MANY_REQUESTS');
        }
      }
      const firstRefused = statuses.indexOf(429);
      expect(firstRefused).toBeGreaterThan(0);
      expect(firstRefused).toBeLessThan(49);
      expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(3600);
      expect(await queued()).toBe(firstRefused);
    },
    FIRST_FLOOD_TIMEOUT_MS,
  );

  it('stops a flood spread over many addresses with the overall limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++)
      statuses.push((await send({ kind: 'other', comment: `flood ${i}` }, `198.51.100.${i + 1}`)).status);
    expect(statuses).toContain(429);
    expect(await queued()).toBeLessThanOrEqual(60);
  });
});

describe.each(ANY_DIALECT)('security: what visitors send stays inert on %s', (dialect) => {
  let server: Started;
  let shopId: string;
  const url = '/api/requests/corrections';

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '1000' });
    const admin = await loggedInAdmin(server.url);
    shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
  });
  afterAll(() => server.close());

  it('refuses a missing, malformed, wrong or replayed proof of work with 400 and queues nothing', async () => {
    const body = { shopId, kind: 'closed' };
    for (const altcha of [undefined, '', 'x'.repeat(5000), '!!!', await wrongProof(server.url)]) {
      const refused = await request(server.url)
        .post(url)
        .send({ ...body, altcha });
      expect(refused.status).toBe(400);
    }
    const proof = await solvedProof(server.url);
    await request(server.url)
      .post(url)
      .send({ ...body, altcha: proof })
      .expect(201);
    // The same answer again, even at once from two requests, is refused.
    const [a, b] = await Promise.all([
      request(server.url)
        .post(url)
        .send({ ...body, kind: 'other', comment: 'a', altcha: proof }),
      request(server.url)
        .post(url)
        .send({ ...body, kind: 'other', comment: 'b', altcha: proof }),
    ]);
    expect([a.status, b.status]).toEqual([400, 400]);
    expect(a.body.code).toBe('PROOF_OF_WORK_FAILED');
    expect(Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM visitor_request'))[0].n)).toBe(1);
  });

  it('answers a filled honeypot as a success and keeps nothing', async () => {
    const before = await server.dataSource.query('SELECT COUNT(*) AS n FROM visitor_request');
    const answer = await request(server.url)
      .post(url)
      .send({ shopId, kind: 'other', comment: 'buy now', homepage: 'http://spam.example' })
      .expect(201);
    expect(answer.body.reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await server.dataSource.query('SELECT COUNT(*) AS n FROM visitor_request')).toEqual(before);
  });

  it('stores markup and javascript: URLs as plain text, exactly as sent', async () => {
    for (const hostile of HOSTILE) {
      const sent = await request(server.url)
        .post(url)
        .send({
          shopId,
          kind: 'other',
          value: hostile,
          comment: hostile,
          name: hostile,
          consent: true,
          altcha: await solvedProof(server.url),
        })
        .expect(201);
      const [row] = await server.dataSource.query(
        'SELECT proposed_value, comment, submitter_name FROM visitor_request WHERE reference = ?',
        [sent.body.reference],
      );
      expect(row).toEqual({ proposed_value: hostile, comment: hostile, submitter_name: hostile });
    }
  });

  it('refuses control and direction characters in every field, each with its own message', async () => {
    for (const bad of CONTROL) {
      for (const field of ['value', 'name', 'email']) {
        const refused = await request(server.url)
          .post(url)
          .send({
            shopId,
            kind: 'other',
            comment: 'ok',
            consent: true,
            [field]: bad,
            altcha: await solvedProof(server.url),
          })
          .expect(400);
        expect(refused.body.errors[0]).toMatchObject({ field });
      }
    }
    const comment = await request(server.url)
      .post(url)
      .send({ shopId, kind: 'other', comment: 'a\u0000b', altcha: await solvedProof(server.url) })
      .expect(400);
    expect(comment.body.errors[0]).toMatchObject({ field: 'comment', code: 'CONTROL_CHARACTERS' });
  });

  it('answers a 1 MB field with a per-field 400, and a larger body with 413', async () => {
    const megabyte = 'a'.repeat(1_000_000);
    for (const field of ['value', 'comment', 'name', 'email', 'homepage', 'altcha']) {
      const refused = await request(server.url)
        .post(url)
        .send({ shopId, kind: 'other', comment: 'ok', [field]: megabyte })
        .expect(400);
      expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
      expect(refused.body.errors[0].code).toBe('TOO_LONG');
    }
    const tooLarge = await request(server.url)
      .post(url)
      .send({ shopId, kind: 'other', comment: 'a'.repeat(2_000_000) })
      .expect(413);
    expect(tooLarge.body.code).toBe('BODY_TOO_LARGE');
  });
});
