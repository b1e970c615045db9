import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
// s3rver is CommonJS; a real S3-compatible server on a free loopback port.
import S3rver from 's3rver';

export const S3_BUCKET = 'atm-test';

interface PutObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: PutObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver 3.7.1 answers a PUT before the object's file is written: its store resolves on `end()`
 * (or on its checksum stream's end), not on the file's 'finish'. A GET right after could read a
 * short file (2 of 2,000 PUT-then-GET pairs of 100 bytes on a loaded machine; CI22 lost a run to it).
 * Real S3 answers once the object is stored; this store does too.
 */
function putOnceWritten(store: FilesystemStore): void {
  store.putObject = async (object) => {
    const file = store.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(file), { recursive: true });
    const md5 = createHash('md5');
    let size = 0;
    const content = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(content, measure, createWriteStream(file));
    const digest = md5.digest('hex');
    await store.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}

/** Starts s3rver with one bucket; returns the env that points the backend at it. */
export async function startS3Server(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'atm-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  });
  putOnceWritten((server as unknown as { store: FilesystemStore }).store);
  const { port } = (await server.run()) as { port: number };
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
