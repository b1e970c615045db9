// The visitors' quarantined images in backups: a pending listing request's logo travels in the
// backup (format 7) and a restore on another installation puts it back in quarantine, never
// served, so approving the restored request publishes it. A damaged entry refuses the backup
// changing nothing; a format 6 backup (no quarantined images) still restores.
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash } from 'node:crypto';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import unzipper from 'unzipper';
import type { Manifest } from '../src/backup/backup-format.js';
import { ImageSweepService } from '../src/backup/image-sweep.service.js';
import { ObjectStorage } from '../src/uploads/object-storage.js';
import { backupClient } from './support/backup-client.js';
import { failInsertsInto } from './support/failing-inserts.js';
import { GIF_1X1, pngImage, shopBody } from './support/fixtures.js';
import { binary } from './support/held-put.js';
import { loggedInAdmin } from './support/http.js';
import { solvedProof } from './support/proof-of-work.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';
import { buildZip, type RawEntry } from './support/zip-writer.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const QUARANTINE_PREVIEW = '/api/admin/quarantine/';
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const uuidOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe.each(DIALECTS)("visitors' quarantined images in backups on %s", (dialect) => {
  // The directory backed up, and an empty one the backup is restored into.
  let source: Started;
  let target: Started;
  let sourceAdmin: TestAgent;
  let targetAdmin: TestAgent;
  const logoBytes = pngImage(24, 16);
  const { download } = backupClient(
    () => source,
    () => sourceAdmin,
  );
  const { restore, snapshot } = backupClient(
    () => target,
    () => targetAdmin,
  );
  let entries: RawEntry[];
  let manifest: Manifest;
  let reference: string;
  let logoPath: string;
  let goneReference: string;
  let gonePath: string;

  const quarantinedKeys = async (server: Started) => {
    const keys: string[] = [];
    for await (const key of server.app.get(ObjectStorage).list('quarantine/')) keys.push(key);
    return keys.sort();
  };
  const upload = async (bytes: Buffer, type: string) => {
    const link = (
      await request(source.url)
        .post('/api/requests/uploads')
        .send({ type: 'logo', altcha: await solvedProof(source.url) })
        .expect(201)
    ).body.uploadURL as string;
    return (await request(link).put('').set('Content-Type', type).send(bytes).expect(200)).body
      .path as string;
  };
  const listing = async (shop: Record<string, unknown>) => {
    const { isVerified: _verification, ...fields } = shopBody(shop);
    return (
      await request(source.url)
        .post('/api/requests/listings')
        .send({ shop: fields, altcha: await solvedProof(source.url) })
        .expect(201)
    ).body.reference as string;
  };
  /** The backup built from the good one with `change` applied to its entries and manifest. */
  const variant = (change: (entry: RawEntry) => RawEntry | null, manifestChange = (m: Manifest) => m) =>
    buildZip([
      { name: 'manifest.json', data: JSON.stringify(manifestChange(structuredClone(manifest))) },
      ...entries.flatMap((entry) => change(entry) ?? []),
    ]);
  const targetState = async () => ({
    ...(await snapshot()),
    requests: await target.dataSource.query('SELECT id, proposed_shop FROM visitor_request ORDER BY id'),
    quarantine: await quarantinedKeys(target),
  });
  const pendingByReference = async (server: Started, admin: TestAgent, ref: string) => {
    const [{ id }] = await server.dataSource.query('SELECT id FROM visitor_request WHERE reference = ?', [
      ref,
    ]);
    return (await admin.get(`/api/admin/requests/${id}`).expect(200)).body;
  };

  // One app at a time (two in one process share the session settings): the source is closed
  // once its backup is made, as a machine that is lost.
  beforeAll(async () => {
    source = await startAppOnFreshDatabase(dialect, { VISITOR_REQUESTS_PER_ADDRESS_PER_HOUR: '1000' });
    sourceAdmin = await loggedInAdmin(source.url);
    await sourceAdmin
      .post('/api/admin/shops')
      .send(shopBody({ name: 'Armería Existente' }))
      .expect(201);
    logoPath = await upload(logoBytes, 'image/png');
    reference = await listing({ name: 'Taller con Logo', logo: logoPath });
    // A request whose image the store lost before the backup: recorded as missing, not fatal.
    gonePath = await upload(GIF_1X1, 'image/gif');
    goneReference = await listing({ name: 'Taller sin Imagen', logo: gonePath });
    await source.app.get(ObjectStorage).delete(gonePath.slice('/objects/'.length));

    const zip = await unzipper.Open.buffer((await download('full')).body as Buffer);
    entries = await Promise.all(
      zip.files
        .filter((file) => file.type === 'File' && file.path !== 'manifest.json')
        .map(async (file) => ({ name: file.path, data: await file.buffer() })),
    );
    manifest = JSON.parse((await zip.files.find((f) => f.path === 'manifest.json')!.buffer()).toString());
    // The download is recorded once its last byte is sent: closed only after that.
    const recorded = () => sourceAdmin.get('/api/admin/backup/stats').expect(200);
    for (let waited = 0; !(await recorded()).body.lastFullBackupAt; waited += 20) {
      if (waited > 10_000) throw new Error('The full backup was never recorded');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await source.close();
    target = await startAppOnFreshDatabase(dialect);
    targetAdmin = await loggedInAdmin(target.url);
  });
  afterAll(async () => {
    await target?.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('writes each quarantined image a pending listing request names, checksummed, and records a lost one', () => {
    const name = `quarantine/${uuidOf(logoPath)}.png`;
    expect(manifest).toMatchObject({
      formatVersion: 8,
      counts: { shops: 1, images: 0, requests: 2, quarantine: 1 },
      missingQuarantined: [gonePath],
    });
    expect(manifest.files?.[name]).toEqual({
      sha256: sha(logoBytes),
      size: logoBytes.length,
      path: logoPath,
      contentType: 'image/png',
    });
    expect(entries.find((entry) => entry.name === name)?.data).toEqual(logoBytes);
    expect(entries.filter((entry) => entry.name.startsWith('quarantine/'))).toHaveLength(1);
  });

  it('refuses a backup whose quarantined image fails its checksum, changing nothing', async () => {
    const before = await targetState();
    const damaged = variant((entry) =>
      entry.name.startsWith('quarantine/') ? { ...entry, data: pngImage(24, 17) } : entry,
    );
    const refused = await restore(damaged).expect(400);
    expect(refused.body.code).toBe('BACKUP_REJECTED');
    expect(refused.body.message).toMatch(/quarantine\/[0-9a-f-]{36}\.png does not match its checksum/);
    const preview = await targetAdmin
      .post('/api/admin/backup/restore?dryRun=true')
      .attach('backupFile', damaged, { filename: 'backup.zip', contentType: 'application/zip' })
      .expect(200);
    expect(preview.body).toMatchObject({
      restorable: false,
      problems: [{ code: 'BACKUP_REJECTED', message: refused.body.message }],
    });
    expect(await targetState()).toEqual(before);
  });

  it('still restores a format 6 backup: the request comes back without its image', async () => {
    const formatSix = variant(
      (entry) => (entry.name.startsWith('quarantine/') ? null : entry),
      (m: Manifest) => {
        const files = Object.fromEntries(
          Object.entries(m.files!).filter(([name]) => !name.startsWith('quarantine/')),
        );
        const { quarantine: _q, ...counts } = m.counts!;
        const { missingQuarantined: _m, ...rest } = m;
        return { ...rest, formatVersion: 6, counts, files };
      },
    );
    await restore(formatSix).expect(200);
    const restored = await pendingByReference(target, targetAdmin, reference);
    expect(restored.proposedShop.logo).toBe(logoPath);
    expect(await quarantinedKeys(target)).toEqual([]);
    // Gone, so that the format 7 restore below finds the request missing again.
    await target.dataSource.query('DELETE FROM visitor_request');
  });

  it('leaves no quarantined image behind when the restore fails in its transaction', async () => {
    const before = await targetState();
    // Its history fails, inside its transaction (in the worker).
    const allowInserts = await failInsertsInto(target.dataSource, 'activity_entry');
    const failed = await Promise.resolve(restore(variant((entry) => entry))).finally(allowInserts);
    expect(failed.status).toBe(500);
    expect(failed.body.message).not.toMatch(/injected/);
    expect(await targetState()).toEqual(before);
    expect(before.quarantine).toEqual([]);
  });

  it('restores the request with its logo in quarantine: previewed, never served, published on approval', async () => {
    const body = await restore(variant((entry) => entry)).expect(200);
    expect(body.body).toMatchObject({ images: 0 });
    const restored = await pendingByReference(target, targetAdmin, reference);
    const newPath = restored.proposedShop.logo as string;
    expect(newPath).toMatch(/^\/objects\/quarantine\/[0-9a-f-]{36}$/);
    expect(await quarantinedKeys(target)).toEqual([newPath.slice('/objects/'.length)]);
    expect((await snapshot()).objects).toEqual([]); // nothing in uploads/
    expect(await target.dataSource.query('SELECT * FROM pending_object')).toEqual([]);
    const preview = await targetAdmin
      .get(`${QUARANTINE_PREVIEW}${uuidOf(newPath)}`)
      .buffer(true)
      .parse(binary)
      .expect(200)
      .expect('Content-Type', 'image/png');
    expect(preview.body).toEqual(logoBytes);
    await request(target.url).get(newPath).expect(404);
    await request(target.url).get(newPath.replace('/quarantine/', '/uploads/')).expect(404);
    // The lost image stays as the backup named it: approving that request says the image is gone.
    const lost = await pendingByReference(target, targetAdmin, goneReference);
    expect(lost.proposedShop.logo).toBe(gonePath);

    // Restored again: the requests are here already, so no second copy of the image is stored.
    await restore(variant((entry) => entry)).expect(200);
    expect(await quarantinedKeys(target)).toEqual([newPath.slice('/objects/'.length)]);
    expect(await target.dataSource.query('SELECT * FROM pending_object')).toEqual([]);

    // The sweep keeps it past the grace period while the restored request waits.
    await target.app.get(ImageSweepService).sweep(Date.now() + 24 * 3_600_000 + 1);
    expect(await quarantinedKeys(target)).toEqual([newPath.slice('/objects/'.length)]);

    const approved = await targetAdmin
      .post(`/api/admin/requests/${restored.id}/approve`)
      .send({})
      .expect(200);
    const shop = (await request(target.url).get(`/api/shops/${approved.body.shopId}`).expect(200)).body;
    expect(shop.logo).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
    const published = await request(target.url).get(shop.logo).buffer(true).parse(binary).expect(200);
    expect(published.body).toEqual(logoBytes);
  });
});
