import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { DEFAULT_SHOP_TIME_ZONE, localDay } from 'contract';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { RequestNotifications } from '../src/visitor-requests/request-notifications.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { startSmtpServer } from './support/smtp.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** A day (`YYYY-MM-DD`) `days` from today in Mexico City. */
const dayFromToday = (days: number) => localDay(Date.now() + days * DAY_MS, DEFAULT_SHOP_TIME_ZONE);

/** Waits until `check` holds, reading again every 20 ms (a message arrives after the answer). */
async function eventually<T>(read: () => T, check: (value: T) => boolean, timeout = 5000): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const value = read();
    if (check(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(ANY_DIALECT)('e-mail about requests on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
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
  const idOf = async (reference: string) =>
    (await admin.get('/api/admin/requests').query({ pageSize: 100 }).expect(200)).body.items.find(
      (item: { reference: string }) => item.reference === reference,
    ).id as string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startAppOnFreshDatabase(dialect, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Directorio <no-reply@armeros.example>',
      REQUESTS_DIGEST_TO: 'admin1@armeros.example, admin2@armeros.example',
    });
    admin = await loggedInAdmin(server.url);
    shopId = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Armería Centinela' }))
        .expect(201)
    ).body.id;
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends administrators one digest per hour of the requests of the hour before', async () => {
    const reference = await suggest({ kind: 'phone', value: '33 1234 9999' });
    const notifications = server.app.get(RequestNotifications);
    const nextHour = Date.now() + HOUR_MS;
    expect(await notifications.sendDigest(nextHour)).toBeGreaterThanOrEqual(1);
    // The same hour again (another replica, or a second run) sends nothing.
    expect(await notifications.sendDigest(nextHour)).toBe(0);
    const [digest] = await eventually(
      () => smtp.received,
      (mails) => mails.length >= 1,
    );
    expect(smtp.received).toHaveLength(1);
    expect(digest.to).toEqual(['admin1@armeros.example', 'admin2@armeros.example']);
    expect(digest.raw).toContain(reference);
    expect(digest.raw).toContain('Armer=C3=ADa Centinela');
  });

  it('tells a submitter who left an e-mail the outcome, once, and nobody else', async () => {
    smtp.received.length = 0;
    const approved = await suggest({
      kind: 'phone',
      value: '33 1234 8888',
      email: 'ana@example.com',
      consent: true,
    });
    const rejected = await suggest({
      kind: 'other',
      comment: 'nada',
      email: 'beto@example.com',
      consent: true,
    });
    const silent = await suggest({ kind: 'other', comment: 'sin correo' });
    await admin
      .post(`/api/admin/requests/${await idOf(approved)}/approve`)
      .send({})
      .expect(200);
    await admin
      .post(`/api/admin/requests/${await idOf(rejected)}/reject`)
      .send({ reason: 'Sin pruebas' })
      .expect(200);
    await admin
      .post(`/api/admin/requests/${await idOf(silent)}/reject`)
      .send({})
      .expect(200);
    const mails = await eventually(
      () => smtp.received,
      (received) => received.length >= 2,
    );
    expect(mails.map((mail) => mail.to).sort()).toEqual([['ana@example.com'], ['beto@example.com']]);
    const ana = mails.find((mail) => mail.to[0] === 'ana@example.com')!.raw;
    expect(ana).toContain(approved);
    expect(ana).toContain('From: Directorio <no-reply@armeros.example>');
    expect(mails.find((mail) => mail.to[0] === 'beto@example.com')!.raw).toContain('Sin pruebas');
  });

  it('lists each certificate ending within 30 days in one digest only, whichever replica runs it', async () => {
    smtp.received.length = 0;
    const certified = (name: string, number: string, validUntil: string) =>
      admin
        .post('/api/admin/shops')
        .send(
          shopBody({
            name,
            isVerified: 'true',
            certificateNumber: number,
            verifiedOn: dayFromToday(-200),
            validUntil,
          }),
        )
        .expect(201);
    await certified('Taller Por Vencer', 'ATM-SOON-1', dayFromToday(10));
    await certified('Taller Con Tiempo', 'ATM-LATER-1', dayFromToday(60));
    const notifications = server.app.get(RequestNotifications);
    // Two replicas at the same moment, in an hour with no new requests: one lists it, once.
    const later = Date.now() + 5 * HOUR_MS;
    const listed = await Promise.all([notifications.sendDigest(later), notifications.sendDigest(later)]);
    expect(listed.sort()).toEqual([0, 1]);
    // The next hours (and days) list it no more.
    expect(await notifications.sendDigest(later + HOUR_MS)).toBe(0);
    expect(await notifications.sendDigest(later + 3 * DAY_MS)).toBe(0);
    const [digest] = await eventually(
      () => smtp.received,
      (mails) => mails.length >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received).toHaveLength(1);
    expect(digest.to).toEqual(['admin1@armeros.example', 'admin2@armeros.example']);
    expect(digest.raw).toContain('Certificados por vencer / Certificates expiring: 1');
    expect(digest.raw.split('ATM-SOON-1')).toHaveLength(2);
    expect(digest.raw).toContain(`vence / ends ${dayFromToday(10)}`);
    expect(digest.raw).not.toContain('ATM-LATER-1');
  });
});

