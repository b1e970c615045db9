import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { BackupScheduleService } from '../src/backup/backup-schedule.service.js';
import { nextSlot, type StoredBackup } from './support/backup-slots.js';
import { GIF_1X1, pngImage, shopBody } from './support/fixtures.js';
import { binary } from './support/held-put.js';
import { loggedInAdmin } from './support/http.js';
import {
  createTestDatabase,
  DIALECTS,
  startApp,
  type TestApp,
  type TestDatabase,
} from './support/test-app.js';
import { buildZip } from './support/zip-writer.js';

/** Every row of every table a restore could touch, and every stored file but the backups. */
async function snapshot(app: TestApp) {
  const files = (folder: string): string[] =>
    existsSync(folder)
      ? readdirSync(folder, { recursive: true, encoding: 'utf8' })
          .filter((name) => statSync(join(folder, name)).isFile())
          .sort()
          .map((name) => `${name}:${readFileSync(join(folder, name)).length}`)
      : [];
  return {
    shops: await app.dataSource.query('SELECT * FROM shop ORDER BY id'),
    categories: await app.dataSource.query('SELECT * FROM shop_category ORDER BY shop_id, name'),
    slugs: await app.dataSource.query('SELECT * FROM shop_old_slug ORDER BY slug'),
    pending: await app.dataSource.query('SELECT * FROM pending_object'),
    unattached: await app.dataSource.query('SELECT * FROM unattached_object ORDER BY `key`'),
    objects: files(app.config.storage.localDir),
    backups: files(join(app.config.dataDir, 'backups')),
    tmp: files(join(app.config.dataDir, 'tmp')),
    // A preview records nothing in the activity log either.
    activity: await app.dataSource.query('SELECT * FROM activity_entry ORDER BY id'),
  };
}

interface LoggedEntry {
  kind: string;
  actorId: string | null;
  actorName: string | null;
  client: string | null;
  details: Record<string, unknown> | null;
}

