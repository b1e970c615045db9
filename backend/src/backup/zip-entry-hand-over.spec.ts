import { afterAll, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { ACTIVITY_NAME, REQUESTS_NAME, SHOPS_NAME } from './backup-format.js';
import { BackupZip } from './zip-reader.js';
import { addStreamEntry } from './zip-entry-hand-over.js';

const folder = mkdtempSync(path.join(tmpdir(), 'atm-zip-hand-over-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const entriesOf = (zip: ZipFile) => (zip as unknown as { entries: { doFileDataPump?: unknown }[] }).entries;

describe('addStreamEntry', () => {
  it("writes each entry whole, and lets go of yazl's pump once its stream has ended", async () => {
    const file = path.join(folder, 'hand-over.zip');
    const zip = new ZipFile();
    const written = createWriteStream(file);
    zip.outputStream.pipe(written);
    const mtime = new Date();
    const names = [SHOPS_NAME, ACTIVITY_NAME, REQUESTS_NAME];
    const contents = ['[1]', '[2, '.repeat(10_000), ''];
    const streams = contents.map(() => new PassThrough());
    const letGos = contents.map((_, index) =>
      addStreamEntry(zip, names[index], { compress: index === 1, mtime }, streams[index]),
    );
    // The first entry is pumped at once; the others wait for their turn, and keep their pump.
    for (const letGo of letGos.slice(1)) letGo();
    expect(entriesOf(zip).map((entry) => typeof entry.doFileDataPump)).toEqual([
      'function',
      'function',
      'function',
    ]);
    for (const [index, text] of contents.entries()) {
      streams[index].end(Buffer.from(text));
      await once(streams[index], 'end');
      letGos[index]();
      expect(entriesOf(zip)[index].doFileDataPump).toBeUndefined();
    }
    zip.end();
    await finished(written);

    const archive = await BackupZip.open(file, statSync(file).size);
    try {
      for (const [index, text] of contents.entries()) {
        expect((await archive.read(names[index])).toString()).toBe(text);
      }
    } finally {
      archive.close();
    }
  });
});
