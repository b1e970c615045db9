import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, open, readdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import express from 'express';
import multer from 'multer';
import { postFile } from '../../test/support/multipart-upload.js';
import { ReleasingFileWriter, RestoreUploadStorage } from './restore-upload-storage.js';

describe('RestoreUploadStorage', () => {
  let folder: string;
  let server: Server;
  let port: number;
  let writers: ReleasingFileWriter[];
  const finalWrite = ReleasingFileWriter.prototype._final;
  const removed: string[] = [];

  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'restore-upload-'));
    writers = [];
    removed.length = 0;
    let count = 0;
    const storage = new RestoreUploadStorage(
      folder,
      () => `upload-${++count}.zip`,
      (path) => removed.push(path),
    );
    // Each writer that finished its file, for the assertions.
    jest.spyOn(ReleasingFileWriter.prototype, '_final').mockImplementation(function (
      this: ReleasingFileWriter,
      callback,
    ) {
      writers.push(this);
      return finalWrite.call(this, callback);
    });
    const app = express();
    app.post(
      '/upload',
      multer({ storage, limits: { fileSize: 8 * 1024 * 1024 } }).single('backupFile'),
      (req, res) => res.json({ size: req.file?.size, path: req.file?.path }),
    );
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) =>
      res.status(400).json({ error: error.message }),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterEach(async () => {
    jest.restoreAllMocks();
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  /** Posts `body` as the backup file, in pieces of `piece` bytes (see postFile). */
  const post = (body: Buffer, options: { piece?: number; stopAfter?: number } = {}) =>
    postFile(port, body, {
      field: 'backupFile',
      filename: 'backup.zip',
      type: 'application/zip',
      ...options,
    });

  it('writes the upload byte for byte and gives back the memory of the pieces it wrote', async () => {
    // Binary data with the boundary's first bytes in it, so busboy also hands over slices.
    const body = Buffer.concat([
      randomBytes(3 * 1024 * 1024),
      Buffer.from('\r\n--'),
      randomBytes(1024 * 1024),
    ]);
    const { status, json } = await post(body);
    expect(status).toBe(200);
    expect(json.size).toBe(body.length);
    const written = await readFile(json.path as string);
    expect(createHash('sha256').update(written).digest('hex')).toBe(
      createHash('sha256').update(body).digest('hex'),
    );
    expect(writers).toHaveLength(1);
    // Most of the upload came as whole body buffers, each given back once written.
    expect(writers[0].bytesReleased).toBeGreaterThan(body.length / 2);
    expect(writers[0].bytesReleased).toBeLessThanOrEqual(body.length);
  });

  it('removes the file of an upload the client abandons', async () => {
    await post(randomBytes(4 * 1024 * 1024), { stopAfter: 1024 * 1024 });
    // multer removes what was written once the request is gone. An empty folder alone does not
    // say it: under load the server may not have opened the file yet (CI once saw that).
    for (let i = 0; i < 250 && (!removed.length || (await readdir(folder)).length); i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await readdir(folder)).toEqual([]);
    // (both multer and the failed write may ask: removing twice is harmless)
    expect([...new Set(removed)]).toEqual([join(folder, 'upload-1.zip')]);
  });

  it('removes the file of an upload over the size limit', async () => {
    const { status } = await post(randomBytes(9 * 1024 * 1024));
    expect(status).toBe(400);
    expect(await readdir(folder)).toEqual([]);
  });
});

describe('ReleasingFileWriter', () => {
  it('gives back only pieces that span their whole buffer, never a slice of a shared one', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'releasing-writer-'));
    try {
      const writer = new ReleasingFileWriter(await open(join(folder, 'out'), 'wx'));
      const whole = Buffer.alloc(100_000, 1);
      const shared = Buffer.alloc(100_000, 2);
      const pooled = Buffer.from('small piece from the shared pool');
      await new Promise<void>((resolve, reject) => {
        writer.on('error', reject);
        writer.write(whole);
        writer.write(shared.subarray(0, 50_000));
        writer.write(pooled);
        writer.end(resolve);
      });
      expect(writer.bytesWritten).toBe(100_000 + 50_000 + pooled.length);
      expect(writer.bytesReleased).toBe(100_000);
      expect(whole.length).toBe(0); // its buffer was detached
      expect(shared.length).toBe(100_000);
      expect(pooled.toString()).toBe('small piece from the shared pool');
      const file = await readFile(join(folder, 'out'));
      expect(file.subarray(100_000, 150_000).every((byte) => byte === 2)).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
