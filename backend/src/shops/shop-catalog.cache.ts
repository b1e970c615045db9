import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One JSON document, serialised and compressed once, served many times. */
export interface EncodedDocument {
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Strong ETag of the JSON bytes. */
  etag: string;
}

/**
 * Serialises once and compresses off the main thread (zlib's thread pool), so a rebuild after
 * a write does not stall other requests. Brotli quality 5 is ~10x faster than 9 on the 1,000
 * shop list for a 5% larger body (bench/FINDINGS.md).
 */
export async function encodeDocument(value: unknown): Promise<EncodedDocument> {
  const json = Buffer.from(JSON.stringify(value));
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(json, { level: 9 }),
    brotliAsync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    }),
  ]);
  return {
    json,
    gzip: gzipped,
    brotli,
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

  /** The build for `version` if it is ready, without a promise (the hot path of every read). */
  peek(version: number): T | undefined {
    return this.current?.version === version ? this.current.value : undefined;
  }

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
