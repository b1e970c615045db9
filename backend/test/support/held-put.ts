// Two PUTs that finish at the same instant, and reading a binary body with supertest: what the
// upload race tests need.
import { request as httpRequest } from 'node:http';
import type request from 'supertest';

/** Collects a binary response body. */
export const binary = ((res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<request.Test['parse']>[0];

/**
 * A PUT whose body is sent but for its last byte, so that several can be made to finish at
 * the same instant: `sent` settles once the rest is on the wire, `finish()` sends the last byte.
 */
export function heldPut(url: string, contentType: string, bytes: Buffer) {
  const put = httpRequest(url, {
    method: 'PUT',
    agent: false,
    headers: { 'Content-Type': contentType, 'Content-Length': bytes.length },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    put.on('response', (answer) => {
      let body = '';
      answer.on('data', (chunk: Buffer) => (body += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, body }));
    });
    put.on('error', reject);
  });
  const sent = new Promise<void>((resolve) => put.write(bytes.subarray(0, -1), () => resolve()));
  return { sent, response, finish: () => put.end(bytes.subarray(-1)) };
}
