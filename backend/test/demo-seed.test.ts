import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { ImageSweepService } from '../src/backup/image-sweep.service.js';
import { loggedInAdmin } from './support/http.js';
import { createTestDatabase, DIALECTS, startApp, type TestDatabase } from './support/test-app.js';

describe.each(DIALECTS)('demo directory on %s', (dialect) => {
  let database: TestDatabase;
  const env = () => ({ ...database.env, SEED_DEMO_DATA: 'true' });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.drop());

  it('fills a new installation once, and stays empty after an admin empties it', async () => {
    let app = await startApp(env());
    try {
      const shops = (await request(app.url).get('/api/shops').expect(200)).body as {
        id: string;
        state: string;
        isVerified: string;
        categories: string[];
        logo: string;
        mapImageUrl: string;
      }[];
      expect(shops.length).toBeGreaterThanOrEqual(24);
      expect(new Set(shops.map((shop) => shop.state)).size).toBeGreaterThanOrEqual(8);
      expect(shops.some((shop) => shop.isVerified === 'true')).toBe(true);
      expect(shops.some((shop) => shop.isVerified === 'false')).toBe(true);
      expect(
        shops.every((shop) =>
          ['crosshairs', 'bullseye', 'medal', 'bow-arrow', 'tools', 'shield-alt'].includes(shop.logo),
        ),
      ).toBe(true);
      // The demo map picture is a real, served image.
      const map = await request(app.url).get(shops[0].mapImageUrl).expect(200);
      expect(map.headers['content-type']).toBe('image/png');

      const admin = await loggedInAdmin(app.url);
      for (const shop of shops) await admin.delete(`/api/admin/shops/${shop.id}`).expect(204);
      // Released with the last shop, and deleted by the sweep after the grace period.
      await app.app.get(ImageSweepService).sweep(Date.now() + 24 * 3_600_000 + 1);
      await request(app.url).get(shops[0].mapImageUrl).expect(404);
    } finally {
      await app.close();
    }
    app = await startApp(env());
    try {
      expect((await request(app.url).get('/api/shops').expect(200)).body).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
