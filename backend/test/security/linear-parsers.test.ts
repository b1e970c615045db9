import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from '../support/fixtures.js';
import { loggedInAdmin } from '../support/http.js';
import { solvedProof } from '../support/proof-of-work.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/**
 * Pathological opening hours: a day, a long run of spaces, and a letter. The regular expression
 * that read hours before tried every way to split the run between the days, the whitespace and
 * the times: cubic time, about 80 ms of the event loop for 500 characters (the field's most) and
 * 0.5 s for 1,200, which it read too, since a field is normalised before its length is checked.
 * Now the first is read in one pass (and refused) and the second is refused unread.
 */
const pathologicalHours = (length: number) => 'Mo' + ' '.repeat(length - 3) + 'x';
/** Requests in the burst, each from an address of its own (the per-address limit is not the subject). */
const BURST = 16;
/** The acceptance criterion: liveness answers within this while the burst is read. */
const LIVENESS_WITHIN_MS = 300;

const LISTINGS = '/api/requests/listings';

/** A shop as a gunsmith fills in "List my shop". */
function listingShop(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { isVerified: _verification, ...shop } = shopBody();
  return { ...shop, ...overrides };
}

describe.each(ANY_DIALECT)(
  'security: text read in linear time, without invisible characters, on %s',
  (dialect) => {
    let server: Started;
    let admin: TestAgent;
    let shopId: string;
    let sent = 0;
    /** A new client address for each request (TRUST_PROXY is on). */
    const nextAddress = () => {
      sent += 1;
      return `198.18.${Math.floor(sent / 250)}.${sent % 250}`;
    };
    const queued = async () =>
      Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM visitor_request'))[0].n);

    beforeAll(async () => {
      server = await startAppOnFreshDatabase(dialect, { TRUST_PROXY: '1' });
      admin = await loggedInAdmin(server.url);
      shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
    });
    afterAll(() => server.close());

    it('refuses format characters in one-line shop fields and in a correction comment, with the field code', async () => {
      for (const [field, value] of [
        ['name', 'Armería\u200fNorte'], // right-to-left mark
        ['city', 'León\u061cGto'], // Arabic letter mark
        ['address', 'Av. Juárez\u200b12'], // zero-width space
      ]) {
        const listing = await request(server.url)
          .post(LISTINGS)
          .set('X-Forwarded-For', nextAddress())
          .send({ shop: listingShop({ [field]: value }), altcha: await solvedProof(server.url) })
          .expect(400);
        expect(listing.body.errors).toEqual([
          expect.objectContaining({ field: `shop.${field}`, code: 'CONTROL_CHARACTERS' }),
        ]);
        const shop = await admin
          .post('/api/admin/shops')
          .send(shopBody({ [field]: value }))
          .expect(400);
        expect(shop.body.errors).toEqual([expect.objectContaining({ field, code: 'CONTROL_CHARACTERS' })]);
      }

      const correction = await request(server.url)
        .post('/api/requests/corrections')
        .set('X-Forwarded-For', nextAddress())
        .send({
          shopId,
          kind: 'other',
          comment: 'El nombre real es\n\u202eetroN aíremrA', // right-to-left override
          altcha: await solvedProof(server.url),
        })
        .expect(400);
      expect(correction.body.errors).toEqual([
        expect.objectContaining({ field: 'comment', code: 'CONTROL_CHARACTERS' }),
      ]);
      // The same comment without it is queued: only the character was wrong.
      await request(server.url)
        .post('/api/requests/corrections')
        .set('X-Forwarded-For', nextAddress())
        .send({
          shopId,
          kind: 'other',
          comment: 'El nombre real es\nArmería Norte',
          altcha: await solvedProof(server.url),
        })
        .expect(201);
      expect(await queued()).toBe(1);
    });

    it(`answers liveness within ${LIVENESS_WITHIN_MS} ms while ${BURST} anonymous listing requests carry pathological hours`, async () => {
      // Every fourth request has the field's most, the others more.
      const lengths = Array.from({ length: BURST }, (_, index) => (index % 4 === 0 ? 500 : 1_200));
      const bodies = await Promise.all(
        lengths.map(async (length) => ({
          shop: listingShop({ openingHours: pathologicalHours(length) }),
          altcha: await solvedProof(server.url),
        })),
      );
      // Liveness is asked once the server has begun every request of the burst (their headers
      // are read; their bodies are being read and checked), so that it waits behind them if they
      // hold the event loop. The server runs in this process: its requests are seen here.
      const httpServer = server.app.getHttpServer() as Server;
      let begun = 0;
      const allBegun = new Promise<void>((resolve) => {
        const onRequest = () => {
          if (++begun < BURST) return;
          httpServer.off('request', onRequest);
          resolve();
        };
        httpServer.on('request', onRequest);
      });
      const burst = bodies.map((body) =>
        fetch(`${server.url}${LISTINGS}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() },
          body: JSON.stringify(body),
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as { errors?: { field: string; code: string }[] },
        })),
      );
      await allBegun;
      const asked = performance.now();
      const live = await fetch(`${server.url}/api/health/live`);
      const latencyMs = Math.round(performance.now() - asked);
      expect(live.status).toBe(200);

      const answers = await Promise.all(burst);
      expect(answers.map(({ status }) => status)).toEqual(Array(BURST).fill(400));
      for (const [index, { body }] of answers.entries()) {
        expect(body.errors).toEqual([
          expect.objectContaining({
            field: 'shop.openingHours',
            code: lengths[index] === 500 ? 'INVALID_HOURS' : 'TOO_LONG',
          }),
        ]);
      }
      expect(latencyMs).toBeLessThan(LIVENESS_WITHIN_MS);
    });
  },
);
