import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { shopBody } from '../support/fixtures.js';
import { solvedProof } from '../support/proof-of-work.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const HOSTILE = ['<script>alert(1)</script>', 'javascript:alert(document.cookie)', '"><svg onload=alert(1)>'];
const CONTROL = ['a\u0000b', 'a\u001bb', 'a\u007fb', 'evil\u202egnp.exe'];
/** The shop's fields of one line of text, and the one of paragraphs. */
const TEXT_FIELDS = ['name', 'city', 'state', 'address', 'hoursNote', 'description'];
const LINK_FIELDS = ['website', 'googleMapsUrl', 'mapImageUrl', 'logo'];
const url = '/api/requests/listings';

/** A shop as a gunsmith fills in "List my shop". */
function listingShop(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { isVerified: _verification, ...shop } = shopBody();
  return { ...shop, ...overrides };
}

describe.each(ANY_DIALECT)('security: gunsmiths asking to be listed on %s', (dialect) => {
  let server: Started;
  const queued = async () =>
    Number(
      (await server.dataSource.query("SELECT COUNT(*) AS n FROM visitor_request WHERE type = 'listing'"))[0]
        .n,
    );

  /**
   * A new address for each request whose subject is a field, not the address's limit: the limit
   * counts every attempt, before the body is even validated.
   */
  let sent = 0;
  const nextAddress = () => {
    sent += 1;
    return `198.18.${Math.floor(sent / 250)}.${sent % 250}`;
  };

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('stores markup and javascript: text as plain text, and refuses javascript: links', async () => {
    for (const [index, hostile] of HOSTILE.entries()) {
      const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, `${hostile} ${index}`]));
      const sent = await request(server.url)
        .post(url)
        .set('X-Forwarded-For', `192.0.2.${index + 1}`)
        .send({
          shop: listingShop(text),
          name: hostile,
          consent: true,
          altcha: await solvedProof(server.url),
        })
        .expect(201);
      const [row] = await server.dataSource.query(
        'SELECT proposed_shop, submitter_name FROM visitor_request WHERE reference = ?',
        [sent.body.reference],
      );
      expect(row.submitter_name).toBe(hostile);
      expect(JSON.parse(row.proposed_shop)).toMatchObject(text);
    }
    for (const field of LINK_FIELDS) {
      const refused = await request(server.url)
        .post(url)
        .set('X-Forwarded-For', nextAddress())
        .send({
          shop: listingShop({ [field]: 'javascript:alert(1)' }),
          altcha: await solvedProof(server.url),
        })
        .expect(400);
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: `shop.${field}` })]);
      expect(['INVALID_URL', 'INVALID_IMAGE']).toContain(refused.body.errors[0].code);
    }
  });

  it('refuses control and direction characters in every text field, each with its own message', async () => {
    const before = await queued();
    for (const bad of CONTROL) {
      // One-line fields refuse them all; a description's paragraphs only what breaks text (below).
      for (const field of [...TEXT_FIELDS.filter((name) => name !== 'description'), 'phone', 'email']) {
        const refused = await request(server.url)
          .post(url)
          .set('X-Forwarded-For', nextAddress())
          .send({ shop: listingShop({ [field]: bad }), altcha: 'unspent' })
          .expect(400);
        expect(refused.body.errors[0]).toMatchObject({ field: `shop.${field}` });
      }
      for (const field of ['name', 'email']) {
        const refused = await request(server.url)
          .post(url)
          .set('X-Forwarded-For', nextAddress())
          .send({ shop: listingShop(), [field]: bad, consent: true })
          .expect(400);
        expect(refused.body.errors[0]).toMatchObject({ field });
      }
    }
    const description = await request(server.url)
      .post(url)
      .set('X-Forwarded-For', nextAddress())
      .send({ shop: listingShop({ description: 'a\u0000b' }) })
      .expect(400);
    expect(description.body.errors[0]).toMatchObject({
      field: 'shop.description',
      code: 'CONTROL_CHARACTERS',
    });
    expect(await queued()).toBe(before);
  });

  it('answers a 1 MB field with a per-field 400, and a larger body with 413', async () => {
    const megabyte = 'a'.repeat(1_000_000);
    for (const field of [...TEXT_FIELDS, ...LINK_FIELDS]) {
      const refused = await request(server.url)
        .post(url)
        .set('X-Forwarded-For', nextAddress())
        .send({ shop: listingShop({ [field]: megabyte }) })
        .expect(400);
      expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual([`shop.${field}`]);
      expect(refused.body.errors[0].code).toBe('TOO_LONG');
    }
    for (const field of ['name', 'email', 'homepage', 'altcha']) {
      const refused = await request(server.url)
        .post(url)
        .set('X-Forwarded-For', nextAddress())
        .send({ shop: listingShop(), [field]: megabyte })
        .expect(400);
      expect(refused.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
    }
    const tooLarge = await request(server.url)
      .post(url)
      .set('X-Forwarded-For', nextAddress())
      .send({ shop: listingShop({ description: 'a'.repeat(2_000_000) }) })
      .expect(413);
    expect(tooLarge.body.code).toBe('BODY_TOO_LARGE');
  });

  it('stops one address with 429 and Retry-After, sharing the corrections limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60 && !statuses.includes(429); i++) {
      const response = await request(server.url)
        .post(url)
        .set('X-Forwarded-For', '203.0.113.9')
        .send({ shop: listingShop({ name: `Taller ${i}` }), altcha: await solvedProof(server.url) });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.body.code).toBe('TOO_MANY_REQUESTS');
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThan(49);
    const correction = await request(server.url)
      .post('/api/requests/corrections')
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ shopId: '00000000-0000-4000-8000-000000000000', kind: 'closed' });
    expect(correction.status).toBe(429);
  });
});
