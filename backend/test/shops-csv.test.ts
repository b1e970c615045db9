import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SHOP_CSV_COLUMNS } from 'contract';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import {
  EDITABLE,
  type ImportResult,
  readCsv,
  type Row,
  shopsCsv,
  spreadsheetFile,
} from './support/shops-csv.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('shops CSV export and import on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const ids = new Map<string, string>();

  const { exportCsv, importCsv, snapshot, importsLogged } = shopsCsv(
    () => admin,
    () => server.dataSource,
  );

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    const shops = [
      shopBody({
        name: 'Armería "El Güero"',
        city: 'León',
        state: 'Guanajuato',
        description: 'Reparación, pavonado; y "ajustes".\nSegunda línea.',
        categories: ['Armería', 'Reparación'],
        phone: '+52 477 123 4567',
        isVerified: 'true',
      }),
      shopBody({
        name: 'Cañones del Bajío',
        city: 'Querétaro',
        state: 'Querétaro',
        email: 'canones@bajio.example',
        website: null,
        categories: ['Caza'],
        latitude: null,
        longitude: null,
      }),
      shopBody({ name: '=HYPERLINK("http://evil.example")', city: 'Puebla', categories: ['Seguridad'] }),
    ];
    for (const body of shops) {
      const created = await admin.post('/api/admin/shops').send(body).expect(201);
      ids.set(created.body.name, created.body.id);
    }
  });
  afterAll(() => server.close());

  it('is for admins only, and refuses an import sent by another site', async () => {
    await request(server.url).get('/api/admin/shops/export.csv').expect(401);
    const anonymous = await request(server.url)
      .post('/api/admin/shops/import')
      .attach('file', Buffer.from('name\n'), 'x.csv')
      .expect(401);
    expect(anonymous.body.code).toBe('UNAUTHENTICATED');
    const crossSite = await admin
      .post('/api/admin/shops/import')
      .set('Origin', 'https://evil.example')
      .attach('file', Buffer.from('name\n'), 'x.csv')
      .expect(403);
    expect(crossSite.body.code).toBe('CROSS_SITE_REQUEST');
  });

  it('exports every shop: UTF-8 with BOM, CRLF, a header, categories joined by ;, formulas neutralised', async () => {
    const { response, bytes, text } = await exportCsv();
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="atm-directory-shops-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.slice(1).split('\r\n')[0]).toBe(SHOP_CSV_COLUMNS.join(','));
    const rows = readCsv(text);
    expect(rows).toHaveLength(3);
    const guero = rows.find((row) => row.id === ids.get('Armería "El Güero"'))!;
    expect(guero).toMatchObject({
      name: 'Armería "El Güero"',
      city: 'León',
      categories: 'Armería;Reparación',
      description: 'Reparación, pavonado; y "ajustes".\nSegunda línea.',
      phone: "'+52 477 123 4567",
      isVerified: 'true',
      latitude: '19.0414',
      longitude: '-98.2063',
    });
    expect(rows.find((row) => row.city === 'Puebla')!.name).toBe(`'=HYPERLINK("http://evil.example")`);
    const canones = rows.find((row) => row.city === 'Querétaro')!;
    expect(canones).toMatchObject({ website: '', latitude: '', longitude: '', whatsapp: '' });
    // With semicolons, for spreadsheets whose list separator is `;`.
    const semicolons = await exportCsv('?delimiter=semicolon');
    expect(semicolons.text.slice(1).split('\r\n')[0]).toBe(SHOP_CSV_COLUMNS.join(';'));
    expect(readCsv(semicolons.text, ';')).toEqual(rows);
    const bad = await admin.get('/api/admin/shops/export.csv?delimiter=tab').expect(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('round trip: export, edit as a spreadsheet would, dry run (nothing changes), import; the directory matches', async () => {
    const exported = readCsv((await exportCsv()).text);
    const edited = exported.map((row) => ({ ...row }));
    const guero = edited.find((row) => row.id === ids.get('Armería "El Güero"'))!;
    guero.categories = 'Armería; Reparación ;Táctico;';
    guero.phone = '+52 477 765 4321'; // typed in the spreadsheet, without the export's apostrophe
    guero.isVerified = 'FALSO'; // as Excel in Spanish writes false
    const canones = edited.find((row) => row.city === 'Querétaro')!;
    // Matched by name and city, accents and case ignored, when the id column is blank.
    canones.id = '';
    canones.name = 'CAÑONES DEL BAJIO';
    canones.latitude = '20,5888'; // a decimal comma
    canones.longitude = '-100,3899';
    edited.push({
      name: 'Tiro "Los Ángeles"',
      city: 'Mérida',
      state: 'Yucatán',
      address: 'Calle 60 #500',
      phone: '999 123 4567',
      whatsapp: '+52 1 999 123 4567',
      email: 'tiro@angeles.example',
      website: 'https://angeles.example',
      // A cell over two lines: it crosses from the CSV worker as one line of JSON.
      description: 'Campo de tiro; cursos.\nAbierto los sábados.',
      categories: 'Capacitación;Deportivo',
      isVerified: 'VERDADERO',
      latitude: '20.9674',
      longitude: '-89.5926',
      logo: 'bullseye',
      mapImageUrl: 'https://maps.example/merida.png',
      googleMapsUrl: 'https://www.google.com/maps/search/?api=1&query=20.96,-89.59',
    });
    const file = spreadsheetFile(edited);
    expect(file.includes(Buffer.from('\r\n'))).toBe(true);

    const before = await snapshot();
    const preview = (await importCsv(file, { dryRun: 'true' }).expect(200)).body as ImportResult;
    expect(await snapshot()).toEqual(before);
    expect(preview).toMatchObject({ dryRun: true, applied: false, delimiter: ';' });
    expect(preview.counts).toEqual({ created: 1, updated: 2, unchanged: 1, refused: 0 });
    expect(preview.rows.map((row) => [row.row, row.status, row.matchedBy])).toEqual(
      exported
        .map((row, i): (string | number | null)[] => [
          i + 2,
          row.city === 'Puebla' ? 'unchanged' : 'updated',
          row.city === 'Querétaro' ? 'nameAndCity' : 'id',
        ])
        .concat([[5, 'created', null]]),
    );
    expect(preview.rows.find((row) => row.id === ids.get('Armería "El Güero"'))!.changes).toEqual([
      'phone',
      'categories',
      'isVerified',
    ]);
    expect(preview.rows.find((row) => row.matchedBy === 'nameAndCity')!.changes).toEqual([
      'name',
      'latitude',
      'longitude',
    ]);
    expect(preview.rows[3].id).toBeNull();

    const loggedBefore = (await importsLogged()).total;
    const done = (await importCsv(file, {}, 'gunsmiths.csv').expect(200)).body as ImportResult;
    expect(done).toMatchObject({ dryRun: false, applied: true });
    expect(done.counts).toEqual(preview.counts);
    // One entry for the whole import (not one per shop), in its transaction, with its counts.
    const logged = await importsLogged();
    expect(logged.total).toBe(loggedBefore + 1);
    expect(logged.items[0]).toMatchObject({
      actorName: 'admin',
      details: { ...done.counts, allOrNothing: false, file: 'gunsmiths.csv' },
    });
    const newId = done.rows[3].id;
    expect(newId).toMatch(/^[0-9a-f-]{36}$/);

    // The directory now is the edited file, read the way the import reads it.
    const after = readCsv((await exportCsv()).text);
    expect(after).toHaveLength(4);
    const byId = new Map(after.map((row) => [row.id, row]));
    // A column a row was written without reads back empty.
    const pick = (row: Row) =>
      Object.fromEntries(EDITABLE.filter((c) => c !== 'id').map((c) => [c, row[c] ?? '']));
    expect(pick(byId.get(ids.get('Armería "El Güero"')!)!)).toEqual(
      pick({
        ...guero,
        categories: 'Armería;Reparación;Táctico',
        phone: "'+52 477 765 4321",
        isVerified: 'false',
      }),
    );
    expect(pick(byId.get(ids.get('Cañones del Bajío')!)!)).toEqual(
      pick({ ...canones, latitude: '20.5888', longitude: '-100.3899' }),
    );
    expect(pick(byId.get(newId!)!)).toEqual(
      pick({ ...edited[3], whatsapp: "'+52 1 999 123 4567", isVerified: 'true' }),
    );
    // The public directory sees it too (the version was bumped in the same transaction).
    const shop = (await request(server.url).get(`/api/shops/${newId}`).expect(200)).body;
    expect(shop).toMatchObject({ name: 'Tiro "Los Ángeles"', categories: ['Capacitación', 'Deportivo'] });

    // Importing the same export again changes nothing.
    const again = (await importCsv(Buffer.from((await exportCsv()).bytes)).expect(200)).body as ImportResult;
    expect(again.counts).toEqual({ created: 0, updated: 0, unchanged: 4, refused: 0 });
  });

  it('a shop renamed by an import gets a new slug, and its old page redirects to it', async () => {
    const rows = readCsv((await exportCsv()).text);
    const index = rows.findIndex((row) => row.id === ids.get('Cañones del Bajío'));
    const oldSlug = rows[index].slug;
    rows[index] = { ...rows[index], name: 'Cañones de la Sierra' };
    const result = (await importCsv(spreadsheetFile(rows)).expect(200)).body as ImportResult;
    expect(result.rows[index]).toMatchObject({ status: 'updated', changes: ['name'] });
    const shop = (
      await request(server.url)
        .get(`/api/shops/${ids.get('Cañones del Bajío')}`)
        .expect(200)
    ).body;
    expect(shop.slug).toBe('canones-de-la-sierra-queretaro');
    const redirect = await request(server.url).get(`/api/shops/by-slug/${oldSlug}`).expect(301);
    expect(redirect.body).toEqual({ slug: 'canones-de-la-sierra-queretaro' });
    // Its name and city are what a row without an id is matched by from now on.
    rows[index] = { ...rows[index], id: '', name: 'CAÑONES DE LA SIERRA', city: 'queretaro' };
    const again = (await importCsv(spreadsheetFile(rows), { dryRun: 'true' }).expect(200))
      .body as ImportResult;
    expect(again.rows[index]).toMatchObject({ status: 'updated', matchedBy: 'nameAndCity' });
  });

  describe('a file with one bad row', () => {
    const rowsWithOneBad = async () => {
      const rows = readCsv((await exportCsv()).text);
      rows[0] = { ...rows[0], description: 'Cambiada por la importación' };
      rows[1] = { ...rows[1], email: 'no-es-correo', phone: '', categories: ' ; ' };
      return spreadsheetFile(rows);
    };

    it('all or nothing: refused with that row’s errors, and nothing changes', async () => {
      const file = await rowsWithOneBad();
      const before = await snapshot();
      const result = (await importCsv(file, { allOrNothing: 'true' }).expect(200)).body as ImportResult;
      expect(result).toMatchObject({ applied: false, allOrNothing: true });
      expect(result.counts).toMatchObject({ updated: 1, refused: 1 });
      expect(result.rows[1]).toMatchObject({ row: 3, status: 'refused' });
      expect(result.rows[1].errors.map((e) => [e.field, e.code])).toEqual([
        ['phone', 'REQUIRED'],
        ['email', 'INVALID_EMAIL'],
        ['categories', 'REQUIRED'],
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('otherwise: the valid rows are applied and the bad one is refused', async () => {
      const file = await rowsWithOneBad();
      const result = (await importCsv(file).expect(200)).body as ImportResult;
      expect(result).toMatchObject({ applied: true, allOrNothing: false });
      expect(result.counts).toMatchObject({ updated: 1, refused: 1 });
      const updated = (await request(server.url).get(`/api/shops/${result.rows[0].id}`).expect(200)).body;
      expect(updated.description).toBe('Cambiada por la importación');
    });
  });

  it('refuses rows that name an unknown id, match two shops, repeat a shop, or have the wrong cell count', async () => {
    // A second shop with the same name and city makes a name-and-city match ambiguous.
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Gemelos', city: 'Tlaxcala', email: 'uno@gemelos.example' }))
      .expect(201);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'gemelos', city: 'TLAXCALA', email: 'dos@gemelos.example' }))
      .expect(201);
    const [first] = readCsv((await exportCsv()).text);
    const base = { ...first };
    const rows: Row[] = [
      { ...base, id: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' },
      { ...base, id: 'not-a-uuid' },
      { ...base, id: '', name: 'Gemelos', city: 'Tlaxcala' },
      { ...base },
      { ...base },
    ];
    const file = Buffer.concat([spreadsheetFile(rows), Buffer.from('solo;tres;celdas\r\n')]);
    const before = await snapshot();
    const result = (await importCsv(file, { dryRun: 'true' }).expect(200)).body as ImportResult;
    expect(
      result.rows.map((row) => [row.row, row.status, row.errors.map((e) => `${e.field} ${e.code}`)]),
    ).toEqual([
      [2, 'refused', ['id UNKNOWN_SHOP']],
      [3, 'refused', ['id INVALID_VALUE']],
      [4, 'refused', ['name AMBIGUOUS_MATCH']],
      [5, 'unchanged', []],
      [6, 'refused', ['id DUPLICATE_ROW']],
      [7, 'refused', ['row WRONG_CELL_COUNT']],
    ]);
    expect(result.rows[4].errors[0].params).toEqual({ row: 5 });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a row whose image is not in the store, in the preview and in the import; a row keeping its image passes', async () => {
    const [first] = readCsv((await exportCsv()).text);
    const missing = '/objects/uploads/3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const rows: Row[] = [
      { ...first, id: '', name: 'Sin logo guardado', city: 'Colima', logo: missing },
      { ...first, mapImageUrl: missing },
      { ...first, id: '', name: 'Logo de icono', city: 'Colima', logo: 'bullseye' },
    ];
    const file = spreadsheetFile(rows);
    const before = await snapshot();
    for (const query of [{ dryRun: 'true' }, { allOrNothing: 'true' }] as Record<string, string>[]) {
      const result = (await importCsv(file, query).expect(200)).body as ImportResult;
      expect(result.applied).toBe(false);
      expect(
        result.rows.map((row) => [
          row.row,
          row.status,
          row.id,
          row.errors.map((e) => `${e.field} ${e.code}`),
        ]),
      ).toEqual([
        [2, 'refused', null, ['logo INVALID_IMAGE']],
        [3, 'refused', null, ['mapImageUrl INVALID_IMAGE']],
        [4, 'created', null, []],
      ]);
      expect(result.counts).toEqual({ created: 1, updated: 0, unchanged: 0, refused: 2 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("an import that changes a shop's phone and verification leaves one history entry with old and new values, naming the file", async () => {
    const created = await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Historial Armería', city: 'Tlaxcala', phone: '+52 246 111 1111' }))
      .expect(201);
    const row = readCsv((await exportCsv()).text).find((r) => r.id === created.body.id)!;
    const file = spreadsheetFile([{ ...row, phone: '+52 246 222 2222', isVerified: 'VERDADERO' }]);
    const result = (await importCsv(file, {}, 'correcciones.csv').expect(200)).body as ImportResult;
    expect(result.counts).toMatchObject({ updated: 1, refused: 0 });
    const history = (
      await admin.get('/api/admin/activity').query({ shopId: created.body.id, pageSize: 100 }).expect(200)
    ).body as { items: { kind: string; details: Record<string, unknown> }[] };
    const [latest, ...older] = history.items;
    expect(older.map((entry) => entry.kind)).toEqual(['shop.created']);
    expect(latest).toMatchObject({
      kind: 'shop.verified',
      details: {
        changes: {
          phone: { from: '+52 246 111 1111', to: '+52 246 222 2222' },
          isVerified: { from: 'false', to: 'true' },
        },
        source: { via: 'import', file: 'correcciones.csv' },
      },
    });
    expect(Object.keys(latest.details.changes as object)).toEqual(['phone', 'isVerified']);
  });

  it("export and re-import of the whole directory changes nothing, names beginning with ', = or @ included", async () => {
    for (const name of ["'@Home Armería", '@Armas del Centro', '=Tiro Federal', "'Los Pinos' Taller"]) {
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name, city: 'Cholula' }))
        .expect(201);
    }
    // Opening hours travel as their text in one column, the note in another.
    await admin
      .post('/api/admin/shops')
      .send(
        shopBody({
          name: 'Armería Con Horario',
          city: 'Cholula',
          openingHours: 'Sa 10:00-13:00; Mo-Fr 16:00-19:00,09:00-14:00',
          hoursNote: 'Sábados con cita',
        }),
      )
      .expect(201);
    const before = await snapshot();
    const { bytes } = await exportCsv();
    const result = (await importCsv(bytes).expect(200)).body as ImportResult;
    expect(result.counts).toEqual({ created: 0, updated: 0, unchanged: before.shops.length, refused: 0 });
    expect(await snapshot()).toEqual({ ...before, activity: expect.any(Array) });
    const names = (await server.dataSource.query('SELECT name FROM shop')).map(
      (r: { name: string }) => r.name,
    );
    expect(names).toEqual(expect.arrayContaining(["'@Home Armería", "'Los Pinos' Taller", '=Tiro Federal']));
    const exported = readCsv((await exportCsv()).text).find((row) => row.name === 'Armería Con Horario')!;
    expect(exported).toMatchObject({
      openingHours: 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00',
      hoursNote: 'Sábados con cita',
    });
  });

  it("exports and imports a shop's certificate with the form's rules, each refusal on its row; a file without the columns imports as before", async () => {
    const certified = ids.get('Cañones del Bajío')!;
    await admin
      .put(`/api/admin/shops/${certified}`)
      .send({
        isVerified: 'true',
        certificateNumber: 'ATM-CSV-001',
        verifiedOn: '2026-01-10',
        validUntil: '2099-01-10',
      })
      .expect(200);
    const exported = readCsv((await exportCsv()).text);
    const base = exported.find((row) => row.id === certified)!;
    expect(base).toMatchObject({
      certificateNumber: 'ATM-CSV-001',
      verifiedOn: '2026-01-10',
      validUntil: '2099-01-10',
      verificationNote: '',
    });

    const newShop = (name: string, verification: Row): Row => ({
      ...base,
      id: '',
      name,
      isVerified: 'VERDADERO',
      certificateNumber: '',
      verifiedOn: '',
      validUntil: '',
      verificationNote: '',
      ...verification,
    });
    const period = { verifiedOn: '2026-02-01', validUntil: '2027-02-01' };
    const file = spreadsheetFile([
      newShop('Certificado Nuevo', {
        certificateNumber: 'atm-csv-002',
        ...period,
        verificationNote: 'Armas cortas',
      }),
      newShop('Mismo Número', { certificateNumber: 'ATM-CSV-002', ...period }),
      newShop('Número Ajeno', { certificateNumber: 'ATM-CSV-001', ...period }),
      newShop('Día Inexistente', {
        certificateNumber: 'ATM-CSV-004',
        verifiedOn: '2026-02-01',
        validUntil: '2026-13-01',
      }),
      newShop('Fechas Al Revés', {
        certificateNumber: 'ATM-CSV-005',
        verifiedOn: '2026-02-01',
        validUntil: '2026-01-01',
      }),
      newShop('Fechas Sin Número', period),
    ]);
    const summary = (result: ImportResult) =>
      result.rows.map((row) => [row.row, row.status, row.errors.map((e) => `${e.field} ${e.code}`)]);
    const expected = [
      [2, 'created', []],
      [3, 'refused', ['certificateNumber CERTIFICATE_NUMBER_TAKEN']],
      [4, 'refused', ['certificateNumber CERTIFICATE_NUMBER_TAKEN']],
      [5, 'refused', ['validUntil INVALID_DATE']],
      [6, 'refused', ['validUntil VALID_UNTIL_NOT_AFTER_VERIFIED_ON']],
      [7, 'refused', ['certificateNumber REQUIRED']],
    ];
    const before = await snapshot();
    const preview = (await importCsv(file, { dryRun: 'true' }).expect(200)).body as ImportResult;
    expect(summary(preview)).toEqual(expected);
    // The row that took the number first is named, for the message in the admin's language.
    expect(preview.rows[1].errors[0].params).toEqual({ number: 'ATM-CSV-002', row: 2 });
    expect(preview.rows[2].errors[0].params).toEqual({ number: 'ATM-CSV-001' });
    expect(await snapshot()).toEqual(before);
    const imported = (await importCsv(file).expect(200)).body as ImportResult;
    expect(summary(imported)).toEqual(expected);
    expect(
      (await request(server.url).get(`/api/shops/${imported.rows[0].id}`).expect(200)).body,
    ).toMatchObject({
      isVerified: 'true',
      certificateNumber: 'ATM-CSV-002',
      ...period,
      verificationNote: 'Armas cortas',
    });

    // A file of before the certificate's columns: the checkbox as before. The certified shop keeps
    // its certificate; a new verified shop is "verified, no dates".
    const oldColumns = SHOP_CSV_COLUMNS.filter(
      (column) => !['certificateNumber', 'verifiedOn', 'validUntil', 'verificationNote'].includes(column),
    );
    const oldFile = spreadsheetFile(
      [
        { ...base, phone: '+52 442 000 1111' },
        { ...base, id: '', name: 'Verificado Sin Fechas', isVerified: 'sí' },
      ],
      oldColumns,
    );
    const old = (await importCsv(oldFile).expect(200)).body as ImportResult;
    expect(summary(old)).toEqual([
      [2, 'updated', []],
      [3, 'created', []],
    ]);
    expect(old.rows[0].changes).toEqual(['phone']);
    expect((await request(server.url).get(`/api/shops/${certified}`).expect(200)).body).toMatchObject({
      phone: '+52 442 000 1111',
      isVerified: 'true',
      certificateNumber: 'ATM-CSV-001',
      validUntil: '2099-01-10',
    });
    expect((await request(server.url).get(`/api/shops/${old.rows[1].id}`).expect(200)).body).toMatchObject({
      isVerified: 'true',
      certificateNumber: null,
      verifiedOn: null,
      validUntil: null,
    });
  });
});
