import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ImageSweepService } from '../../src/backup/image-sweep.service.js';
import { binary } from './held-put.js';
import type { TestApp } from './test-app.js';

/**
 * What the backup suites do through the API as `admin` (downloads, restores, uploads) and read
 * straight from the server (its rows and stored objects). `server` and `admin` are read when
 * called: a suite sets them in its beforeAll.
 */
export function backupClient(getServer: () => TestApp, getAdmin: () => TestAgent) {
  const objectKeys = () => {
    const folder = join(getServer().config.storage.localDir, 'uploads');
    return existsSync(folder)
      ? readdirSync(folder)
          .filter((name) => !name.endsWith('.meta.json'))
          .sort()
      : [];
  };
  const snapshot = async () => ({
    shops: await getServer().dataSource.query('SELECT * FROM shop ORDER BY id'),
    categories: await getServer().dataSource.query('SELECT * FROM shop_category ORDER BY shop_id, name'),
    objects: objectKeys(),
    pending: await getServer().dataSource.query('SELECT * FROM pending_object'),
  });
  const listShops = async () =>
    (await request(getServer().url).get('/api/shops').expect(200)).body as Record<string, unknown>[];
  const download = async (kind: 'full' | 'data') =>
    getAdmin().post(`/api/admin/backup/${kind}`).buffer(true).parse(binary).expect(200);
  const restore = (bytes: Buffer, filename = 'backup.zip') =>
    getAdmin()
      .post('/api/admin/backup/restore')
      .attach('backupFile', bytes, { filename, contentType: 'application/zip' });

  async function uploadImage(bytes: Buffer, type: string): Promise<string> {
    const { uploadURL } = (await getAdmin().post('/api/admin/upload').send({ type: 'logo' }).expect(201))
      .body;
    await request(uploadURL).put('').set('Content-Type', type).send(bytes).expect(200);
    const { pathname } = new URL(uploadURL);
    return `/objects${pathname.slice(pathname.lastIndexOf('/uploads/'))}`;
  }
  async function imageBytes(path: string): Promise<Buffer> {
    return (await request(getServer().url).get(path).buffer(true).parse(binary).expect(200)).body as Buffer;
  }
  /**
   * Deletes every shop, and their images as the sweep does once the grace period is over. A full
   * backup just downloaded may still hold its lock (released after its last byte is sent), and the
   * sweep skips while it does: it is asked again until that backup has ended.
   */
  async function deleteAllShops() {
    for (const shop of await listShops()) await getAdmin().delete(`/api/admin/shops/${shop.id}`).expect(204);
    const sweeper = getServer().app.get(ImageSweepService);
    for (let asked = 0; asked < 100; asked++) {
      if (!('skipped' in (await sweeper.sweep(Date.now() + 24 * 3_600_000 + 1)))) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the image sweep was still skipped after 2 s: a full backup never ended');
  }
  return { objectKeys, snapshot, listShops, download, restore, uploadImage, imageBytes, deleteAllShops };
}
