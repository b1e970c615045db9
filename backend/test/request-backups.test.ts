import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import unzipper from 'unzipper';
import { BackupScheduleService } from '../src/backup/backup-schedule.service.js';
import { VisitorDataRetentionService } from '../src/visitor-requests/visitor-data-retention.service.js';
import { nextSlot, type StoredBackup } from './support/backup-slots.js';
import { shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const DAY_MS = 86_400_000;

/** Collects a binary response body (supertest parses only text and JSON by itself). */
const binary = ((res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test['parse']>[0];

describe.each(DIALECTS)("visitors' requests in backups on %s", (dialect) => {
  let server: Started;
  let admin: TestAgent;
  let shopId: string;
  const suggest = async (value: string, email: string) =>
    (
      await request(server.url)
        .post('/api/requests/corrections')
        .send({ shopId, kind: 'address', value, email, consent: true, altcha: await solvedProof(server.url) })
        .expect(201)
    ).body.reference as string;
  const download = async (kind: 'full' | 'data') =>
    (await admin.post(`/api/admin/backup/${kind}`).buffer(true).parse(binary).expect(200)).body as Buffer;
  const storeAutomaticBackup = async () =>
    ((await server.app.get(BackupScheduleService).runScheduled(nextSlot())) as { stored: string }).stored;
  /** Every file of a stored backup, as text. */
  const storedBackupText = async (name: string) => {
    const zipBytes = (
      await admin.get(`/api/admin/backup/stored/${name}`).buffer(true).parse(binary).expect(200)
    ).body as Buffer;
    const zip = await unzipper.Open.buffer(zipBytes);
    return (await Promise.all(zip.files.map(async (file) => (await file.buffer()).toString()))).join('\n');
  };
  const pendingIn = async (zipBytes: Buffer) => {
    const zip = await unzipper.Open.buffer(zipBytes);
    const read = async (name: string) =>
      JSON.parse((await zip.files.find((f) => f.path === name)!.buffer()).toString());
    return { manifest: await read('manifest.json'), requests: await read('requests.json') };
  };

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { BACKUP_KEEP: '2' });
    admin = await loggedInAdmin(server.url);
    shopId = (await admin.post('/api/admin/shops').send(shopBody()).expect(201)).body.id;
  });
  afterAll(() => server.close());

  it('holds the pending requests in full in both backups, and a restore puts a lost one back once', async () => {
    const waiting = await suggest('Calle Uno 1', 'espera@example.com');
    const decided = await suggest('Calle Dos 2', 'decidido@example.com');
    const decidedId = (
      await admin.get('/api/admin/requests').query({ status: 'pending' }).expect(200)
    ).body.items.find((item: { reference: string }) => item.reference === decided).id;
    await admin.post(`/api/admin/requests/${decidedId}/reject`).send({}).expect(200);

    const zip = await download('full');
    const { manifest, requests } = await pendingIn(zip);
    expect(manifest).toMatchObject({ formatVersion: 8, counts: { requests: 1 } });
    expect(manifest.files['requests.json'].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(requests).toEqual([
      expect.objectContaining({
        reference: waiting,
        status: 'pending',
        proposedValue: 'Calle Uno 1',
        submitterEmail: 'espera@example.com',
      }),
    ]);
    const data = JSON.parse((await download('data')).toString());
    expect(data.requests.map((row: { reference: string }) => row.reference)).toEqual([waiting]);

    await server.dataSource.query('DELETE FROM visitor_request WHERE reference = ?', [waiting]);
    const restore = () =>
      admin
        .post('/api/admin/backup/restore')
        .attach('backupFile', zip, { filename: 'b.zip', contentType: 'application/zip' });
    await restore().expect(200);
    await restore().expect(200);
    const rows = await server.dataSource.query(
      'SELECT status, submitter_email FROM visitor_request WHERE reference = ?',
      [waiting],
    );
    expect(rows).toEqual([{ status: 'pending', submitter_email: 'espera@example.com' }]);
  });

  it('keeps a request erased while a stored backup holds it out of the database, and the backup only until BACKUP_KEEP newer ones replace it', async () => {
    const email = `guardado-${randomBytes(6).toString('hex')}@example.com`;
    const reference = await suggest('Calle Tres 3', email);
    // Another visitor's request after it, still waiting: the erased row is not the page's last,
    // whose space SQLite reuses from the end (which would overwrite the e-mail by chance).
    await suggest('Calle Cuatro 4', `vecino-${randomBytes(6).toString('hex')}@example.com`);
    const holding = await storeAutomaticBackup();
    // The search finds it while the backup holds it: an absence below means something.
    expect(await storedBackupText(holding)).toContain(email);
    const id = (
      await admin.get('/api/admin/requests').query({ status: 'pending' }).expect(200)
    ).body.items.find((item: { reference: string }) => item.reference === reference).id;
    await admin.post(`/api/admin/requests/${id}/reject`).send({}).expect(200);
    await server.app.get(VisitorDataRetentionService).eraseExpired(Date.now() + 31 * DAY_MS);

    // The product does not rewrite a stored backup (docs/security.md): it still holds the e-mail.
    expect(await storedBackupText(holding)).toContain(email);
    // Restoring it leaves the decided, erased request as it is: the e-mail does not come back.
    await admin.post(`/api/admin/backup/stored/${holding}/restore`).expect(200);
    expect(
      await server.dataSource.query(
        'SELECT status, submitter_email FROM visitor_request WHERE reference = ?',
        [reference],
      ),
    ).toEqual([{ status: 'rejected', submitter_email: null }]);
    if (server.config.database.type === 'sqlite') {
      // Nor into the database's files, byte for byte (the erasure zeroed it there).
      const { path } = server.config.database;
      for (const file of [path, `${path}-wal`].filter((file) => existsSync(file)))
        expect({ file, holds: readFileSync(file).includes(email) }).toEqual({ file, holds: false });
    }

    // BACKUP_KEEP (2) newer backups delete it, and they hold no trace of the erased submitter.
    const newer = [await storeAutomaticBackup(), await storeAutomaticBackup()];
    const kept = (await admin.get('/api/admin/backup/stored').expect(200)).body as StoredBackup[];
    expect(kept.map((backup) => backup.name)).toEqual(newer.reverse());
    await admin.get(`/api/admin/backup/stored/${holding}`).expect(404);
    for (const backup of kept) expect(await storedBackupText(backup.name)).not.toContain(email);
    expect((await download('data')).toString()).not.toContain(email);
  });
});
