// What a restore refuses, changing nothing: damaged, foreign or hostile backups built from a good
// one with one thing changed, files that are not ZIPs or are too large, a restore that fails in
// the middle of its transaction, and a second restore while one runs. The rest of backup and
// restore: backup.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type TestAgent from 'supertest/lib/agent.js';
import unzipper from 'unzipper';
import { BackupWorkers } from '../src/backup/backup-workers.js';
import { backupClient } from './support/backup-client.js';
import { failInsertsInto } from './support/failing-inserts.js';
import { GIF_1X1, pngImage, shopBody } from './support/fixtures.js';
import { loggedInAdmin } from './support/http.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';
import { buildZip, type RawEntry } from './support/zip-writer.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;
const RESTORE_LIMIT = 4 * 1024 * 1024;
/** The three shops the good backup holds, and no more. */
const RESTORE_MAX_SHOPS = 3;
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const V1_FIXTURE = readFileSync(new URL('./fixtures/backup-v1.zip', import.meta.url));

describe.each(DIALECTS)('a restore on %s', (dialect) => {
  let server: Started;
  let admin: TestAgent;
  const { snapshot, listShops, download, restore, uploadImage } = backupClient(
    () => server,
    () => admin,
  );

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, {
      RESTORE_MAX_BYTES: String(RESTORE_LIMIT),
      RESTORE_MAX_SHOPS: String(RESTORE_MAX_SHOPS),
    });
    admin = await loggedInAdmin(server.url);
    // Three shops, one with both images: what every refused variant is built from.
    const logo = await uploadImage(pngImage(), 'image/png');
    const mapImageUrl = await uploadImage(GIF_1X1, 'image/gif');
    for (const [index, name] of ['Norte', 'Centro', 'Sur'].entries())
      await admin
        .post('/api/admin/shops')
        .send(shopBody({ name: `Armería ${name}`, ...(index === 0 ? { logo, mapImageUrl } : {}) }))
        .expect(201);
  });
  afterAll(() => server.close());
  afterEach(() => {
    jest.restoreAllMocks();
  });

  describe('refuses, changing nothing,', () => {
    let good: { manifest: Record<string, unknown>; shops: Record<string, unknown>[]; images: RawEntry[] };

    beforeAll(async () => {
      const zip = await unzipper.Open.buffer((await download('full')).body as Buffer);
      const read = async (name: string) =>
        (await zip.files.find((f) => f.path === name)!.buffer()).toString();
      good = {
        manifest: JSON.parse(await read('manifest.json')),
        shops: JSON.parse(await read('shops.json')),
        images: await Promise.all(
          zip.files
            .filter((f) => f.path.startsWith('images/'))
            .map(async (f) => ({ name: f.path, data: await f.buffer() })),
        ),
      };
    });

    /**
     * A backup built from the good one with one thing changed. The manifest's checksum of
     * shops.json is recomputed unless a test passes its own manifest.
     */
    function variant(
      change: {
        manifest?: unknown;
        shops?: unknown;
        images?: RawEntry[];
        extra?: RawEntry[];
        drop?: string[];
      } = {},
    ) {
      const shopsJson = JSON.stringify(change.shops ?? good.shops);
      const files = {
        ...(good.manifest.files as object),
        'shops.json': { sha256: sha(shopsJson), size: Buffer.byteLength(shopsJson) },
      };
      const entries: RawEntry[] = [
        { name: 'manifest.json', data: JSON.stringify(change.manifest ?? { ...good.manifest, files }) },
        { name: 'shops.json', data: shopsJson, deflate: true },
        ...(change.images ?? good.images),
      ].filter((entry) => !change.drop?.includes(entry.name));
      return buildZip([...entries, ...(change.extra ?? [])]);
    }

    const imageName = () => good.images[0].name;
    const extraShop = () => ({ ...good.shops[1], id: randomUUID(), slug: undefined });
    const cases: [string, () => Buffer, RegExp][] = [
      [
        'an entry climbing out with ../',
        () => variant({ extra: [{ name: '../evil.txt', data: 'x' }] }),
        /not a safe path/,
      ],
      [
        'a sibling path through ..',
        () => variant({ extra: [{ name: 'images/../../data/x.png', data: 'x' }] }),
        /not a safe path/,
      ],
      [
        'an absolute path',
        () => variant({ extra: [{ name: '/etc/cron.d/evil', data: 'x' }] }),
        /not a safe path/,
      ],
      [
        'a backslash path',
        () => variant({ extra: [{ name: 'images\\..\\evil.png', data: 'x' }] }),
        /not a safe path/,
      ],
      [
        'a symbolic link',
        () =>
          variant({
            extra: [
              {
                name: 'images/00000000-0000-4000-8000-0000000000aa.png',
                data: '/etc/passwd',
                mode: 0o120777,
              },
            ],
          }),
        /symbolic link/,
      ],
      [
        'an unexpected entry',
        () => variant({ extra: [{ name: 'payload.sh', data: 'rm -rf /' }] }),
        /unexpected entry/,
      ],
      [
        'a nested archive',
        () => variant({ extra: [{ name: 'images/inner.zip', data: V1_FIXTURE }] }),
        /unexpected entry/,
      ],
      ['a duplicate name', () => variant({ extra: [{ name: 'shops.json', data: '[]' }] }), /appears twice/],
      [
        'a very long name',
        () => variant({ extra: [{ name: `images/${'a'.repeat(300)}.png`, data: 'x' }] }),
        /over-long name/,
      ],
      [
        'too many entries',
        () => variant({ extra: Array.from({ length: 25_001 }, (_, i) => ({ name: `x${i}`, data: '' })) }),
        /entries; a backup has at most/,
      ],
      [
        'headers that declare a huge size (bomb)',
        () =>
          variant({
            extra: [
              { name: 'images/00000000-0000-4000-8000-0000000000bb.png', data: 'x', declaredSize: 4_000_000 },
            ],
            images: Array.from({ length: 30 }, (_, i) => ({
              name: `images/00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}.png`,
              data: 'x',
              declaredSize: 4_000_000,
            })),
          }),
        /decompression bomb|larger than/,
      ],
      [
        'headers that lie small (bomb)',
        () =>
          buildZip([
            { name: 'manifest.json', data: JSON.stringify(good.manifest) },
            {
              name: 'shops.json',
              data: Buffer.alloc(20 * 1024 * 1024, 0x20),
              deflate: true,
              declaredSize: 100,
            },
          ]),
        /larger than its header says/,
      ],
      ['a missing manifest', () => variant({ drop: ['manifest.json'] }), /manifest.json" is missing/],
      [
        'a malformed manifest',
        () =>
          buildZip([
            { name: 'manifest.json', data: '{not json' },
            { name: 'shops.json', data: '[]' },
          ]),
        /manifest.json is not valid JSON/,
      ],
      [
        'another product',
        () => variant({ manifest: { ...good.manifest, product: 'other' } }),
        /not a backup of this directory/,
      ],
      [
        'an unknown format version',
        () => variant({ manifest: { ...good.manifest, formatVersion: 99 } }),
        /format version 99 is not supported/,
      ],
      ['a missing shops file', () => variant({ drop: ['shops.json'] }), /shops.json" is missing/],
      ['shops that are not a list', () => variant({ shops: { shops: 'nope' } }), /not a list of shops/],
      [
        "more shops than RESTORE_MAX_SHOPS, by the manifest's count",
        () => {
          const counts = { ...(good.manifest.counts as object), shops: 4 };
          return variant({ manifest: { ...good.manifest, counts } });
        },
        /it holds 4 shops, and this server restores at most 3 at once \(RESTORE_MAX_SHOPS\)/,
      ],
      [
        'more shops than RESTORE_MAX_SHOPS in shops.json, though the manifest counts 3',
        // Past 64 KB, so the list is read item by item and refused at the fourth.
        () => variant({ shops: [...good.shops, ...Array.from({ length: 300 }, () => extraShop())] }),
        /it holds more than 3 shops, and this server restores at most 3 at once/,
      ],
      [
        'a shops file that fails its checksum',
        () => variant({ shops: [...good.shops].reverse(), manifest: good.manifest }),
        /shops.json does not match its checksum/,
      ],
      [
        'a shop with a javascript: website',
        () =>
          variant({
            shops: good.shops.map((s, i) => (i === 1 ? { ...s, website: 'javascript:alert(1)' } : s)),
          }),
        /shop 2 \(".*"\), field website: Website must be an http\(s\) URL/,
      ],
      [
        'a shop without categories',
        () => variant({ shops: good.shops.map((s, i) => (i === 0 ? { ...s, categories: [] } : s)) }),
        /shop 1 .*field categories: Please select at least one category/,
      ],
      [
        'a shop with a bad id',
        () => variant({ shops: good.shops.map((s, i) => (i === 2 ? { ...s, id: "1' OR 1=1" } : s)) }),
        /shop 3 .*id must be a UUID/,
      ],
      [
        'an image that fails its checksum',
        () =>
          variant({
            images: good.images.map((e, i) =>
              i === 0 ? { ...e, data: Buffer.concat([e.data as Buffer, Buffer.from([0])]) } : e,
            ),
          }),
        /does not match its checksum|damaged/,
      ],
      ['a missing image', () => variant({ drop: [imageName()] }), /is not in the backup/],
    ];

    it.each(cases)('%s', async (_name, build, message) => {
      const before = await snapshot();
      const response = await restore(build());
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(message);
      expect(await snapshot()).toEqual(before);
      expect(readdirSync(join(server.config.dataDir, 'tmp'))).toEqual([]);
    });

    it('a file that is not a ZIP, with the spec message', async () => {
      const before = await snapshot();
      const response = await restore(pngImage(), 'photo.zip').expect(400);
      expect(response.body.message).toBe('Invalid File Type: please select a ZIP file');
      expect(await snapshot()).toEqual(before);
    });

    it('a file over the restore limit (413) before reading it', async () => {
      const before = await snapshot();
      const response = await restore(Buffer.concat([V1_FIXTURE, Buffer.alloc(RESTORE_LIMIT)])).expect(413);
      expect(response.body.message).toBe('File Too Large: the maximum file size is 4.0MB');
      expect(await snapshot()).toEqual(before);
    });

    /** Every shop differs from the backup, so that a restore replaces them all. */
    const changeEveryShop = async () => {
      for (const shop of await listShops())
        await admin
          .put(`/api/admin/shops/${shop.id}`)
          .send({ description: `${shop.description}.` })
          .expect(200);
    };

    it('a restore that fails in the middle of its transaction (rolled back, no new image kept)', async () => {
      const backup = (await download('full')).body as Buffer;
      await changeEveryShop();
      const before = await snapshot();
      // Its history fails, once every shop is written, inside its transaction (in the worker).
      const allowInserts = await failInsertsInto(server.dataSource, 'activity_entry');
      const response = await Promise.resolve(restore(backup)).finally(allowInserts);
      expect(response.status).toBe(500);
      expect(response.body.message).not.toMatch(/injected/);
      expect(await snapshot()).toEqual(before);
    });

    it('a second restore while one is running (409)', async () => {
      const backup = (await download('full')).body as Buffer;
      await changeEveryShop();
      // The first one holds its lock and waits before its work goes to the worker.
      const original = BackupWorkers.prototype.restore;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      jest.spyOn(BackupWorkers.prototype, 'restore').mockImplementation(async function (
        this: BackupWorkers,
        ...args
      ) {
        entered();
        await gate;
        return original.apply(this, args);
      });
      const first = restore(backup).then((response) => response);
      await inside;
      const second = await restore(backup);
      expect(second.status).toBe(409);
      expect(second.body.message).toMatch(/Another restore is running/);
      release();
      expect((await first).status).toBe(200);
    });
  });
});
