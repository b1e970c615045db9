import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DEFAULT_SHOP_TIME_ZONE, localDay } from 'contract';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { pdfQrCode, pdfText } from '../../tools/pdf-reading.mjs';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const DAY_MS = 86_400_000;
const dayFromToday = (days: number) => localDay(Date.now() + days * DAY_MS, DEFAULT_SHOP_TIME_ZONE);
/** A response's body as bytes (supertest leaves a PDF unparsed otherwise). */
const bytes = (agent: TestAgent, path: string) =>
  agent
    .get(path)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });

/** The printable certificate, made in a worker: its words, its paper and where its QR code leads. */
describe.each(ANY_DIALECT)('verification certificate on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it("prints the shop's name, city and number, and a QR code of its page with the number", async () => {
    const shop = (
      await admin
        .post('/api/admin/shops')
        .send(
          shopBody({
            name: 'Armería Ñandú',
            city: 'León',
            state: 'Guanajuato',
            isVerified: 'true',
            certificateNumber: 'ATM-2026/014',
            verifiedOn: dayFromToday(-365),
            validUntil: dayFromToday(1),
          }),
        )
        .expect(201)
    ).body as { id: string; slug: string };

    const a4 = await bytes(admin, `/api/admin/shops/${shop.id}/certificate`).expect(200);
    expect(a4.headers['content-type']).toBe('application/pdf');
    expect(a4.headers['content-disposition']).toBe('attachment; filename="atm-certificado-ATM-2026-014.pdf"');
    const pdf = a4.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    const text = pdfText(pdf);
    for (const words of [
      'Armería Ñandú',
      'León, Guanajuato',
      'Certificado núm. ATM-2026/014',
      'Certificate no. ATM-2026/014',
    ])
      expect(text).toContain(words);
    expect(pdfQrCode(pdf)).toBe(`${server.url}/shops/${shop.slug}?certificado=ATM-2026%2F014`);

    const letter = (await bytes(admin, `/api/admin/shops/${shop.id}/certificate?paper=letter`).expect(200))
      .body as Buffer;
    expect(letter.toString('latin1')).toContain('/MediaBox [0 0 612 792]');

    const periods = (await admin.get(`/api/admin/shops/${shop.id}/verification-periods`).expect(200)).body;
    expect(periods).toEqual([
      expect.objectContaining({
        certificateNumber: 'ATM-2026/014',
        verifiedByName: 'admin',
        validUntil: dayFromToday(1),
      }),
    ]);
  });

  it('answers 409 for a shop with no certificate, and 401 without a session', async () => {
    const plain = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Sin Certificado' }))
        .expect(201)
    ).body as { id: string };
    const refused = await admin.get(`/api/admin/shops/${plain.id}/certificate`).expect(409);
    expect(refused.body.code).toBe('SHOP_NOT_CERTIFIED');
    await request(server.url).get(`/api/admin/shops/${plain.id}/certificate`).expect(401);
  });
});
