import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalObjectStorage } from './local-object-storage.js';
import { ObjectExistsError } from './object-storage.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('LocalObjectStorage', () => {
  let root: string;
  let storage: LocalObjectStorage;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'atm-objects-'));
    storage = new LocalObjectStorage(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('keeps the first of many writes to one key and refuses the others, leaving no temporary file', async () => {
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.concat([PNG_SIGNATURE, Buffer.from([i])]));
    const results = await Promise.allSettled(
      bodies.map((body) => storage.put('uploads/one', body, 'image/png')),
    );
    const kept = results.findIndex((result) => result.status === 'fulfilled');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((result) => result.status === 'rejected'))
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ObjectExistsError);
    expect(await storage.stat('uploads/one')).toEqual(
      (results[kept] as PromiseFulfilledResult<unknown>).value,
    );
    expect(readdirSync(join(root, 'uploads')).sort()).toEqual(['one', 'one.meta.json']);
  });

  it('derives the metadata from the bytes when the sidecar is missing, and never trusts a sidecar without bytes', async () => {
    const bytes = Buffer.concat([PNG_SIGNATURE, Buffer.from('rest')]);
    const stored = await storage.put('uploads/a', bytes, 'image/png');
    rmSync(join(root, 'uploads', 'a.meta.json'));
    expect(await storage.stat('uploads/a')).toEqual(stored);
    writeFileSync(
      join(root, 'uploads', 'b.meta.json'),
      JSON.stringify({ contentType: 'image/png', size: 1, sha256: 'x' }),
    );
    expect(await storage.stat('uploads/b')).toBeNull();
  });

  it('removes temporary files of dead writers at start-up, old time-stamped names included', async () => {
    await storage.put('uploads/a', PNG_SIGNATURE, 'image/png');
    const folder = join(root, 'uploads');
    const deadPid = 2 ** 22 + 1; // above Linux's pid_max
    writeFileSync(join(folder, `b.${deadPid}.0123456789abcdef.partial`), 'x');
    writeFileSync(join(folder, `c.${deadPid}.1700000000000.partial`), 'x');
    writeFileSync(join(folder, `d.${process.pid}.0123456789abcdef.partial`), 'x');
    expect(await storage.removeIncompleteWrites()).toBe(2);
    expect(readdirSync(folder).sort()).toEqual([
      'a',
      'a.meta.json',
      `d.${process.pid}.0123456789abcdef.partial`,
    ]);
  });
});
