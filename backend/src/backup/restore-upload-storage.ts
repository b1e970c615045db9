import type { Request } from 'express';
import { mkdir, open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageEngine } from 'multer';
import { releaseWholeBuffers } from '../common/released-buffers.js';

/**
 * Writes an upload to a file, giving each piece's memory back once on disk (releaseWholeBuffers): else
 * a large upload keeps many pieces waiting, and glibc's heap keeps that room.
 */
export class ReleasingFileWriter extends Writable {
  bytesWritten = 0;
  /** Bytes of buffers given back (for the tests: the release must really happen). */
  bytesReleased = 0;

  constructor(private readonly file: FileHandle) {
    super({ highWaterMark: 256 * 1024 });
  }

  // Node's own _write hands a single chunk here too.
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.writeAll(chunks.map(({ chunk }) => chunk)).then(() => callback(), callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.file.close().then(() => callback(), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // close() fails only when already closed (after _final): nothing is left open either way.
    this.file.close().then(
      () => callback(error),
      () => callback(error),
    );
  }

  private async writeAll(pieces: Buffer[]): Promise<void> {
    let pending = pieces;
    while (pending.length) {
      const { bytesWritten } = await this.file.writev(pending);
      if (!bytesWritten) throw new Error('The disk took none of the upload');
      this.bytesWritten += bytesWritten;
      pending = unwritten(pending, bytesWritten);
    }
    this.bytesReleased += releaseWholeBuffers(pieces);
  }
}

/** What is left of `pieces` once the first `written` bytes are on disk (a short write). */
function unwritten(pieces: Buffer[], written: number): Buffer[] {
  const left: Buffer[] = [];
  let skip = written;
  for (const piece of pieces) {
    if (skip >= piece.length) {
      skip -= piece.length;
      continue;
    }
    left.push(skip ? piece.subarray(skip) : piece);
    skip = 0;
  }
  return left;
}

/** Multer's storage for restore uploads; a failed one is removed here, others by multer via `_removeFile`. */
export class RestoreUploadStorage implements StorageEngine {
  private readonly writers = new WeakMap<object, ReleasingFileWriter>();
  /** Files multer asked to remove while they were still being written. */
  private readonly cancelled = new WeakSet<object>();

  constructor(
    private readonly folder: string,
    private readonly name: () => string,
    private readonly removed: (path: string) => void,
  ) {}

  _handleFile(
    _request: Request,
    file: Express.Multer.File,
    done: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ) {
    const filename = this.name();
    const path = join(this.folder, filename);
    // Known before a byte is written, so an abort from now on removes it.
    file.path = path;
    const store = async (): Promise<Partial<Express.Multer.File>> => {
      await mkdir(this.folder, { recursive: true });
      const writer = new ReleasingFileWriter(await open(path, 'wx'));
      this.writers.set(file, writer);
      if (this.cancelled.has(file)) writer.destroy();
      await pipeline(file.stream, writer);
      if (this.cancelled.has(file)) throw new Error('The upload was cancelled');
      return { destination: this.folder, filename, path, size: writer.bytesWritten };
    };
    store().then(
      (info) => done(null, info),
      async (error: unknown) => {
        // The upload's own error is the one to report, whatever the removal meets.
        await this.remove(file, path).catch(() => undefined);
        done(error);
      },
    );
  }

  _removeFile(_request: Request, file: Express.Multer.File, done: (error: Error | null) => void): void {
    this.remove(file, file.path).then(
      () => done(null),
      (error: Error) => done(error),
    );
  }

  private async remove(file: object, path: string): Promise<void> {
    this.cancelled.add(file);
    const writer = this.writers.get(file);
    if (writer && !writer.closed) {
      writer.destroy();
      await new Promise((settled) => writer.once('close', settled));
    }
    await rm(path, { force: true });
    this.removed(path);
  }
}
