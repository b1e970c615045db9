import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// s3rver is CommonJS; a real S3-compatible server on a free loopback port.
import S3rver from 's3rver';

export const S3_BUCKET = 'atm-test';

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
