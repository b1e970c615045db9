import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One JSON document, serialised and compressed once, served many times. */
export interface EncodedDocument {
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Strong ETag of the JSON bytes. */
  etag: string;
}

export function encodeDocument(value: unknown): EncodedDocument {
  const json = Buffer.from(JSON.stringify(value));
  return {
    json,
    gzip: gzipSync(json, { level: 9 }),
    brotli: brotliCompressSync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    }),
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`,
  };
}

/**
 * Keeps the latest build of something expensive, tagged with the data version it was built
 * from. `get` rebuilds only when the version moved, and concurrent callers share one rebuild.
 */
export class VersionedCache<T> {
  private current?: { version: number; value: T };
  private pending?: { version: number; promise: Promise<T> };

  constructor(private readonly build: () => Promise<T>) {}

  async get(version: number): Promise<T> {
    if (this.current?.version === version) return this.current.value;
    if (this.pending?.version === version) return this.pending.promise;
    const promise = this.build().then(
      (value) => {
        if (!this.current || this.current.version <= version) this.current = { version, value };
        return value;
      },
      (error: unknown) => {
        throw error;
      },
    );
    const pending = { version, promise };
    this.pending = pending;
    promise
      .finally(() => {
        if (this.pending === pending) this.pending = undefined;
      })
      .catch(() => undefined);
    return promise;
  }
}
