import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { GIF_1X1, pngImage, shopBody } from '../support/fixtures.js';
import { binary, heldPut } from '../support/held-put.js';
import { restoreUploadFolder } from '../../src/backup/restore-upload-folder.js';
import { TOO_MANY_UPLOADS } from '../../src/uploads/upload-quota.service.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from '../support/http.js';
import { waitUntil } from '../support/processes.js';
import { ANY_DIALECT, DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';
import { buildZip } from '../support/zip-writer.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

describe.each(DIALECTS)('security: uploads, images and backups on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const storedFiles = () => {
    const folder = join(server.config.storage.localDir, 'uploads');
    return existsSync(folder) ? readdirSync(folder).sort() : [];
  };
  const shopCount = async () =>
    Number((await server.dataSource.query('SELECT COUNT(*) AS n FROM shop'))[0].n);
  const uploadUrl = async () =>
    (await admin.post('/api/admin/upload').send({ type: 'logo' }).expect(201)).body.uploadURL as string;

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect);
    admin = await loggedInAdmin(server.url);
  });
  afterAll(() => server.close());

  it('#20 over 5 MB is 413 with an honest or a chunked body, and a lying Content-Length stores nothing; no partial file is left', async () => {
    const before = storedFiles();
    const big = Buffer.concat([pngImage(4, 4), Buffer.alloc(6 * 1024 * 1024)]);
    const declared = await request(await uploadUrl())
      .put('')
      .set('Content-Type', 'image/png')
      .send(big);
    expect(declared.status).toBe(413);
    // Chunked: no Content-Length, so the limit is enforced while reading.
    const chunked = await new Promise<string>((resolve, reject) => {
      uploadUrl().then((url) => {
        const target = new URL(url);
        const socket = connect(Number(target.port), target.hostname, () => {
          socket.write(
            `PUT ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: image/png\r\nTransfer-Encoding: chunked\r\n\r\n`,
          );
          const piece = Buffer.alloc(256 * 1024, 1);
          for (let i = 0; i < 24; i++) {
            socket.write(`${piece.length.toString(16)}\r\n`);
            socket.write(piece);
            socket.write('\r\n');
          }
          socket.write('0\r\n\r\n');
        });
        let answer = '';
        socket.on('data', (data) => (answer += data.toString('latin1')));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
        setTimeout(() => socket.destroy(), 10_000);
      }, reject);
    });
    expect(chunked).toMatch(/^HTTP\/1\.1 413/);
    // A Content-Length smaller than the bytes sent: only the declared bytes are the body,
    // a truncated picture, which is refused.
    const lying = await new Promise<string>((resolve, reject) => {
      uploadUrl().then((url) => {
        const target = new URL(url);
        const image = pngImage(64, 64);
        const socket = connect(Number(target.port), target.hostname, () => {
          socket.write(
            `PUT ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nContent-Type: image/png\r\nContent-Length: 20\r\nConnection: close\r\n\r\n`,
          );
          socket.write(Buffer.concat([image, Buffer.alloc(1024 * 1024)]));
        });
        let answer = '';
        socket.on('data', (data) => (answer += data.toString('latin1')));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
        setTimeout(() => socket.destroy(), 10_000);
      }, reject);
    });
    expect(lying).toMatch(/^HTTP\/1\.1 4\d\d/);
    expect(storedFiles()).toEqual(before);
  });

  it('#21 HTML, script or a polyglot labelled image/png, and SVG, are refused by their bytes', async () => {
    const before = storedFiles();
    const polyglot = Buffer.concat([GIF_1X1.subarray(0, 6), Buffer.from('<script>alert(1)</script>')]);
    for (const [bytes, type] of [
      [Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'],
      [Buffer.from('alert(document.cookie)'), 'image/png'],
      [polyglot, 'image/gif'],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ],
    ] as const) {
      const response = await request(await uploadUrl())
        .put('')
        .set('Content-Type', type)
        .send(bytes);
      expect(response.status).toBe(415);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('#22 a small PNG declaring enormous dimensions is refused', async () => {
    const bomb = pngImage(8, 8, { width: 60_000, height: 60_000 });
    expect(bomb.length).toBeLessThan(200);
    const response = await request(await uploadUrl())
      .put('')
      .set('Content-Type', 'image/png')
      .send(bomb)
      .expect(415);
    expect(response.body.message).toMatch(/too large/);
  });

  it('#23 a reused, expired, tampered or key-swapped upload URL is 403; ../ in any key is 400', async () => {
    const url = new URL(await uploadUrl());
    await request(url.toString()).put('').set('Content-Type', 'image/gif').send(GIF_1X1).expect(200);
    await request(url.toString()).put('').set('Content-Type', 'image/gif').send(GIF_1X1).expect(403);
    const expired = new URL(await uploadUrl());
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10));
    await request(expired.toString()).put('').set('Content-Type', 'image/gif').send(GIF_1X1).expect(403);
    const swapped = new URL(await uploadUrl());
    swapped.pathname = swapped.pathname.replace(/[0-9a-f-]{36}$/, '11111111-2222-4333-8444-555555555555');
    await request(swapped.toString()).put('').set('Content-Type', 'image/gif').send(GIF_1X1).expect(403);
    const otherType = new URL(await uploadUrl());
    otherType.searchParams.set('type', 'map');
    await request(otherType.toString()).put('').set('Content-Type', 'image/gif').send(GIF_1X1).expect(403);
    const climbing = new URL(await uploadUrl());
    climbing.pathname = '/api/uploads/..%2F..%2Fsession-secret';
    await request(climbing.toString()).put('').set('Content-Type', 'image/gif').send(GIF_1X1).expect(400);
    await request(server.url).get('/objects/uploads/..%2F..%2Fsession-secret').expect(404);
  });

  it('#32 two PUTs of different images to one link at the same instant: one is stored whole, the other is told the link was used', async () => {
    for (let round = 0; round < 10; round++) {
      const url = await uploadUrl();
      const images = [pngImage(8 + round, 8), pngImage(8, 9 + round)];
      const puts = images.map((bytes) => heldPut(url, 'image/png', bytes));
      await Promise.all(puts.map((put) => put.sent));
      for (const put of puts) put.finish();
      const answers = await Promise.all(puts.map((put) => put.response));

      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      const loser = answers.find((answer) => answer.status === 403)!;
      expect(JSON.parse(loser.body).message).toBe('This upload link has already been used');
      const winner = images[answers.findIndex((answer) => answer.status === 200)];
      const { path } = JSON.parse(answers.find((answer) => answer.status === 200)!.body);
      const served = await request(server.url).get(path).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(served.body as Buffer, winner)).toBe(0);
      expect(served.headers.etag).toBe(`"${sha256(winner)}"`);
    }
    expect(storedFiles().filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('#38 300 upload links in a row from one session: 429 with Retry-After before the end; another session is not held back', async () => {
    // Counting is per fixed 10-minute window: start well inside one so the run never spans two.
    const windowMs = 10 * 60_000;
    await waitUntil(() => Date.now() % windowMs < windowMs - 60_000, 'a fresh upload-link window', {
      timeoutMs: 70_000,
      everyMs: 500,
    });
    const session = browser(server.url);
    await session.post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < 300; i++) {
      const response = await session.post('/api/admin/upload').send({ type: 'logo' });
      statuses.push(response.status);
      if (response.status === 429) refused ??= response;
    }
    // The default limit: 200 per window.
    expect(statuses.slice(0, 200).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(200).every((status) => status === 429)).toBe(true);
    expect(refused!.body.message).toBe(TOO_MANY_UPLOADS);
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    await admin.post('/api/admin/upload').send({ type: 'logo' }).expect(201);
  }, 120_000);

  it('#24 every kind of response carries nosniff and a Content Security Policy (and HSTS)', async () => {
    const url = new URL(await uploadUrl());
    await request(url.toString()).put('').set('Content-Type', 'image/gif').send(GIF_1X1).expect(200);
    const image = `/objects${url.pathname.slice(url.pathname.lastIndexOf('/uploads/'))}`;
    const responses = [
      await request(server.url).get('/api/shops'),
      await request(server.url).get('/api/auth/me'),
      await request(server.url).get('/api/nope'),
      await request(server.url).post('/api/auth/login').set('Content-Type', 'application/json').send('{bad'),
      await request(server.url).get(image),
      await request(server.url).get('/objects/uploads/00000000-0000-4000-8000-000000000000'),
      await request(server.url).get('/api/docs-json'),
      await request(server.url).get('/runtime-config.js'),
      await admin.get('/api/admin/backup/stats'),
    ];
    for (const response of responses) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toMatch(/frame-ancestors 'none'|sandbox/);
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    }
    expect(String(responses[4].headers['content-security-policy'])).toContain('sandbox');
    for (const response of responses)
      expect(String(response.headers['content-security-policy'])).toContain("base-uri 'none'");
  });

  describe('backup archives', () => {
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
      await admin.post('/api/admin/shops').send(shopBody()).expect(201);
    });

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
        buildZip([
          ...base,
          ...Array.from({ length: 100_000 }, (_, i) => ({ name: `images/${i}`, data: '' })),
        ]),
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
          { name: 'manifest.json', data: manifest.replace('"formatVersion":1', '"formatVersion":7') },
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