describe.each(DIALECTS)('automatic backups on %s', (dialect) => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let admin: TestAgent;

  const stored = async (): Promise<StoredBackup[]> =>
    (await admin.get('/api/admin/backup/stored').expect(200)).body;
  const run = (app: TestApp, slot = nextSlot()) => app.app.get(BackupScheduleService).runScheduled(slot);
  const backupsFolder = () => join(one.config.dataDir, 'backups');
  /** The activity log's entries of one kind, newest first. */
  const logged = async (kind: string): Promise<LoggedEntry[]> =>
    (await admin.get('/api/admin/activity').query({ kind, pageSize: 100 }).expect(200)).body.items;

  async function uploadImage(bytes: Buffer, type: string): Promise<string> {
    const { uploadURL } = (await admin.post('/api/admin/upload').send({ type: 'logo' }).expect(201)).body;
    await request(uploadURL).put('').set('Content-Type', type).send(bytes).expect(200);
    const { pathname } = new URL(uploadURL);
    return `/objects${pathname.slice(pathname.lastIndexOf('/uploads/'))}`;
  }

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    // Two replicas on one database and one data folder, as production runs them.
    const env = { ...database.env, BACKUP_SCHEDULE: '0 3 * * *', BACKUP_KEEP: '2' };
    one = await startApp(env);
    two = await startApp(env);
    admin = await loggedInAdmin(one.url);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it('reports the schedule: daily at 03:00 Mexico City time (09:00 UTC), keeping 2', async () => {
    const { automaticBackups, lastFullBackupAt, automaticBackupFailedAt } = (
      await admin.get('/api/admin/backup/stats').expect(200)
    ).body;
    const now = new Date();
    const expected = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
    if (expected <= now) expected.setUTCDate(expected.getUTCDate() + 1);
    expect(automaticBackups).toEqual({
      schedule: '0 3 * * *',
      timeZone: 'America/Mexico_City',
      keep: 2,
      nextRunAt: expected.toISOString(),
    });
    expect(lastFullBackupAt).toBeNull();
    expect(automaticBackupFailedAt).toBeNull();
  });

  it('stores a complete backup in DATA_DIR/backups that the list shows and the download gives back', async () => {
    const logo = await uploadImage(pngImage(40, 30), 'image/png');
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Armería Norte', logo }))
      .expect(201);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Armería Sur', logo: 'medal' }))
      .expect(201);
    const outcome = await run(one);
    expect(outcome).toEqual({ stored: expect.stringMatching(/-auto\.zip$/), pruned: [] });
    const [backup] = await stored();
    const name = (outcome as { stored: string }).stored;
    const file = readFileSync(join(backupsFolder(), name));
    expect(backup).toEqual({ name, createdAt: expect.any(String), automatic: true, bytes: file.length });
    expect(name).toMatch(/^atm-directory-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-auto\.zip$/);
    const download = await admin
      .get(`/api/admin/backup/stored/${name}`)
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', 'application/zip')
      .expect('Content-Disposition', `attachment; filename="${name}"`);
    expect(Buffer.compare(download.body as Buffer, file)).toBe(0);
    // The dashboard's reminder counts it as a complete backup.
    const stats = (await admin.get('/api/admin/backup/stats').expect(200)).body;
    const recordedAfter = Date.parse(stats.lastFullBackupAt) - Date.parse(backup.createdAt);
    expect(recordedAfter).toBeGreaterThanOrEqual(0);
    expect(recordedAfter).toBeLessThan(60_000);
    expect(stats.lastAutomaticBackupAt).toBe(stats.lastFullBackupAt);
    expect(readdirSync(join(one.config.dataDir, 'tmp'))).toEqual([]);
    // One log entry, by the server itself (no admin, no address), naming the stored file.
    expect(await logged('backup.stored')).toEqual([
      expect.objectContaining({
        actorId: null,
        actorName: null,
        client: null,
        details: expect.objectContaining({ name, shops: 2, images: 1, bytes: file.length }),
      }),
    ]);
    expect(await logged('backup.downloaded')).toEqual([]);
  });

  it('keeps the newest BACKUP_KEEP backups and deletes the older ones', async () => {
    const before = (await stored()).map((backup) => backup.name);
    const second = (await run(one)) as { stored: string; pruned: string[] };
    expect(second.pruned).toEqual([]);
    const third = (await run(two)) as { stored: string; pruned: string[] };
    expect(third.pruned).toEqual(before);
    expect((await stored()).map((backup) => backup.name)).toEqual([third.stored, second.stored]);
    expect(
      readdirSync(backupsFolder())
        .filter((name) => name.endsWith('.zip'))
        .sort(),
    ).toEqual([second.stored, third.stored].sort());
  });

  it('runs each scheduled time once, however many replicas fire for it and whenever', async () => {
    const before = await stored();
    const slot = nextSlot();
    const storedLogged = (await logged('backup.stored')).length;
    const outcomes = await Promise.all([run(one, slot), run(two, slot)]);
    expect(outcomes.filter((outcome) => 'stored' in outcome)).toHaveLength(1);
    expect(outcomes.filter((outcome) => 'skipped' in outcome)).toHaveLength(1);
    // A replica whose clock is late fires after the other has finished: still skipped.
    expect(await run(two, slot)).toEqual({ skipped: 'already run for this time' });
    expect(await run(one, slot)).toEqual({ skipped: 'already run for this time' });
    const after = await stored();
    expect(after[0].name).not.toBe(before[0].name);
    expect(after[1].name).toBe(before[0].name);
    // Logged once, by the replica that ran it.
    expect(await logged('backup.stored')).toHaveLength(storedLogged + 1);
  });

  it('records a failed automatic backup for the dashboard until one succeeds', async () => {
    const before = await stored();
    // The backups folder cannot be written: a file stands where it should be.
    rmSync(backupsFolder(), { recursive: true });
    writeFileSync(backupsFolder(), 'not a folder');
    try {
      const slot = nextSlot();
      const outcome = await run(one, slot);
      expect(outcome).toEqual({ failed: expect.any(String) });
      const [failure, ...older] = await logged('backup.failed');
      expect(older).toEqual([]);
      expect(failure).toMatchObject({
        actorName: null,
        client: null,
        details: { slot: slot.toISOString(), reason: (outcome as { failed: string }).failed },
      });
      const stats = (await admin.get('/api/admin/backup/stats').expect(200)).body;
      expect(stats.automaticBackupFailedAt).not.toBeNull();
      expect(Date.parse(stats.automaticBackupFailedAt)).toBeGreaterThanOrEqual(
        Date.parse(stats.lastAutomaticBackupAt),
      );
      expect(readdirSync(join(one.config.dataDir, 'tmp'))).toEqual([]);
    } finally {
      rmSync(backupsFolder());
    }
    expect(before.length).toBeGreaterThan(0);
    expect(await run(two)).toEqual({ stored: expect.any(String), pruned: [] });
    expect((await admin.get('/api/admin/backup/stats').expect(200)).body.automaticBackupFailedAt).toBeNull();
  });

  it('previews a restore of a stored backup, changing nothing, with the counts the restore then has', async () => {
    // The directory moves on from the backup: one shop changed, one deleted, one added.
    const { stored: name } = (await run(one)) as { stored: string };
    const shops: { id: string; name: string }[] = (await request(one.url).get('/api/shops').expect(200)).body;
    const north = shops.find((shop) => shop.name === 'Armería Norte')!;
    const south = shops.find((shop) => shop.name === 'Armería Sur')!;
    await admin.put(`/api/admin/shops/${north.id}`).send({ description: 'Cambiada' }).expect(200);
    await admin.delete(`/api/admin/shops/${south.id}`).expect(204);
    const map = await uploadImage(GIF_1X1, 'image/gif');
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Nueva', mapImageUrl: map }))
      .expect(201);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Igual', logo: 'medal' }))
      .expect(201);
    const { stored: newer } = (await run(one)) as { stored: string };
    await admin.delete(`/api/admin/shops/${north.id}`).expect(204);

    const before = await snapshot(one);
    const preview = (await admin.post(`/api/admin/backup/stored/${newer}/restore?dryRun=true`).expect(200))
      .body;
    expect(preview).toMatchObject({
      restorable: true,
      problems: [],
      formatVersion: 8, // with the activity log (activity.json), which a restore never reads
      shops: 3,
      created: 1, // Armería Norte, deleted since, with its logo
      replaced: 0,
      unchanged: 2,
      images: 1,
      missingImages: 0,
    });
    expect(Date.parse(preview.createdAt)).toBeLessThanOrEqual(Date.now());
    // The same answer for the same file uploaded.
    const file = readFileSync(join(backupsFolder(), newer));
    const uploaded = await admin
      .post('/api/admin/backup/restore?dryRun=true')
      .attach('backupFile', file, { filename: newer, contentType: 'application/zip' })
      .expect(200);
    expect(uploaded.body).toEqual(preview);
    expect(await snapshot(one)).toEqual(before);

    const older = (await admin.post(`/api/admin/backup/stored/${name}/restore?dryRun=true`).expect(200)).body;
    expect(older).toMatchObject({ shops: 2, created: 2, replaced: 0, unchanged: 0, images: 1 });
    expect(await snapshot(one)).toEqual(before);

    expect(await logged('backup.restored')).toEqual([]);
    const result = (await admin.post(`/api/admin/backup/stored/${newer}/restore`).expect(200)).body;
    expect(result).toMatchObject({ created: 1, updated: 0, unchanged: 2, images: 1 });
    // The restore itself is logged once, as the admin's, naming the stored backup.
    expect(await logged('backup.restored')).toEqual([
      expect.objectContaining({
        actorName: 'admin',
        details: expect.objectContaining({
          storedBackup: newer,
          created: 1,
          updated: 0,
          unchanged: 2,
          images: 1,
          formatVersion: 8,
        }),
      }),
    ]);
    expect((await request(one.url).get('/api/shops').expect(200)).body).toHaveLength(3);
    expect(readdirSync(join(one.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('lists the problem of a damaged file instead of restoring it, and changes nothing', async () => {
    const before = await snapshot(one);
    const bad = buildZip([{ name: 'manifest.json', data: Buffer.from('{"product":"other"}') }]);
    const preview = (
      await admin
        .post('/api/admin/backup/restore?dryRun=true')
        .attach('backupFile', bad, { filename: 'bad.zip', contentType: 'application/zip' })
        .expect(200)
    ).body;
    expect(preview).toMatchObject({
      restorable: false,
      problems: [
        { code: 'BACKUP_REJECTED', message: expect.stringMatching(/not a backup of this directory/) },
      ],
      created: 0,
      images: 0,
    });
    expect(await snapshot(one)).toEqual(before);
  });

  it('refuses names that are not stored backups, and a dryRun that is not true or false', async () => {
    for (const name of [
      'atm-directory-backup-2026-01-01T09-00-00-000Z-auto.zip',
      '..%2F..%2Fsession-secret',
    ]) {
      const response = await admin.get(`/api/admin/backup/stored/${name}`).expect(404);
      expect(response.body.code).toBe('STORED_BACKUP_NOT_FOUND');
      await admin.post(`/api/admin/backup/stored/${name}/restore?dryRun=true`).expect(404);
    }
    const [latest] = await stored();
    const response = await admin
      .post(`/api/admin/backup/stored/${latest.name}/restore?dryRun=yes`)
      .expect(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    const anonymous = request(one.url);
    await anonymous.get('/api/admin/backup/stored').expect(401);
    await anonymous.get(`/api/admin/backup/stored/${latest.name}`).expect(401);
    await anonymous.post(`/api/admin/backup/stored/${latest.name}/restore?dryRun=true`).expect(401);
  });
});
