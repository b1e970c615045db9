import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { PasswordHasher } from '../src/admin-users/password-hasher.service.js';
import { RequestNotifications } from '../src/visitor-requests/request-notifications.js';
import { pngImage, shopBody } from './support/fixtures.js';
import { binary, heldPut } from './support/held-put.js';
import { FIRST_ADMIN, loggedInAdmin, sessionCookie } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { startS3Server } from './support/s3-server.js';
import { startSmtpServer } from './support/smtp.js';
import {
  createTestDatabase,
  DIALECTS,
  startApp,
  type TestApp,
  type TestDatabase,
} from './support/test-app.js';

/** The same URL on the other instance (an upload link names the instance that made it). */
const onInstance = (url: string, instance: TestApp) =>
  `${instance.url}${new URL(url).pathname}${new URL(url).search}`;

/**
 * Two backend instances on one database and one S3 store (the production scaling path, the
 * README's "atomically across replicas"): a session made on one is valid on the other and a
 * logout on one ends it on both; what one claims (a proof of work, an upload link, a rate
 * limit's points) the other cannot claim again, even at the same instant.
 */
describe.each(DIALECTS)('two instances on one %s database', (dialect) => {
  let database: TestDatabase;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let one: TestApp;
  let two: TestApp;
  /** The first admin, logged in on the first instance. */
  let admin: TestAgent;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    s3 = await startS3Server();
    smtp = await startSmtpServer();
    // Room for the proof-of-work rounds below: the limits under test there are the proofs'.
    const env = {
      ...database.env,
      ...s3.env,
      SMTP_URL: smtp.url,
      REQUESTS_DIGEST_TO: 'admin1@armeros.example',
      VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '1000',
      VISITOR_REQUESTS_PER_HOUR: '1000',
    };
    if (dialect === 'mysql') {
      // Replicas start at the same moment on a new database: a named lock makes one wait while
      // the other migrates (on MariaDB too, whose driver type is 'mariadb', not 'mysql').
      [one, two] = await Promise.all([startApp(env), startApp(env)]);
    } else {
      one = await startApp(env);
      two = await startApp(env);
    }
    admin = await loggedInAdmin(one.url);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
    await s3?.close();
    await smtp?.close();
  });

  it('share sessions', async () => {
    // The first admin, made on one (beforeAll): the other knows there is one.
    await request(two.url)
      .post('/api/auth/create-admin')
      .send({ username: 'other', password: 'secret1-tornillo-azul' })
      .expect(403);
    const login = await request(one.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const cookie = sessionCookie(login)!.split(';')[0];
    const me = await request(two.url).get('/api/auth/me').set('Cookie', cookie).expect(200);
    expect(me.body.username).toBe(FIRST_ADMIN.username);
    await request(two.url).post('/api/auth/logout').set('Cookie', cookie).expect(200);
    await request(one.url).get('/api/auth/me').set('Cookie', cookie).expect(401);
    // And the other way round: a logout on the first ends the session on the second.
    const again = await request(one.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const second = sessionCookie(again)!.split(';')[0];
    await request(two.url).get('/api/auth/me').set('Cookie', second).expect(200);
    await request(one.url).post('/api/auth/logout').set('Cookie', second).expect(200);
    await request(two.url).get('/api/auth/me').set('Cookie', second).expect(401);
  });

  it('show a write made through one on the very next read of the other', async () => {
    // Warm the other instance's cache first, so a stale copy would be caught.
    const before = await request(two.url).get('/api/shops').expect(200);
    const created = await admin.post('/api/admin/shops').send(shopBody()).expect(201);
    const after = await request(two.url)
      .get('/api/shops')
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.body.map((shop: { id: string }) => shop.id)).toContain(created.body.id);
    await admin.put(`/api/admin/shops/${created.body.id}`).send({ isVerified: 'true' }).expect(200);
    expect((await request(two.url).get(`/api/shops/${created.body.id}`).expect(200)).body.isVerified).toBe(
      'true',
    );
    await admin.delete(`/api/admin/shops/${created.body.id}`).expect(204);
    await request(two.url).get(`/api/shops/${created.body.id}`).expect(404);
  });

  it('accept a solved proof of work once, sent to both at the same instant (ten rounds)', async () => {
    const shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
    const count = async () =>
      Number((await one.dataSource.query('SELECT COUNT(*) AS n FROM visitor_request'))[0].n);
    const before = await count();
    for (let round = 0; round < 10; round++) {
      const proof = await solvedProof(round % 2 ? one.url : two.url);
      // Two different requests (no duplicate to merge), one proof.
      const answers = await Promise.all(
        [one, two].map((instance) =>
          request(instance.url)
            .post('/api/requests/corrections')
            .send({ shopId, kind: 'other', comment: `ronda ${round} por ${instance.url}`, altcha: proof }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
      expect(answers.find((answer) => answer.status === 400)!.body.code).toBe('PROOF_OF_WORK_FAILED');
    }
    expect(await count()).toBe(before + 10);
  });

  it('store one image per upload link, PUT to both at the same instant (ten rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const link = (await admin.post('/api/admin/upload').send({ type: 'logo' }).expect(201)).body
        .uploadURL as string;
      const images = [pngImage(8 + round, 8), pngImage(8, 9 + round)];
      const puts = [one, two].map((instance, index) =>
        heldPut(onInstance(link, instance), 'image/png', images[index]),
      );
      await Promise.all(puts.map((held) => held.sent));
      for (const held of puts) held.finish();
      const answers = await Promise.all(puts.map((held) => held.response));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      expect(JSON.parse(answers.find((answer) => answer.status === 403)!.body).code).toBe('UPLOAD_LINK_USED');
      // The store holds the winner's bytes, whichever instance serves them.
      const winner = images[answers.findIndex((answer) => answer.status === 200)];
      const path = `/objects${new URL(link).pathname.replace(/^.*(?=\/uploads\/)/, '')}`;
      for (const instance of [one, two]) {
        const served = await request(instance.url).get(path).buffer(true).parse(binary).expect(200);
        expect(Buffer.compare(served.body as Buffer, winner)).toBe(0);
      }
    }
  });

  it("send one digest of an hour's requests, both claiming that hour at the same instant", async () => {
    const shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
    const reference = (
      await request(two.url)
        .post('/api/requests/corrections')
        .send({ shopId, kind: 'phone', value: '33 1234 9999', altcha: await solvedProof(two.url) })
        .expect(201)
    ).body.reference as string;
    // The digest of this hour, as the next hour's job on each replica sends it.
    const nextHour = Date.now() + 3_600_000;
    const digest = (instance: TestApp) => instance.app.get(RequestNotifications).sendDigest(nextHour);
    const listed = await Promise.all([digest(one), digest(two)]);
    expect(listed.filter((count) => count > 0)).toHaveLength(1);
    // A replica whose job runs late finds the hour claimed.
    expect([await digest(one), await digest(two)]).toEqual([0, 0]);
    const sent = () => smtp.received.filter((mail) => mail.raw.includes(reference));
    for (const end = Date.now() + 5000; !sent().length && Date.now() < end;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent()).toHaveLength(1);
  });

  it('count one limit for both: of 30 wrong current passwords at once, half to each, at most 10 are checked', async () => {
    // Not the login's limit: passport keeps one 'local' strategy per process, so the apps of one
    // test process would all check logins with the last app's services. A password change is
    // checked by the instance that receives it.
    const login = await request(one.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const cookie = sessionCookie(login)!.split(';')[0];
    const checks = [one, two].map((instance) => jest.spyOn(instance.app.get(PasswordHasher), 'verify'));
    try {
      const change = (instance: TestApp) =>
        request(instance.url).put('/api/auth/change-password').set('Cookie', cookie).send({
          currentPassword: 'not-the-password',
          newPassword: 'caja-de-cedro-77',
          confirmPassword: 'caja-de-cedro-77',
        });
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) => change(index % 2 ? one : two)),
      );
      const checked = checks.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
      expect(checked).toBeLessThanOrEqual(10);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 400)).toHaveLength(checked);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
