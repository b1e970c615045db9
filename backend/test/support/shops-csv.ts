import { SHOP_CSV_COLUMNS } from 'contract';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';

export type Row = Record<string, string>;

export interface ImportResult {
  dryRun: boolean;
  allOrNothing: boolean;
  applied: boolean;
  delimiter: string;
  counts: { created: number; updated: number; unchanged: number; refused: number };
  rows: {
    row: number;
    status: string;
    id: string | null;
    name: string;
    matchedBy: string | null;
    changes: string[];
    errors: { field: string; code: string; params?: Record<string, unknown> }[];
  }[];
}

export const BOM = '\uFEFF';
export const EDITABLE = SHOP_CSV_COLUMNS.filter((c) => !['slug', 'createdAt', 'updatedAt'].includes(c));

/** The export's rows as objects by column (the BOM, quoting and CRLF undone by a CSV reader). */
export function readCsv(text: string, delimiter = ','): Row[] {
  return parse(text, { bom: true, columns: true, delimiter }) as Row[];
}

/** A file as Excel or LibreOffice in a Spanish locale saves it: `;`, BOM, CRLF, quotes where needed. */
export function spreadsheetFile(rows: Row[], columns: readonly string[] = SHOP_CSV_COLUMNS): Buffer {
  const body = stringify(
    rows.map((row) => columns.map((column) => row[column] ?? '')),
    { delimiter: ';', record_delimiter: 'windows', header: false },
  );
  return Buffer.from(BOM + columns.join(';') + '\r\n' + body, 'utf8');
}

/**
 * The CSV endpoints as a test calls them, as `admin`, and the tables an import may change.
 * `admin` and `dataSource` are read when called (a suite sets them in its beforeAll).
 */
export function shopsCsv(admin: () => TestAgent, dataSource: () => DataSource) {
  const exportCsv = async (query = '') => {
    const response = await admin()
      .get(`/api/admin/shops/export.csv${query}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    return { response, bytes: response.body as Buffer, text: (response.body as Buffer).toString('utf8') };
  };
  const importCsv = (file: Buffer, query: Record<string, string> = {}, name = 'shops.csv') =>
    admin().post('/api/admin/shops/import').query(query).attach('file', file, name);
  const snapshot = async () => ({
    shops: await dataSource().query('SELECT * FROM shop ORDER BY id'),
    categories: await dataSource().query('SELECT * FROM shop_category ORDER BY shop_id, position'),
    version: await dataSource().query("SELECT version FROM data_version WHERE name = 'shops'"),
    // A dry run, or an all-or-nothing import that applies nothing, logs nothing either.
    activity: await dataSource().query('SELECT * FROM activity_entry ORDER BY id'),
  });
  const importsLogged = async () =>
    (await admin().get('/api/admin/activity').query({ kind: 'shops.imported', pageSize: 100 }).expect(200))
      .body as { total: number; items: { actorName: string | null; details: Record<string, unknown> }[] };

  return { exportCsv, importCsv, snapshot, importsLogged };
}
