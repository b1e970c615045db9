import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SchedulerRegistry } from '@nestjs/schedule';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { BackupScheduleService } from '../src/backup/backup-schedule.service.js';
import { JobLockService } from '../src/database/job-lock.service.js';
import { nextSlot, type StoredBackup } from './support/backup-slots.js';
import { shopBody } from './support/fixtures.js';
import { binary } from './support/held-put.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from './support/http.js';
import { startS3Server } from './support/s3-server.js';
import {
  ANY_DIALECT,
  createTestDatabase,
  startApp,
  type TestApp,
  type TestDatabase,
} from './support/test-app.js';

// The backup schedule as it runs on its own (on one replica of two), turned off, and storing in
// an S3 bucket instead of DATA_DIR/backups. What a stored backup holds and how it restores is
// in automatic-backups.test.ts.

describe.each(ANY_DIALECT)('the backup schedule on %s', (dialect) => {
  it('fires on its own, on one replica only', async () => {
    const database = await createTestDatabase(dialect);
    // Every second: the first tick stores a backup; waiting is for that event, not a fixed time.
    const env = { ...database.env, BACKUP_SCHEDULE: '* * * * * *', BACKUP_KEEP: '50' };
    const one = await startApp(env);
    const two = await startApp(env);
    try {
      await request(one.url).post('/api/auth/create-admin').send(FIRST_ADMIN).expect(201);
      const admin = browser(one.url);
      await admin.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
      const deadline = Date.now() + 20_000;
      let names: string[] = [];
      while (names.length < 3 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        names = ((await admin.get('/api/admin/backup/stored').expect(200)).body as StoredBackup[]).map(
          (b) => b.name,
        );
      }
      expect(names.length).toBeGreaterThanOrEqual(3);
      // Both schedules stopped and their jobs ended: every scheduled second claimed ran once.
      for (const app of [one, two])
        for (const job of app.app.get(SchedulerRegistry).getCronJobs().values()) await job.stop();
      for (const app of [one, two]) await app.app.get(JobLockService).whenIdle();
      const [{ claims }] = await one.dataSource.query(
        "SELECT COUNT(*) AS claims FROM system_flag WHERE name LIKE 'automatic-backup:%'",
      );
      const [{ runs }] = await one.dataSource.query(
        "SELECT COUNT(*) AS runs FROM backup_record WHERE kind = 'auto'",
      );
      expect(Number(runs)).toBe(Number(claims));
      expect(Number(runs)).toBeGreaterThanOrEqual(names.length);
    } finally {
      await one.close().catch(() => undefined);
      await two.close().catch(() => undefined);
      await database.drop();
    }
  });

  it('does not run with BACKUP_SCHEDULE=off', async () => {
    const database = await createTestDatabase(dialect);
    const app = await startApp({ ...database.env, BACKUP_SCHEDULE: 'off' });
    try {
      const admin = await loggedInAdmin(app.url);
      const stats = (await admin.get('/api/admin/backup/stats').expect(200)).body;
      expect(stats.automaticBackups).toMatchObject({ schedule: null, nextRunAt: null });
      expect(app.app.get(BackupScheduleService).nextRunAt()).toBeNull();
    } finally {
      await app.close();
      await database.drop();
    }
  });
});

describe('automatic backups in an S3 bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let database: TestDatabase;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    database = await createTestDatabase(ANY_DIALECT[0]);
    app = await startApp({ ...database.env, ...s3.env, BACKUP_KEEP: '1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
    await s3?.close();
  });

  it('stores under backups/, keeps one, downloads and previews it', async () => {
    const admin = await loggedInAdmin(app.url);
    await admin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'En la nube' }))
      .expect(201);
    const first = (await app.app.get(BackupScheduleService).runScheduled(nextSlot())) as { stored: string };
    const second = (await app.app.get(BackupScheduleService).runScheduled(nextSlot())) as {
      stored: string;
      pruned: string[];
    };
    expect(second.pruned).toEqual([first.stored]);
    const list: StoredBackup[] = (await admin.get('/api/admin/backup/stored').expect(200)).body;
    expect(list.map((backup) => backup.name)).toEqual([second.stored]);
    const download = await admin
      .get(`/api/admin/backup/stored/${second.stored}`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect((download.body as Buffer).length).toBe(list[0].bytes);
    expect(existsSync(join(app.config.dataDir, 'backups'))).toBe(false);
    const preview = (
      await admin.post(`/api/admin/backup/stored/${second.stored}/restore?dryRun=true`).expect(200)
    ).body;
    expect(preview).toMatchObject({
      problems: [],
      restorable: true,
      shops: 1,
      unchanged: 1,
      created: 0,
      replaced: 0,
    });
  });
});
