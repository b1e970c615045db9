import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import unzipper from 'unzipper';
import { DataSource } from 'typeorm';
import { ImageSweepService } from '../src/backup/image-sweep.service.js';
import { ShopVerificationPeriod } from '../src/shops/shop-verification-period.entity.js';
import { backupClient } from './support/backup-client.js';
import { GIF_1X1, pngImage, shopBody } from './support/fixtures.js';
import { binary } from './support/held-put.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';
import { buildZip } from './support/zip-writer.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const RESTORE_LIMIT = 4 * 1024 * 1024;
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const V1_FIXTURE = readFileSync(new URL('./fixtures/backup-v1.zip', import.meta.url));

describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;

  const { objectKeys, snapshot, listShops, download, restore, uploadImage, imageBytes, deleteAllShops } =
    backupClient(
      () => server,
      () => admin,
    );

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { RESTORE_MAX_BYTES: String(RESTORE_LIMIT) });
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('refuses every backup route without a session', async () => {
    const anonymous = request(server.url);
    await anonymous.get('/api/admin/backup/stats').expect(401);
    await anonymous.post('/api/admin/backup/full').expect(401);
    await anonymous.post('/api/admin/backup/data').expect(401);
    await anonymous.post('/api/admin/backup/restore').attach('backupFile', V1_FIXTURE, 'b.zip').expect(401);
  });

  it('reports statistics from the stored images and the data', async () => {
    const empty = (await admin.get('/api/admin/backup/stats').expect(200)).body;
    expect(empty).toMatchObject({
      totalShops: 0,
      imagesWithLogos: 0,
      imagesWithMaps: 0,
      storedImages: 0,
      lastFullBackupAt: null,
    });
    expect(empty.restoreMaxBytes).toBe(RESTORE_LIMIT);
    const logo = await uploadImage(pngImage(300, 200), 'image/png');
    const map = await uploadImage(GIF_1X1, 'image/gif');
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Con imágenes', logo, mapImageUrl: map }))
      .expect(201);
    await admin
      .post('/api/admin/shops')
      .send(
        shopBody({
          name: 'Con icono',
          logo: 'medal',
          categories: ['Caza', 'Armería', 'Seguridad', 'Municiones'],
        }),
      )
      .expect(201);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Sin verificar', logo: 'https://cdn.example/logo.png', isVerified: 'false' }))
      .expect(201);
    const stats = (await admin.get('/api/admin/backup/stats').expect(200)).body;
    expect(stats).toMatchObject({ totalShops: 3, imagesWithLogos: 2, imagesWithMaps: 3, storedImages: 2 });
    const storedBytes = objectKeys().reduce(
      (sum, key) => sum + readFileSync(join(server.config.storage.localDir, 'uploads', key)).length,
      0,
    );
    expect(stats.estimatedBytes).toBeGreaterThan(storedBytes);
    expect(stats.estimatedSize).toMatch(/^\d+(\.\d)? (B|KB|MB)$/);
  });

  it('downloads the complete backup as a dated ZIP with a checksummed manifest', async () => {
    const response = await download('full');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="atm-directory-backup-${today}.zip"`,
    );
    const zip = await unzipper.Open.buffer(response.body as Buffer);
    const names = zip.files.map((file) => file.path).sort();
    expect(names).toEqual(expect.arrayContaining(['manifest.json', 'shops.json']));
    expect(names.filter((name) => name.startsWith('images/'))).toHaveLength(2);
    const manifest = JSON.parse(
      (await zip.files.find((f) => f.path === 'manifest.json')!.buffer()).toString(),
    );
    expect(manifest).toMatchObject({
      product: 'atm-gunsmith-directory',
      formatVersion: 8,
      counts: { shops: 3, images: 2 },
    });
    for (const file of zip.files.filter((f) => f.path !== 'manifest.json')) {
      expect(sha(await file.buffer())).toBe(manifest.files[file.path].sha256);
    }
    const shops = JSON.parse((await zip.files.find((f) => f.path === 'shops.json')!.buffer()).toString());
    // Each shop as the API answers it, with its verification's history (none here).
    expect(shops).toEqual((await listShops()).map((shop) => ({ ...shop, verificationPeriods: [] })));
    expect(JSON.stringify(manifest) + JSON.stringify(shops)).not.toMatch(/password|argon2|session/i);
    // The download is recorded once its last byte is sent, which may be after the client has it all.
    const lastFullBackupAt = async () => (await admin.get('/api/admin/backup/stats')).body.lastFullBackupAt;
    for (let asked = 0; asked < 100 && (await lastFullBackupAt()) === null; asked++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await lastFullBackupAt()).not.toBeNull();
  });

  it('downloads the data backup as dated JSON', async () => {
    const response = await download('data');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="atm-directory-data-${today}.json"`,
    );
    const document = JSON.parse((response.body as Buffer).toString());
    expect(document).toMatchObject({ product: 'atm-gunsmith-directory', formatVersion: 8, requests: [] });
    expect(document.shops).toEqual((await listShops()).map((shop) => ({ ...shop, verificationPeriods: [] })));
  });

  it('round-trips: back up, delete everything, restore, and every shop and image is identical', async () => {
    const before = await listShops();
    const imagesBefore = new Map<string, Buffer>();
    for (const shop of before)
      for (const path of [shop.logo, shop.mapImageUrl] as string[]) {
        if (path.startsWith('/objects/')) imagesBefore.set(path, await imageBytes(path));
      }
    const backup = (await download('full')).body as Buffer;
    await deleteAllShops();
    expect(objectKeys()).toEqual([]);

    const result = (await restore(backup).expect(200)).body;
    expect(result).toMatchObject({ created: 3, updated: 0, images: 2 });
    expect(result.message).toMatch(/Backup restored/);
    const after = await listShops();
    expect(after).toHaveLength(before.length);
    for (const original of before) {
      const restored = after.find((shop) => shop.id === original.id)!;
      const { logo, mapImageUrl, ...rest } = original;
      expect(restored).toMatchObject(rest);
      for (const [field, path] of [
        ['logo', logo],
        ['mapImageUrl', mapImageUrl],
      ] as [string, string][]) {
        if (!path.startsWith('/objects/')) {
          expect(restored[field]).toBe(path);
          continue;
        }
        expect(restored[field]).not.toBe(path); // new object URLs (spec)
        expect(Buffer.compare(await imageBytes(restored[field] as string), imagesBefore.get(path)!)).toBe(0);
      }
    }
    expect((await snapshot()).pending).toEqual([]);
  });

  it('restores the same backup twice without creating duplicates', async () => {
    const backup = (await download('full')).body as Buffer;
    // Every shop is as the backup has it: each is left alone, no image is stored again.
    const same = (await restore(backup).expect(200)).body;
    expect(same).toMatchObject({ created: 0, updated: 0, unchanged: 3, images: 0 });
    // Changed shops are replaced in place (their images stored anew), however often.
    for (const shop of await listShops())
      await admin.put(`/api/admin/shops/${shop.id}`).send({ description: 'Cambiada' }).expect(200);
    const first = (await restore(backup).expect(200)).body;
    expect(first).toMatchObject({ created: 0, updated: 3, unchanged: 0, images: 2 });
    const shops = await listShops();
    expect(shops.map((shop) => shop.description)).not.toContain('Cambiada');
    const second = (await restore(backup).expect(200)).body;
    // The one with uploaded images has new image paths since the first restore: replaced again.
    expect(second).toMatchObject({ created: 0, updated: 1, unchanged: 2, images: 2 });
    expect((await listShops()).map((shop) => shop.id).sort()).toEqual(shops.map((shop) => shop.id).sort());
    // Replaced images are released: once the grace period is over, only the images the shops
    // use remain stored.
    await server.app.get(ImageSweepService).sweep(Date.now() + 24 * 3_600_000 + 1);
    expect(objectKeys()).toHaveLength(2);
  });

  it('restores a backup made in format version 1', async () => {
    const result = (await restore(V1_FIXTURE).expect(200)).body;
    expect(result).toMatchObject({ created: 2, updated: 0, images: 2 });
    const shops = await listShops();
    const uno = shops.find((shop) => shop.name === 'Armería Versión Uno')!;
    expect(uno).toMatchObject({
      city: 'Morelia',
      isVerified: 'true',
      categories: ['Armería', 'Coleccionismo'],
    });
    expect(uno.createdAt).toBe('2025-03-01T10:00:00.000Z');
    expect(
      (
        await request(server.url)
          .get(uno.logo as string)
          .expect(200)
      ).headers['content-type'],
    ).toBe('image/png');
    const antiguo = shops.find((shop) => shop.name === 'Taller Antiguo')!;
    expect(antiguo.mapImageUrl).toBe(uno.mapImageUrl); // one shared image stays shared
  });

  it('restores a format 2 backup (no slugs, no WhatsApp): its shops get slugs as new shops do', async () => {
    const shop = (id: string, name: string) => ({
      ...shopBody({ name, city: 'Querétaro', logo: 'tools' }),
      id: `00000000-0000-4000-8000-00000000020${id}`,
      createdAt: '2025-06-01T10:00:00.000Z',
      updatedAt: '2025-06-02T10:00:00.000Z',
    });
    const shopsJson = JSON.stringify([shop('1', 'Armería Formato Dos'), shop('2', 'Armeria Formato Dos')]);
    const manifest = {
      product: 'atm-gunsmith-directory',
      formatVersion: 2,
      createdAt: '2025-06-03T10:00:00.000Z',
      counts: { shops: 2, images: 0 },
      files: { 'shops.json': { sha256: sha(shopsJson), size: Buffer.byteLength(shopsJson) } },
      missingImages: [],
    };
    const backup = buildZip([
      { name: 'manifest.json', data: JSON.stringify(manifest) },
      { name: 'shops.json', data: shopsJson, deflate: true },
    ]);
    expect((await restore(backup).expect(200)).body).toMatchObject({ created: 2, updated: 0 });
    const restored = (await listShops()).filter((s) =>
      String(s.id).startsWith('00000000-0000-4000-8000-0000000002'),
    );
    expect(restored.map((s) => [s.id, s.slug, s.whatsapp]).sort()).toEqual([
      ['00000000-0000-4000-8000-000000000201', 'armeria-formato-dos-queretaro', null],
      ['00000000-0000-4000-8000-000000000202', 'armeria-formato-dos-queretaro-2', null],
    ]);
  });

  it('keeps opening hours through a backup, and restores a format 4 backup (made before hours) without any', async () => {
    const hours = 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00';
    const withHours = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Armería Con Horario', openingHours: hours, hoursNote: 'Sábados con cita' }))
        .expect(201)
    ).body;
    const backup = (await download('full')).body as Buffer;
    await admin
      .put(`/api/admin/shops/${withHours.id}`)
      .send({ openingHours: null, hoursNote: null })
      .expect(200);
    expect((await restore(backup).expect(200)).body).toMatchObject({ updated: 1 });
    expect((await listShops()).find((shop) => shop.id === withHours.id)).toMatchObject({
      openingHours: hours,
      hoursNote: 'Sábados con cita',
    });

    // A shop as format 4 wrote it: no openingHours, no hoursNote.
    const { openingHours: _hours, hoursNote: _note, ...older } = shopBody({ name: 'Armería Formato Cuatro' });
    const shopsJson = JSON.stringify([
      {
        ...older,
        id: '00000000-0000-4000-8000-000000000401',
        slug: 'armeria-formato-cuatro-puebla',
        whatsapp: null,
      },
    ]);
    const manifest = {
      product: 'atm-gunsmith-directory',
      formatVersion: 4,
      createdAt: '2026-10-01T10:00:00.000Z',
      counts: { shops: 1, images: 0, activity: 0 },
      files: { 'shops.json': { sha256: sha(shopsJson), size: Buffer.byteLength(shopsJson) } },
      missingImages: [],
    };
    const v4 = buildZip([
      { name: 'manifest.json', data: JSON.stringify(manifest) },
      { name: 'shops.json', data: shopsJson, deflate: true },
    ]);
    expect((await restore(v4).expect(200)).body).toMatchObject({ created: 1 });
    expect(
      (await listShops()).find((shop) => shop.id === '00000000-0000-4000-8000-000000000401'),
    ).toMatchObject({
      openingHours: null,
      hoursNote: null,
    });
  });

  it("restores a shop's verification periods from a format 8 backup, and an older backup as verified with no dates", async () => {
    const periodsOf = async (shopId: string) =>
      (
        await server.app
          .get(DataSource)
          .getRepository(ShopVerificationPeriod)
          .find({ where: { shopId }, order: { recordedAt: 'ASC' } })
      ).map(({ certificateNumber, verifiedOn, validUntil, note, verifiedByName }) => ({
        certificateNumber,
        verifiedOn,
        validUntil,
        note,
        verifiedByName,
      }));
    const certified = (
      await admin
        .post('/api/admin/shops')
        .send(
          shopBody({
            name: 'Armería Certificada',
            isVerified: 'true',
            certificateNumber: 'ATM-2025/100',
            verifiedOn: '2025-01-10',
            validUntil: '2026-01-10',
          }),
        )
        .expect(201)
    ).body as { id: string };
    // Renewed: a second period, the first kept.
    const renewal = {
      certificateNumber: 'ATM-2026/100',
      verifiedOn: '2026-01-05',
      validUntil: '2099-01-05',
      verificationNote: 'Armas largas',
    };
    await admin.put(`/api/admin/shops/${certified.id}`).send(renewal).expect(200);
    const history = await periodsOf(certified.id);
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({ certificateNumber: 'ATM-2026/100', note: 'Armas largas' });

    const backup = (await download('full')).body as Buffer;
    const entries = await unzipper.Open.buffer(backup);
    const read = async <T>(name: string) =>
      JSON.parse((await entries.files.find((entry) => entry.path === name)!.buffer()).toString()) as T;
    expect(await read('manifest.json')).toMatchObject({ formatVersion: 8 });
    const backedUp = (await read<Record<string, unknown>[]>('shops.json')).find(
      (shop) => shop.id === certified.id,
    );
    expect(backedUp).toMatchObject({
      ...renewal,
      verificationPeriods: [expect.anything(), expect.anything()],
    });

    // Renewed again, then the backup restored: its certificate and its two periods, as they were.
    await admin
      .put(`/api/admin/shops/${certified.id}`)
      .send({ certificateNumber: 'ATM-2027/100', verifiedOn: '2027-01-05', validUntil: null })
      .expect(200);
    expect(await periodsOf(certified.id)).toHaveLength(3);
    expect((await restore(backup).expect(200)).body).toMatchObject({ updated: 1 });
    expect((await request(server.url).get(`/api/shops/${certified.id}`).expect(200)).body).toMatchObject({
      isVerified: 'true',
      ...renewal,
    });
    expect(await periodsOf(certified.id)).toEqual(history);
    // The same backup again: nothing differs, not even the history.
    expect((await restore(backup).expect(200)).body).toMatchObject({ updated: 0 });

    // The same shop as format 7 wrote it (the checkbox only, any certificate field ignored): verified,
    // with no dates, its history here kept; and a shop new here, verified with no dates either.
    const { verificationPeriods: _periods, ...format7Shop } = backedUp!;
    const fresh = {
      ...shopBody({ name: 'Armería Formato Siete', isVerified: 'true' }),
      id: '00000000-0000-4000-8000-000000000701',
      slug: 'armeria-formato-siete-puebla',
      whatsapp: null,
    };
    const shopsJson = JSON.stringify([format7Shop, fresh]);
    const manifest = {
      product: 'atm-gunsmith-directory',
      formatVersion: 7,
      createdAt: '2026-11-01T10:00:00.000Z',
      counts: { shops: 2, images: 0, activity: 0, requests: 0, quarantine: 0 },
      files: { 'shops.json': { sha256: sha(shopsJson), size: Buffer.byteLength(shopsJson) } },
      missingImages: [],
      missingQuarantined: [],
    };
    const v7 = buildZip([
      { name: 'manifest.json', data: JSON.stringify(manifest) },
      { name: 'shops.json', data: shopsJson, deflate: true },
    ]);
    expect((await restore(v7).expect(200)).body).toMatchObject({ created: 1, updated: 1 });
    const noDates = { isVerified: 'true', certificateNumber: null, verifiedOn: null, validUntil: null };
    for (const id of [certified.id, fresh.id])
      expect((await request(server.url).get(`/api/shops/${id}`).expect(200)).body).toMatchObject(noDates);
    expect(await periodsOf(certified.id)).toEqual(history);
    expect(await periodsOf(fresh.id)).toEqual([]);
  });

  it('keeps slugs, old slugs and WhatsApp numbers through a backup and its restore', async () => {
    const created = (
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: 'Armería Viaje', city: 'Puebla', whatsapp: '+52 222 555 0101' }))
        .expect(201)
    ).body;
    await admin.put(`/api/admin/shops/${created.id}`).send({ name: 'Armería Viaje Norte' }).expect(200);
    const backup = (await download('full')).body as Buffer;
    await admin
      .put(`/api/admin/shops/${created.id}`)
      .send({ name: 'Armería Viaje Sur', whatsapp: null })
      .expect(200);

    await restore(backup).expect(200);
    const restored = (await request(server.url).get(`/api/shops/${created.id}`).expect(200)).body;
    expect(restored).toMatchObject({
      name: 'Armería Viaje Norte',
      slug: 'armeria-viaje-norte-puebla',
      whatsapp: '+52 222 555 0101',
    });
    // The slug it had before the restore and the one before that both lead to it.
    for (const old of ['armeria-viaje-sur-puebla', 'armeria-viaje-puebla']) {
      const moved = await request(server.url).get(`/api/shops/by-slug/${old}`).redirects(0).expect(301);
      expect(moved.body).toEqual({ slug: 'armeria-viaje-norte-puebla' });
    }
  });
});

