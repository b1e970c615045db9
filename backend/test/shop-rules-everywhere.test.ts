import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { SHOP_CSV_COLUMNS } from 'contract';
import { stringify } from 'csv-stringify/sync';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

/**
 * One table of bad values (contract/fixtures/bad-shop-values.json), refused with the same field
 * error code by the three ways a shop gets in: the API and a CSV import (dry run) here, and the
 * admin form's own check before sending (frontend-admin's shopValidation.test.ts reads the same
 * table). All three read the contract's shop schema; this proves none adds or drops a rule.
 */
const CASES = (
  JSON.parse(
    readFileSync(new URL('../../contract/fixtures/bad-shop-values.json', import.meta.url), 'utf8'),
  ) as { field: string; value: string | string[]; code: string }[]
).map(({ field, value, code }): [string, string | string[], string] => [field, value, code]);

/** A value as the API's JSON carries it: coordinates typed as text become numbers there. */
function apiValue(field: string, value: string | string[]): unknown {
  if ((field === 'latitude' || field === 'longitude') && Number.isFinite(Number(value))) return Number(value);
  return value;
}

describe.each(DIALECTS)('the shop rules are the same on every path in, on %s', (dialect) => {
  let server: Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
  let admin: TestAgent;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it(`refuses the same ${CASES.length} bad values with the same field codes: API and CSV import`, async () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);

    const api: (string | undefined)[] = [];
    for (const [field, value] of CASES) {
      const response = await admin
        .post('/api/admin/shops')
        .send(shopBody({ [field]: apiValue(field, value) }));
      expect(response.status).toBe(400);
      api.push(
        response.body.errors?.find((error: { field: string }) => error.field.split('.')[0] === field)?.code,
      );
    }

    const valid = shopBody() as Record<string, unknown>;
    const rows = CASES.map(([field, value], index) => {
      const cells: Record<string, unknown> = { ...valid, name: `Fila ${index}`, [field]: value };
      return SHOP_CSV_COLUMNS.map((column) => {
        const cell = column === 'id' ? '' : cells[column];
        return Array.isArray(cell) ? cell.join(';') : cell === undefined || cell === null ? '' : String(cell);
      });
    });
    const file = Buffer.from(stringify([[...SHOP_CSV_COLUMNS], ...rows]), 'utf8');
    const imported = await admin
      .post('/api/admin/shops/import')
      .query({ dryRun: 'true' })
      .attach('file', file, 'rules.csv')
      .expect(200);
    const csv = (imported.body.rows as { errors: { field: string; code: string }[] }[]).map(
      (row, index) => row.errors.find((error) => error.field === CASES[index][0])?.code,
    );

    const expected = CASES.map(([, , code]) => code);
    expect({ api, csv }).toEqual({ api: expected, csv: expected });
  });
});
