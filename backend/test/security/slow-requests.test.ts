import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from 'node:worker_threads';
import { shopBody } from '../support/fixtures.js';
import { loggedInAdmin } from '../support/http.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from '../support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/**
 * The client of `trickle`, in a thread of its own: it goes on sending while the test's thread,
 * which is the server's too, is held. Posts 'sending' after the first piece, then the outcome.
 */
const TRICKLING_CLIENT = `
const { connect } = require('node:net');
const { parentPort, workerData: { port, host, head, pieces, everyMs } } = require('node:worker_threads');
const started = Date.now();
let answer = '';
let sent = 0;
let timer;
const socket = connect(port, host, () => {
  socket.write(head);
  const next = () => {
    if (sent === pieces.length || socket.destroyed) return;
    socket.write(Buffer.from(pieces[sent++]));
    if (sent === 1) parentPort.postMessage('sending');
    timer = setTimeout(next, everyMs);
  };
  next();
});
socket.on('data', (data) => (answer += data.toString('latin1')));
socket.on('error', () => undefined);
socket.on('close', () => {
  clearTimeout(timer);
  parentPort.postMessage({ answer, closedAfterMs: Date.now() - started, sent });
});
`;

/**
 * Sends `head` and then `pieces` (each after `everyMs`) on one connection; resolves with what
 * came back and when the server closed it. `whileSending` runs once the first piece is out.
 */
async function trickle(
  url: string,
  head: string,
  pieces: Buffer[],
  everyMs: number,
  whileSending = () => {},
) {
  const target = new URL(url);
  const client = new Worker(TRICKLING_CLIENT, {
    eval: true,
    workerData: {
      port: Number(target.port),
      host: target.hostname,
      head,
      pieces: pieces.map((piece) => new Uint8Array(piece)),
      everyMs,
    },
  });
  try {
    return await new Promise<{ answer: string; closedAfterMs: number; sent: number }>((resolve, reject) => {
      client.on('error', reject);
      client.on('message', (message) => (message === 'sending' ? whileSending() : resolve(message)));
    });
  } finally {
    await client.terminate();
  }
}

describe('security: clients that send their request slowly or not at all', () => {
  // Production waits 30 s for a silent body and 60 s for a whole request; 1 s and 2 s here.
  let server: Started;
  let cookie: string;
  beforeAll(async () => {
    server = await startAppOnFreshDatabase(ANY_DIALECT[0], {
      REQUEST_BODY_IDLE_SECONDS: '1',
      REQUEST_TIMEOUT_SECONDS: '2',
    });
    const admin = await loggedInAdmin(server.url);
    await admin.post('/api/admin/shops').send(shopBody()).expect(201);
    cookie = (await admin.get('/api/auth/me')).request.cookies;
  });
  afterAll(() => server.close());

  const post = (path: string, length: number, extra = '') =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

  it('#36 a body that stops after 10 bytes is ended with 408 once it has been silent for the configured time', async () => {
    const { answer, closedAfterMs } = await trickle(
      server.url,
      post('/api/auth/login', 100),
      [Buffer.from('{"username')],
      0,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('The request did not arrive in time');
    expect(closedAfterMs).toBeGreaterThanOrEqual(1000);
    // Far below node's own limits (60 s for headers, 300 s a request); timers run late on a busy machine.
    expect(closedAfterMs).toBeLessThan(10_000);
  });

  it('#36 a body sent one byte at a time is ended when the whole request has not arrived in time', async () => {
    const body = Buffer.from(JSON.stringify({ username: 'admin', password: 'first-secret' }));
    const pieces = [...body].map((byte) => Buffer.from([byte]));
    const { answer, closedAfterMs, sent } = await trickle(
      server.url,
      post('/api/auth/login', body.length),
      pieces,
      200,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(2000);
    expect(closedAfterMs).toBeLessThan(10_000);
    expect(sent).toBeLessThan(pieces.length);
  });

  it('#36 a restore upload that is slow but keeps coming is not cut off', async () => {
    const download = await fetch(`${server.url}/api/admin/backup/full`, {
      method: 'POST',
      headers: { Cookie: cookie },
    });
    expect(download.status).toBe(200);
    const backup = Buffer.from(await download.arrayBuffer());
    const boundary = 'atm-slow';
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="backupFile"; filename="b.zip"\r\nContent-Type: application/zip\r\n\r\n`,
      ),
      backup,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const pieceCount = 12; // 12 pieces 250 ms apart: 3 s, longer than the 2 s whole-request limit
    const size = Math.ceil(multipart.length / pieceCount);
    const pieces = Array.from({ length: pieceCount }, (_, i) => multipart.subarray(i * size, (i + 1) * size));
    const { answer, closedAfterMs } = await trickle(
      server.url,
      `POST /api/admin/backup/restore HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${multipart.length}\r\n\r\n`,
      pieces,
      250,
    );
    expect(closedAfterMs).toBeGreaterThan(2500);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('Backup restored');
  });

  it('#36 a body that kept coming while the server was busy past the silence limit is not cut off', async () => {
    // The deadline's timer is overdue once the server's thread is free again, and the bytes the
    // client sent meanwhile are still unread: they must count before the timer's verdict.
    const boundary = 'atm-busy';
    // A ZIP's first bytes, then damage: refused once it has all arrived.
    const multipart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="backupFile"; filename="b.zip"\r\n` +
          `Content-Type: application/zip\r\n\r\nPK\x03\x04`,
      ),
      Buffer.from(`${'not a zip '.repeat(20)}\r\n--${boundary}--\r\n`),
    ]);
    const pieces = Array.from({ length: Math.ceil(multipart.length / 20) }, (_, i) =>
      multipart.subarray(i * 20, (i + 1) * 20),
    );
    const { answer } = await trickle(
      server.url,
      `POST /api/admin/backup/restore HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nConnection: close\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${multipart.length}\r\n\r\n`,
      pieces,
      100,
      () => {
        const heldUntil = Date.now() + 1_500; // the server's thread busy for longer than the 1 s of silence allowed
        while (Date.now() < heldUntil);
      },
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('BACKUP_REJECTED');
  });
});
