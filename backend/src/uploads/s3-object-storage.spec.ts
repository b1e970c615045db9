import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { S3_BUCKET, startS3Server } from '../../test/support/s3-server.js';
import { S3ObjectStorage } from './s3-object-storage.js';

describe('S3ObjectStorage against s3rver (a real S3-compatible server)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let storage: S3ObjectStorage;
  const failed: string[] = [];
  const bytes = randomBytes(300_000);
  // Characters S3 signs escaped: a space, a plus, a tilde, parentheses and accents.
  const awkwardKey = 'uploads/a b+c~(d)/año é.png';

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = new S3ObjectStorage(
      {
        bucket: S3_BUCKET,
        region: 'us-east-1',
        endpoint: s3.env.S3_ENDPOINT,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
      },
      (operation) => failed.push(operation),
    );
  });
  afterAll(async () => {
    await s3.close();
  });

  it('reads back an object whose key needs escaping, byte for byte, with its type, size and checksum', async () => {
    const stored = await storage.put(awkwardKey, bytes, 'image/png');
    const read = await storage.get(awkwardKey);
    expect(read).toMatchObject({ contentType: 'image/png', size: bytes.length, etag: stored.etag });
    expect(Buffer.concat(await read!.body.toArray()).equals(bytes)).toBe(true);
  });

  it('answers null for a missing object, which is not counted as a failure', async () => {
    expect(await storage.get('uploads/none-such')).toBeNull();
    expect(await storage.stat('uploads/none-such')).toBeNull();
    expect(failed).toEqual([]);
  });
});
