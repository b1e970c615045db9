import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { restoreUploadFolder } from '../../src/backup/restore-upload-folder.js';
import { shopBody } from '../support/fixtures.js';
import { binary } from '../support/held-put.js';
import { FIRST_ADMIN, loggedInAdmin } from '../support/http.js';
import { waitUntil } from '../support/processes.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';
import { buildZip } from '../support/zip-writer.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('security: backup archives on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const storedFiles = () => {
    const folder = join(server.config.storage.localDir, 'uploads');
    return existsSync(folder) ? readdirSync(folder).sort() : [];
  };
  const shopCount = async () =>
    Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM shop'))[0].n);
  const restore = (bytes: Buffer) =>
    admin
      .post('/api/admin/backup/restore')
      .attach('backupFile', bytes, { filename: 'b.zip', contentType: 'application/zip' });
  const manifest = JSON.stringify({
    product: 'atm-gunsmith-directory',
    formatVersion: 1,
    createdAt: '2025-01-01T00:00:00Z',
  });

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
    await admin.post('/api/admin/shops').send(shopBody()).expect(201);
  });
  afterAll(() => server.close());

  it.each([
    ['../ climbing', '../../etc/cron.d/x'],
    ['a sibling prefix', 'images/../images-evil/x.png'],
    ['an absolute path', '/tmp/evil.png'],
    ['a backslash path', 'images\\..\\..\\evil.png'],
    ['a drive path', 'C:/evil.png'],
  ])('#25 refuses %s, writing nothing', async (_name, name) => {
    const count = await shopCount();
    const files = storedFiles();
    const response = await restore(
      buildZip([
        { name: 'manifest.json', data: manifest },
        { name: 'shops.json', data: '[]' },
        { name, data: 'x' },
      ]),
    );
    expect(response.status).toBe(400);
    expect(await shopCount()).toBe(count);
    expect(storedFiles()).toEqual(files);
    expect(existsSync('/tmp/evil.png')).toBe(false);
  });

  it('#25 refuses symbolic links, 100,000 entries, very long or duplicate names, nested archives and lying bombs', async () => {
    const count = await shopCount();
    const files = storedFiles();
    const base = [
      { name: 'manifest.json', data: manifest },
      { name: 'shops.json', data: '[]' },
    ];
    const archives = [
      buildZip([
        ...base,
        { name: 'images/00000000-0000-4000-8000-000000000001.png', data: '/etc/passwd', mode: 0o120777 },
      ]),
      buildZip([...base, ...Array.from({ length: 100_000 }, (_, i) => ({ name: `images/${i}`, data: '' }))]),
      buildZip([...base, { name: `images/${'x'.repeat(5000)}.png`, data: 'x' }]),
      buildZip([...base, { name: 'shops.json', data: '[{"id":"x"}]' }]),
      buildZip([...base, { name: 'images/inner.zip', data: buildZip(base) }]),
      buildZip([
        { name: 'manifest.json', data: manifest },
        { name: 'shops.json', data: Buffer.alloc(30 * 1024 * 1024, 0x5b), deflate: true, declaredSize: 2 },
      ]),
      buildZip([
        { name: 'manifest.json', data: manifest },
        { name: 'shops.json', data: 'x', declaredSize: 0xfffffff0 },
      ]),
    ];
    const rssBefore = process.memoryUsage().rss;
    for (const archive of archives) {
      const response = await restore(archive);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/^The backup file cannot be restored: /);
    }
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(300 * 1024 * 1024);
    expect(await shopCount()).toBe(count);
    expect(storedFiles()).toEqual(files);
  });

  it('#26 malformed data, an unknown format version or a missing image roll back with the data intact', async () => {
    const before = await server.dataSource.query('SELECT * FROM shop ORDER BY id');
    const [shop] = (await request(server.url).get('/api/shops')).body;
    const cases = [
      buildZip([
        { name: 'manifest.json', data: manifest },
        { name: 'shops.json', data: '[{"id": 1' },
      ]),
      buildZip([
        { name: 'manifest.json', data: manifest.replace('"formatVersion":1', '"formatVersion":99') },
        { name: 'shops.json', data: '[]' },
      ]),
      buildZip([
        { name: 'manifest.json', data: manifest },
        {
          name: 'shops.json',
          data: JSON.stringify([
            { ...shop, name: 'Cambiado', logo: '/objects/uploads/00000000-0000-4000-8000-0000000000ff' },
          ]),
        },
      ]),
    ];
    for (const archive of cases) expect((await restore(archive)).status).toBe(400);
    expect(await server.dataSource.query('SELECT * FROM shop ORDER BY id')).toEqual(before);
  });

  it('#27 a second restore at the same time is refused with 409 (see also the backup suite)', async () => {
    const full = (await admin.post('/api/admin/backup/full').buffer(true).parse(binary).expect(200))
      .body as Buffer;
    const results = await Promise.all(Array.from({ length: 4 }, () => restore(full)));
    const statuses = results.map((response) => response.status);
    expect(statuses).toContain(200);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
  });

  it('#34 the uploaded file is gone when the request ends: restored, refused, not a ZIP or the client gone mid-upload', async () => {
    const folder = join(server.config.dataDir, 'tmp');
    const leftovers = () => (existsSync(folder) ? readdirSync(folder) : []);
    const full = (await admin.post('/api/admin/backup/full').buffer(true).parse(binary).expect(200))
      .body as Buffer;
    await restore(full).expect(200);
    expect(leftovers()).toEqual([]);
    await restore(buildZip([{ name: 'manifest.json', data: manifest }])).expect(400);
    expect(leftovers()).toEqual([]);
    await restore(Buffer.from('not a zip at all')).expect(400);
    expect(leftovers()).toEqual([]);

    // Half a multipart body, then the connection drops.
    const boundary = 'atm-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="backupFile"; filename="b.zip"\r\n\r\n`;
    const cookie = (await admin.get('/api/auth/me')).request.cookies;
    const upload = httpRequest(`${server.url}/api/admin/backup/restore`, {
      method: 'POST',
      headers: {
        Cookie: cookie,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': head.length + 4 * 1024 * 1024,
      },
    });
    upload.on('error', () => undefined);
    upload.write(Buffer.concat([Buffer.from(head), full, Buffer.alloc(1024 * 1024)]));
    await waitUntil(() => leftovers().length > 0, 'the upload to reach the disk', { timeoutMs: 10_000 });
    upload.destroy();
    await waitUntil(() => leftovers().length === 0, 'the aborted upload to be removed', {
      timeoutMs: 10_000,
    });
  });

  it('#28 the backup holds no password hashes, sessions or secrets', async () => {
    // The activity log (in the full backup) records a password change: never the password.
    const secretPassword = 'never-in-a-backup-42';
    await admin
      .put('/api/auth/change-password')
      .send({
        currentPassword: FIRST_ADMIN.password,
        newPassword: secretPassword,
        confirmPassword: secretPassword,
      })
      .expect(200);
    await admin
      .put('/api/auth/change-password')
      .send({
        currentPassword: secretPassword,
        newPassword: FIRST_ADMIN.password,
        confirmPassword: FIRST_ADMIN.password,
      })
      .expect(200);
    const full = (await admin.post('/api/admin/backup/full').buffer(true).parse(binary).expect(200))
      .body as Buffer;
    const data = (await admin.post('/api/admin/backup/data').buffer(true).parse(binary).expect(200))
      .body as Buffer;
    const [{ password_hash: hash }] = await server.dataSource.query('SELECT password_hash FROM admin_user');
    const unzipper = (await import('unzipper')).default;
    const zip = await unzipper.Open.buffer(full);
    const texts = [data.toString()];
    for (const file of zip.files.filter((f) => f.path.endsWith('.json') && f.path !== 'activity.json'))
      texts.push((await file.buffer()).toString());
    const activity = (await zip.files.find((f) => f.path === 'activity.json')!.buffer()).toString();
    expect(activity).toContain('account.password_changed');
    for (const text of [...texts, activity]) {
      expect(text).not.toContain(hash);
      expect(text).not.toContain(server.config.session.secret);
      expect(text).not.toContain(secretPassword);
      expect(text).not.toContain(FIRST_ADMIN.password);
      // The log names kinds such as account.password_changed; no password field anywhere.
      expect(text).not.toMatch(
        text === activity ? /argon2|"password\w*"|"sid"|atm\.sid/i : /argon2|password|"sid"|atm\.sid/i,
      );
    }
    expect(
      zip.files
        .map((f) => f.path)
        .every((path) => /^(manifest\.json|shops\.json|activity\.json|requests\.json|images\/)/.test(path)),
    ).toBe(true);
  });
});

describe('security: a restore the disk cannot hold', () => {
  let server: Started;
  let admin: TestAgent;
  const FACTOR = 1_000_000;

  beforeAll(async () => {
    // The check's threshold is configurable: a huge factor stands for a nearly full disk.
    server = await startAppOnFreshDatabase(ANY_DIALECT[0], { RESTORE_FREE_SPACE_FACTOR: String(FACTOR) });
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('#39 is refused with 507 and a clear message before it is read, leaving nothing behind', async () => {
    const { bavail, bsize } = await statfs(server.config.dataDir);
    // Just big enough that FACTOR times it is more than the free space.
    const upload = Buffer.alloc(Math.ceil((bavail * bsize) / FACTOR) + 1024);
    const response = await admin
      .post('/api/admin/backup/restore')
      .attach('backupFile', upload, { filename: 'b.zip', contentType: 'application/zip' });
    expect(response.status).toBe(507);
    expect(response.body.message).toMatch(
      /^Not enough free disk space to restore this file: it needs .+ free/,
    );
    const folder = restoreUploadFolder(server.config.dataDir);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});
