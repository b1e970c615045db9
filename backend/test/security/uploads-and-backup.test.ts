import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { GIF_1X1, pngImage } from '../support/fixtures.js';
import { binary, heldPut } from '../support/held-put.js';
import { TOO_MANY_UPLOADS } from '../../src/rate-limits/limit-errors.js';
import { browser, FIRST_ADMIN, loggedInAdmin } from '../support/http.js';
import { waitUntil } from '../support/processes.js';
import { DIALECTS, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

describe.each(DIALECTS)('security: uploads, images and response headers on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const storedFiles = () => {
    const folder = join(server.config.storage.localDir, 'uploads');
    return existsSync(folder) ? readdirSync(folder).sort() : [];
  };
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
});
