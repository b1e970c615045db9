import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { encodeBytes, JSON_TYPE, sendDocument, type EncodedDocument } from './encoded-document.js';

describe('sendDocument', () => {
  /** A server answering every request with `document`, on a free loopback port. */
  async function serving(document: EncodedDocument) {
    const server = createServer((request, response) => {
      response.setHeader('X-Test', 'yes');
      sendDocument(request, response, document);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const ask = (method: string, headers: Record<string, string>) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject).end();
      });
    return { ask, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('sends a document kept compressed only uncompressed, inflated as it goes, with its length', async () => {
    const bytes = Buffer.from(
      JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `Armería ${i}` }))),
    );
    const document = await encodeBytes(bytes, JSON_TYPE, { compressedOnly: true });
    expect(document.identity).toBeUndefined();
    const { ask, close } = await serving(document);
    try {
      const plain = await ask('GET', { 'accept-encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-length']).toBe(String(bytes.length));
      expect(plain.headers['x-test']).toBe('yes');
      expect(plain.body.equals(bytes)).toBe(true);
      const head = await ask('HEAD', {});
      expect(head.headers['content-length']).toBe(String(bytes.length));
      expect(head.body.length).toBe(0);
      const gzipped = await ask('GET', { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.body).equals(bytes)).toBe(true);
      expect((await ask('GET', { 'if-none-match': document.etag })).status).toBe(304);
    } finally {
      await close();
    }
  });
});
