import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { S3_BUCKET, startS3Server } from '../../test/support/s3-server.js';
import { S3SignedGet, type S3Location } from './s3-signed-get.js';

function clientFor(location: S3Location, secret = 'S3RVER'): S3Client {
  return new S3Client({
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.forcePathStyle,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: secret },
  });
}

/**
 * Checks a request's AWS Signature Version 4 as S3 does, written from AWS's description rather
 * than with the signer under test (s3rver does not check version 4 signatures).
 */
function signatureHolds(request: IncomingMessage, secret: string): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
  if (!auth) return false;
  const [, , day, region, signedHeaders, signature] = auth;
  const [path, query = ''] = (request.url ?? '').split('?');
  const names = signedHeaders.split(';');
  const headers = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('');
  const payload = String(request.headers['x-amz-content-sha256']);
  const canonical = ['GET', path, query, headers, signedHeaders, payload].join('\n');
  const hex = (text: string) => createHash('sha256').update(text).digest('hex');
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', String(request.headers['x-amz-date']), scope, hex(canonical)].join(
    '\n',
  );
  const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();
  const key = ['s3', 'aws4_request'].reduce(hmac, hmac(hmac(`AWS4${secret}`, day), region));
  return hmac(key, toSign).toString('hex') === signature && names.includes('host');
}

describe('S3SignedGet against s3rver (a real S3-compatible server)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let location: S3Location;
  let client: S3Client;
  const bytes = randomBytes(300_000);
  // Characters S3 signs escaped: a space, a plus, a tilde, parentheses and accents.
  const awkwardKey = 'uploads/a b+c~(d)/año é.png';

  beforeAll(async () => {
    s3 = await startS3Server();
    location = { bucket: S3_BUCKET, region: 'us-east-1', endpoint: s3.env.S3_ENDPOINT, forcePathStyle: true };
    client = clientFor(location);
    await client.send(
      new PutObjectCommand({
        Bucket: S3_BUCKET,
        Key: awkwardKey,
        Body: bytes,
        ContentType: 'image/png',
        Metadata: { sha256: 'abc' },
      }),
    );
  });
  afterAll(async () => {
    client.destroy();
    await s3.close();
  });

  it('reads an object whose key needs escaping, byte for byte, with its type, size and metadata', async () => {
    const answer = await new S3SignedGet(client, location).get(awkwardKey);
    expect(answer?.statusCode).toBe(200);
    expect(answer?.headers['content-type']).toBe('image/png');
    expect(answer?.headers['content-length']).toBe(String(bytes.length));
    expect(answer?.headers['x-amz-meta-sha256']).toBe('abc');
    expect(Buffer.concat(await answer!.toArray()).equals(bytes)).toBe(true);
  });

  it('reads only the range asked for', async () => {
    const answer = await new S3SignedGet(client, location).get(awkwardKey, 'bytes=0-15');
    expect(answer?.statusCode).toBe(206);
    expect(Buffer.concat(await answer!.toArray()).equals(bytes.subarray(0, 16))).toBe(true);
  });

  it('answers null for a missing object', async () => {
    expect(await new S3SignedGet(client, location).get('uploads/none-such')).toBeNull();
  });
});

describe('S3SignedGet against a store that checks signatures and fails on purpose', () => {
  let server: Server;
  let location: S3Location;
  let client: S3Client;
  /** What the store does with each request, in order; then it answers 200 "ok". */
  let plan: ('503' | 'close')[] = [];
  let requests = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests += 1;
      if (!signatureHolds(request, 'S3RVER')) {
        response.writeHead(403, { 'content-type': 'application/xml' });
        return response.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      }
      const next = plan.shift();
      if (next === 'close') return request.socket.destroy();
      if (next === '503') {
        response.writeHead(503, { 'content-type': 'application/xml' });
        return response.end('<Error><Code>SlowDown</Code></Error>');
      }
      response.end('ok');
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    location = {
      bucket: 'b',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
    };
    client = clientFor(location);
  });
  afterAll(async () => {
    client.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('signs what it sends: the store reads an awkward key, and refuses a wrong secret once, without trying again', async () => {
    plan = [];
    requests = 0;
    const answer = await new S3SignedGet(client, location).get('uploads/a b+c~(d)/año é.png', 'bytes=0-1');
    expect(String(Buffer.concat(await answer!.toArray()))).toBe('ok');
    const wrong = clientFor(location, 'not-the-secret');
    await expect(new S3SignedGet(wrong, location).get('uploads/x')).rejects.toMatchObject({
      name: 'S3AnswerError',
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(requests).toBe(2);
    wrong.destroy();
  });

  it('tries again after a closed connection and a 503, and reads the third answer', async () => {
    plan = ['close', '503'];
    requests = 0;
    const answer = await new S3SignedGet(client, location).get('uploads/x');
    expect(String(Buffer.concat(await answer!.toArray()))).toBe('ok');
    expect(requests).toBe(3);
  });

  it('gives up after three tries, with the last answer as the error', async () => {
    plan = ['503', '503', '503'];
    requests = 0;
    await expect(new S3SignedGet(client, location).get('uploads/x')).rejects.toMatchObject({
      status: 503,
      code: 'SlowDown',
    });
    expect(requests).toBe(3);
  });
});