describe.each(ANY_DIALECT)('without SMTP on %s', (dialect) => {
  it('sends nothing and the queue still works', async () => {
    const server = await startAppOnFreshDatabase(dialect);
    try {
      expect(await server.app.get(RequestNotifications).sendDigest(Date.now() + HOUR_MS)).toBe(0);
    } finally {
      await server.close();
    }
  });
});

/**
 * The README's promise that sending never holds a decision, with the mail server unreachable:
 * first nothing listens at SMTP_URL's port (connection refused), then a server there accepts the
 * connection and never greets (as a hung relay does; nodemailer would wait 30 s for it). Each
 * decision is answered and saved while its message cannot be sent.
 */
describe.each(ANY_DIALECT)('with the SMTP server down or silent on %s', (dialect) => {
  it('answers and keeps each decision, and the queue goes on working', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const server = await startAppOnFreshDatabase(dialect, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      REQUESTS_DIGEST_TO: 'admin1@armeros.example',
    });
    const held = new Set<Socket>();
    let closed = 0;
    const silent = createServer((socket) => {
      held.add(socket);
      socket.on('close', () => closed++);
    });
    try {
      const admin = await loggedInAdmin(server.url);
      const shopId = (
        await admin
          .post('/api/admin/shops')
          .send(shopBody({ name: 'Armería Norte' }))
          .expect(201)
      ).body.id;
      const decide = async (email: string) => {
        const { reference } = (
          await request(server.url)
            .post('/api/requests/corrections')
            .send({
              shopId,
              altcha: await solvedProof(server.url),
              kind: 'other',
              comment: 'x',
              email,
              consent: true,
            })
            .expect(201)
        ).body;
        const list = (await admin.get('/api/admin/requests').query({ pageSize: 100 }).expect(200)).body.items;
        const id = list.find((item: { reference: string }) => item.reference === reference).id;
        await admin.post(`/api/admin/requests/${id}/reject`).send({ reason: 'Sin pruebas' }).expect(200);
        return id as string;
      };
      const statusOf = async (id: string) =>
        (await admin.get('/api/admin/requests').query({ pageSize: 100 }).expect(200)).body.items.find(
          (item: { id: string }) => item.id === id,
        ).status;

      // Nothing listens: the message fails at once, the decision stands.
      const refused = await decide('ana@example.com');
      expect(await statusOf(refused)).toBe('rejected');

      // The digest, sent by the hourly job, lists the hour's request and fails the same way, without throwing.
      await expect(server.app.get(RequestNotifications).sendDigest(Date.now() + HOUR_MS)).resolves.toBe(1);

      // A server that takes the connection and never answers: the decision is answered while
      // the message still waits for the server's greeting.
      await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
      const hung = await decide('beto@example.com');
      expect(await statusOf(hung)).toBe('rejected');
      const connected = await eventually(
        () => held.size,
        (size) => size > 0,
      );
      expect(connected).toBe(1);
      // Still waiting for the greeting: had the decision waited for the message, nodemailer would
      // have given up and closed this connection before the answer.
      expect(closed).toBe(0);
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await server.close();
    }
  });
});
