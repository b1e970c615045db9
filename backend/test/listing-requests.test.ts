import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REQUEST_REFERENCE_PATTERN } from 'contract';
import request from 'supertest';
import { shopBody } from './support/fixtures.js';
import { solvedProof, wrongProof } from './support/proof-of-work.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/** A shop as a gunsmith fills in "List my shop" (no verification: an administrator decides it). */
function listingShop(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { isVerified: _verification, ...shop } = shopBody({ name: 'Taller Nuevo', ...overrides });
  return shop;
}

describe.each(DIALECTS)('gunsmiths ask to be listed on %s', (dialect) => {
  let server: Started;
  const queued = async () =>
    (await server.dataSource.query(
      "SELECT * FROM visitor_request WHERE type = 'listing' ORDER BY created_at",
    )) as Record<string, unknown>[];
  const ask = async (body: Record<string, unknown>, status: number) =>
    request(server.url)
      .post('/api/requests/listings')
      .send({ shop: listingShop(), altcha: await solvedProof(server.url), ...body })
      .expect(status);
  const fieldsOf = async (body: Record<string, unknown>) => {
    const response = await ask(body, 400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    return response.body.errors.map(
      (error: { field: string; code: string }) => `${error.field}:${error.code}`,
    );
  };

  beforeAll(async () => {
    // A high per-address limit: this suite is about the queue, the security suite about limits.
    server = await startAppOnFreshDatabase(dialect, { VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '1000' });
  });
  afterAll(() => server.close());

  it('queues the shop with a reference, and nothing is public', async () => {
    const response = await ask(
      {
        shop: listingShop({ phone: ' 33 8765 4321 ', categories: ['Armería', ' Armería ', 'Caza'] }),
        name: 'Beto',
        email: 'beto@example.com',
        consent: true,
      },
      201,
    );
    expect(response.body.reference).toMatch(REQUEST_REFERENCE_PATTERN);
    const [row] = await queued();
    expect(row).toMatchObject({
      reference: response.body.reference,
      type: 'listing',
      status: 'pending',
      shop_id: null,
      shop_name: 'Taller Nuevo',
      submitter_name: 'Beto',
      submitter_email: 'beto@example.com',
    });
    const shop = JSON.parse(row.proposed_shop as string);
    expect(shop).toMatchObject({
      name: 'Taller Nuevo',
      phone: '33 8765 4321',
      categories: ['Armería', 'Caza'],
    });
    expect(shop).not.toHaveProperty('isVerified');
    const listed = (await request(server.url).get('/api/shops').expect(200)).body;
    expect(JSON.stringify(listed)).not.toContain('Taller Nuevo');
  });

  it('merges the same shop sent again within a day', async () => {
    const before = (await queued()).length;
    const shop = listingShop({ name: 'Armería Doble', city: 'León', phone: '477 111 2222' });
    const first = (await ask({ shop }, 201)).body;
    const again = (await ask({ shop: { ...shop, name: 'ARMERÍA  doble', phone: '(477) 111-2222' } }, 201))
      .body;
    expect(again.reference).toBe(first.reference);
    expect(await queued()).toHaveLength(before + 1);
  });

  it('says which shop field is wrong, with the admin form codes', async () => {
    expect(await fieldsOf({ shop: listingShop({ phone: 'sin número' }) })).toEqual([
      'shop.phone:INVALID_PHONE',
    ]);
    expect(await fieldsOf({ shop: listingShop({ name: undefined }) })).toEqual(['shop.name:REQUIRED']);
    expect(await fieldsOf({ shop: listingShop({ description: 'a\u0007b' }) })).toEqual([
      'shop.description:CONTROL_CHARACTERS',
    ]);
    expect(await fieldsOf({ shop: listingShop({ website: 'javascript:alert(1)' }) })).toEqual([
      'shop.website:INVALID_URL',
    ]);
    expect(await fieldsOf({ shop: { ...listingShop(), isVerified: 'true' } })).toEqual([
      'shop.isVerified:UNKNOWN_FIELD',
    ]);
    expect(await fieldsOf({ shop: listingShop(), email: 'ana@example.com' })).toEqual(['consent:REQUIRED']);
    expect(await fieldsOf({ shop: undefined })).toEqual(['shop:REQUIRED']);
  });

  it('refuses a missing or wrong proof of work, and answers a filled honeypot without queueing', async () => {
    const before = (await queued()).length;
    for (const altcha of [undefined, await wrongProof(server.url)]) {
      const refused = await request(server.url)
        .post('/api/requests/listings')
        .send({ shop: listingShop({ name: 'Sin Prueba' }), altcha })
        .expect(400);
      expect(refused.body.code).toBe('PROOF_OF_WORK_FAILED');
    }
    const trapped = await request(server.url)
      .post('/api/requests/listings')
      .send({ shop: listingShop({ name: 'Robot' }), homepage: 'http://spam.example' })
      .expect(201);
    expect(trapped.body.reference).toMatch(REQUEST_REFERENCE_PATTERN);
    expect(await queued()).toHaveLength(before);
  });
});
