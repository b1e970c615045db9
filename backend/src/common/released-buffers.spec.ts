import { describe, expect, it } from '@jest/globals';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { releaseWholeBuffers } from './released-buffers.js';

describe('releaseWholeBuffers', () => {
  it("gives back a request body's pieces, which Node hands over each in a buffer of its own", async () => {
    const sent = Buffer.alloc(600 * 1024, 7);
    const server = createServer(async (req, res) => {
      const pieces: Buffer[] = [];
      for await (const piece of req) pieces.push(piece as Buffer);
      const body = Buffer.concat(pieces);
      const released = releaseWholeBuffers(pieces);
      res.end(JSON.stringify({ same: body.equals(sent), pieces: pieces.length, released }));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<string>((answered, failed) => {
        const req = request({ port, host: '127.0.0.1', method: 'PUT' }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => answered(text));
        });
        req.on('error', failed);
        req.end(sent);
      });
      const { same, pieces, released } = JSON.parse(answer) as Record<string, unknown>;
      expect(same).toBe(true);
      expect(pieces).toBeGreaterThan(1);
      expect(released).toBe(sent.length);
    } finally {
      await new Promise((closed) => server.close(closed));
    }
  });

  it('detaches a buffer a piece spans, so its bytes are gone', () => {
    const piece = Buffer.from(new Uint8Array(70_000).fill(1));
    expect(releaseWholeBuffers([piece])).toBe(70_000);
    expect(piece.length).toBe(0);
    expect(piece.buffer.byteLength).toBe(0);
    // Twice is harmless: a detached buffer is skipped.
    expect(releaseWholeBuffers([piece])).toBe(0);
  });

  it("leaves slices of a larger buffer and pieces of Buffer's shared pool alone", () => {
    const whole = Buffer.alloc(100_000, 2);
    const slices = [whole.subarray(0, 50_000), whole.subarray(50_000)];
    const pooled = Buffer.from('a small piece, from the pool');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    expect(releaseWholeBuffers([...slices, pooled])).toBe(0);
    expect(whole.every((byte) => byte === 2)).toBe(true);
    expect(pooled.toString()).toBe('a small piece, from the pool');
  });
});
