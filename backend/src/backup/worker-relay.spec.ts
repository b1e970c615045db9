import { describe, expect, it } from '@jest/globals';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MessageChannel } from 'node:worker_threads';
import { text } from 'node:stream/consumers';
import { prettyJsonChunks } from './backup-format.js';
import { PortWritable, relayToResponse } from './worker-relay.js';

const shop = (n: number) => ({
  id: `shop-${n}`,
  name: `Armería "Núm. ${n}"\nSegunda línea`,
  categories: ['Rifles', 'Escopetas'],
  location: { lat: 19.4 + n / 1000, lng: -99.1 },
  createdAt: new Date(Date.UTC(2026, 10, 27, 12, 0, n % 60)),
  logo: '',
  note: null,
  nested: [[], {}, [1, [2]]],
});

describe('relayToResponse', () => {
  /** The data backup written into a worker's end of a channel, as backup.worker.ts does (small chunks). */
  function sent(lists: Record<string, readonly unknown[]>) {
    const { port1, port2 } = new MessageChannel();
    const document = Readable.from(prettyJsonChunks({ product: 'p', ...lists }, 20), { objectMode: false });
    return { task: finished(document.pipe(new PortWritable(port1))), port: port2 };
  }

  it('gives the size before the last piece goes out, and the size is the bytes written', async () => {
    const out = new PassThrough();
    const received = text(out);
    const lists = { shops: Array.from({ length: 600 }, (_, n) => shop(n)), requests: [] };
    let sizeGiven: number | undefined;
    let lengthThen = 0;
    let length = 0;
    out.on('data', (chunk: Buffer) => (length += chunk.length));
    const { task, port } = sent(lists);
    await relayToResponse(port, out, task, async (bytes) => {
      sizeGiven = bytes;
      lengthThen = length;
    });
    const document = await received;
    expect(document).toBe(JSON.stringify({ product: 'p', ...lists }, null, 2));
    expect(sizeGiven).toBe(Buffer.byteLength(document));
    expect(lengthThen).toBeLessThan(Buffer.byteLength(document));
  });

  it('rejects, records nothing and stops the worker when the response closes early', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const lists = { shops: Array.from({ length: 2_000 }, (_, n) => shop(n)) };
    let recorded = false;
    const { task, port } = sent(lists);
    const relaying = relayToResponse(port, out, task, async () => {
      recorded = true;
    });
    out.once('data', () => out.destroy());
    await expect(relaying).rejects.toThrow();
    await expect(task).rejects.toThrow('The output closed before the backup was complete');
    expect(recorded).toBe(false);
  });
});
