/**
 * An S3-compatible object store for the backup bench: s3rver (the backend's test dependency) on
 * a free loopback port, one bucket in a folder of its own, so the backend stores its images over
 * S3's HTTP API as it would in production with STORAGE=s3.
 */
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';

const require = createRequire(new URL('../../backend/package.json', import.meta.url));
const BUCKET = 'atm-bench';
// s3rver keeps each object as `<key>._S3rver_object`, beside its metadata and checksum files.
const OBJECT_SUFFIX = '._S3rver_object';

export async function startS3Store(directory) {
  const S3rver = require('s3rver');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** The folder that holds the images, for the zip baselines, and the pattern of its other files. */
    uploadsFolder: `${directory}/${BUCKET}`,
    notImages: ['*._S3rver_metadata.json', '*._S3rver_object.md5'],
    images: () =>
      readdirSync(`${directory}/${BUCKET}/uploads`).filter((name) => name.endsWith(OBJECT_SUFFIX)),
    close: () => server.close(),
  };
}
