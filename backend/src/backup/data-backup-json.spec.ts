import { describe, expect, it } from '@jest/globals';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MessageChannel } from 'node:worker_threads';
import { text } from 'node:stream/consumers';
import { dataBackupJson } from './data-backup-json.js';
import { PortWritable, relayToResponse } from './worker-relay.js';

async function joined(head: Record<string, unknown>, lists: Record<string, readonly unknown[]>) {
  let document = '';
  for await (const piece of dataBackupJson(head, lists)) document += piece;
  return document;
}

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

describe('dataBackupJson', () => {
  const head = { product: 'atm-gunsmith-directory', formatVersion: 7, createdAt: '2026-11-27T12:00:00.000Z' };

  it.each([
    ['no shops and no requests', 0, 0],
    ['one shop', 1, 0],
    ['shops over several slices, and requests', 1_001, 3],
  ])('writes the bytes of JSON.stringify(document, null, 2): %s', async (_case, shops, requests) => {
    const lists = {
      shops: Array.from({ length: shops }, (_, n) => shop(n)),
      requests: Array.from({ length: requests }, (_, n) => ({ id: n, fields: { city: 'Puebla' } })),
    };
    expect(await joined(head, lists)).toBe(JSON.stringify({ ...head, ...lists }, null, 2));
  });

  it('writes a document without head fields, or without lists, as JSON.stringify does', async () => {
    expect(await joined({}, { shops: [shop(1)] })).toBe(JSON.stringify({ shops: [shop(1)] }, null, 2));
    expect(await joined(head, {})).toBe(JSON.stringify(head, null, 2));
    expect(await joined({}, {})).toBe('{}');
    expect(await joined({}, { list: [undefined, 1] })).toBe(
      JSON.stringify({ list: [undefined, 1] }, null, 2),
    );
  });
});

describe('relayToResponse', () => {
  /** The data backup written into a worker's end of a channel, as backup.worker.ts does. */
  function sent(lists: Record<string, readonly unknown[]>) {
    const { port1, port2 } = new MessageChannel();
    const document = Readable.from(dataBackupJson({ product: 'p' }, lists), { objectMode: false });
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