describe.each(DIALECTS)('full backup of a larger directory on %s', (dialect) => {
  let server: Started;
  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
  });
  afterAll(() => server.close());

  it('streams every image after a large shops.json, each with its own exact checksum', async () => {
    const admin = await loggedInAdmin(server.url);
    const paths: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { uploadURL } = (await admin.post('/api/admin/upload').send({ type: 'map' }).expect(201)).body;
      await request(uploadURL)
        .put('')
        .set('Content-Type', 'image/png')
        .send(pngImage(200 + i, 100))
        .expect(200);
      const { pathname } = new URL(uploadURL);
      paths.push(`/objects${pathname.slice(pathname.lastIndexOf('/uploads/'))}`);
    }
    const long = 'Taller con historia. '.repeat(230);
    for (let i = 0; i < 120; i++) {
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: `Taller ${i}`, description: long, mapImageUrl: paths[i % paths.length] }))
        .expect(201);
    }
    const response = await admin.post('/api/admin/backup/full').buffer(true).parse(binary).expect(200);
    const zip = await unzipper.Open.buffer(response.body as Buffer);
    const manifest = JSON.parse(
      (await zip.files.find((f) => f.path === 'manifest.json')!.buffer()).toString(),
    );
    expect((await zip.files.find((f) => f.path === 'shops.json')!.buffer()).length).toBeGreaterThan(500_000);
    // The log: the first admin, its login and the 120 shops created.
    expect(manifest.counts).toEqual({ shops: 120, images: 8, activity: 122, requests: 0, quarantine: 0 });
    for (const file of zip.files.filter((f) => f.path !== 'manifest.json')) {
      const bytes = await file.buffer();
      expect(manifest.files[file.path]).toMatchObject({ sha256: sha(bytes), size: bytes.length });
    }
  });
});
