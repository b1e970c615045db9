import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS, SHOP_CSV_COLUMNS } from 'contract';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { PublicCatalog } from '../src/shops/public-catalog.js';
import { pngImage, shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { BOM, readCsv, shopsCsv, spreadsheetFile, type ImportResult } from './support/shops-csv.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('shops CSV import of files on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const { exportCsv, importCsv, snapshot } = shopsCsv(
    () => admin,
    () => server.dataSource,
  );

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    // A shop in the directory: the encoding test edits it, and "nothing changes" is checked against a real row.
    await admin.post('/api/admin/shops').send(shopBody()).expect(201);
  });
  afterAll(() => server.close());

  it('reads a file saved as Windows-1252 (Excel’s plain CSV on Spanish Windows)', async () => {
    const [first] = readCsv((await exportCsv()).text);
    const edited = { ...first, description: 'Descripción con acentos: ñandú' };
    const text = spreadsheetFile([edited]).toString('utf8').slice(BOM.length);
    const latin1 = Buffer.from(text, 'latin1');
    const result = (await importCsv(latin1, { dryRun: 'true' }).expect(200)).body as ImportResult;
    expect(result.rows[0].status).toBe('updated');
    expect(result.rows[0].changes).toContain('description');
    expect(result.rows[0].errors).toEqual([]);
  });

  describe('bad files get clear error codes and change nothing', () => {
    const header = SHOP_CSV_COLUMNS.join(',');
    const cases: [string, () => ReturnType<typeof importCsv>, number, string][] = [
      ['no file', () => admin.post('/api/admin/shops/import').field('x', 'y'), 400, 'CSV_FILE_MISSING'],
      [
        'a file under another field name',
        () => admin.post('/api/admin/shops/import').attach('backupFile', Buffer.from(header), 'a.csv'),
        400,
        'CSV_FILE_MISSING',
      ],
      ['an image', () => importCsv(pngImage(), {}, 'photo.csv'), 400, 'CSV_INVALID_FILE'],
      ['an unclosed quote', () => importCsv(Buffer.from(`${header}\n,"open\n`)), 400, 'CSV_INVALID_FILE'],
      ['a wrong header', () => importCsv(Buffer.from('nombre,ciudad\nA,B\n')), 400, 'CSV_HEADER_INVALID'],
      ['a header and no rows', () => importCsv(Buffer.from(`${BOM}${header}\r\n`)), 400, 'CSV_NO_ROWS'],
      [
        'a file over the size limit',
        () => importCsv(Buffer.alloc(CSV_IMPORT_MAX_BYTES + 1, 'a')),
        413,
        'CSV_FILE_TOO_LARGE',
      ],
      [
        'an invalid option',
        () => importCsv(Buffer.from(`${header}\n`), { dryRun: 'maybe' }),
        400,
        'VALIDATION_FAILED',
      ],
    ];

    it.each(cases)('%s', async (_name, send, status, code) => {
      const before = await snapshot();
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.body.code).toBe(code);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a header and a flood of empty or blank lines at the row limit, and the server keeps answering', async () => {
      // A refused file is read and refused without the directory's list being built or copied.
      const catalogue = jest.spyOn(server.app.get(PublicCatalog), 'now');
      const floods: [string, string][] = [
        [`${header}\n${'\n'.repeat(200_000)}`, 'CSV_NO_ROWS'],
        [`${header}\r\n${' \r\n'.repeat(CSV_IMPORT_MAX_ROWS * 2 + 10)}`, 'CSV_TOO_MANY_ROWS'],
        [`${header}\n${'x\n'.repeat(CSV_IMPORT_MAX_ROWS + 10)}`, 'CSV_TOO_MANY_ROWS'],
      ];
      for (const [file, code] of floods) {
        const before = await snapshot();
        const [refused, health] = await Promise.all([
          importCsv(Buffer.from(file), { dryRun: 'true' }),
          request(server.url).get('/api/health/live'),
        ]);
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe(code);
        expect(health.status).toBe(200);
        expect(await snapshot()).toEqual(before);
      }
      expect(catalogue).not.toHaveBeenCalled();
      catalogue.mockRestore();
    });

    it('the header error names the missing and unknown columns', async () => {
      const response = await importCsv(Buffer.from('name;city;color\nA;B;C\n')).expect(400);
      expect(response.body.params).toMatchObject({
        missing: 'state, address, phone, email, description, categories, logo, mapImageUrl, googleMapsUrl',
        unknown: 'color',
      });
    });
  });
});
