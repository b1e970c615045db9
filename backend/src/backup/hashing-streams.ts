import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** Passes bytes through while computing their SHA-256 and size (final once it has ended). */
export class HashingStream extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;
  sha256 = '';

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.sha256 = this.hash.digest('hex');
    callback();
  }
}
