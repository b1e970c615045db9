import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import express from 'express';
import multer from 'multer';
import { postFile } from '../../test/support/multipart-upload.js';
import { sharedMemoryStorage } from './shared-memory-storage.js';

const LIMIT = 3 * 1024 * 1024;

/** What a worker thread computes from the bytes it was given: their SHA-256 and whether it shares them. */
function inWorker(bytes: Uint8Array): Promise<{ sha256: string; shared: boolean }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const { createHash } = require('node:crypto');
     parentPort.postMessage({
       sha256: createHash('sha256').update(workerData).digest('hex'),
       shared: workerData.buffer instanceof SharedArrayBuffer,
     });`,
    { eval: true, workerData: bytes },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (message: { sha256: string; shared: boolean }) => {
      void worker.terminate();
      resolve(message);
    });
    worker.once('error', reject);
  });
}

/** Uploads of CSV files over real HTTP through multer, into memory a worker shares. */
describe('sharedMemoryStorage', () => {
  let server: Server;
  let port: number;
  let received: Express.Multer.File | undefined;

  beforeEach(async () => {
    received = undefined;
    const app = express();
    app.post(
      '/upload',
      multer({ storage: sharedMemoryStorage(LIMIT), limits: { fileSize: LIMIT } }).single('file'),
      (req, res) => {
        received = req.file;
        res.json({ size: req.file?.size });
      },
    );
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
      res.status(413).json({ error: error.message }),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => new Promise((resolve) => server.close(resolve)));

  /** Posts `body` as the CSV file, in pieces of 16 KB (see postFile). */
  const post = (body: Buffer) =>
    postFile(port, body, { field: 'file', filename: 'shops.csv', type: 'text/csv', piece: 16 * 1024 });

  it('keeps the file byte for byte in shared memory, which a worker reads without a copy', async () => {
    const body = randomBytes(2 * 1024 * 1024 + 12_345);
    const answer = await post(body);
    expect(answer).toEqual({ status: 200, json: { size: body.length } });
    const file = received!;
    expect(file.buffer.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(file.buffer.equals(body)).toBe(true);
    // What the CSV worker gets: the same memory, not a copy of it.
    const seen = await inWorker(file.buffer);
    expect(seen).toEqual({ sha256: createHash('sha256').update(body).digest('hex'), shared: true });
  });

  it('keeps an empty file as an empty buffer', async () => {
    expect(await post(Buffer.alloc(0))).toEqual({ status: 200, json: { size: 0 } });
    expect(received!.buffer.length).toBe(0);
  });

  it('leaves a file over the limit to multer, which refuses it', async () => {
    const answer = await post(randomBytes(LIMIT + 1));
    expect(answer.status).toBe(413);
    expect(answer.json.error).toBe('File too large');
    expect(received).toBeUndefined();
  });
});
