import { describe, expect, it } from '@jest/globals';
import { ActivityRetentionService } from '../src/activity/activity-retention.service.js';
import { createTestDatabase, DIALECTS, startApp } from './support/test-app.js';

const DAY_MS = 86_400_000;

describe.each(DIALECTS)('activity retention on %s', (dialect) => {
  it('deletes entries older than ACTIVITY_RETENTION_DAYS at start-up and on each run', async () => {
    const database = await createTestDatabase(dialect);
    const env = { ...database.env, ACTIVITY_RETENTION_DAYS: '30' };
    let server = await startApp(env);
    try {
      const now = Date.now();
      const insert = (at: number, kind: string) =>
        server.dataSource.query('INSERT INTO activity_entry (at, kind) VALUES (?, ?)', [at, kind]);
      await insert(now - 31 * DAY_MS, 'shop.created');
      await insert(now - 29 * DAY_MS, 'shop.updated');
      await server.close();
      server = await startApp(env);
      const kinds = async () =>
        (
          (await server.dataSource.query('SELECT kind FROM activity_entry ORDER BY at')) as { kind: string }[]
        ).map((row) => row.kind);
      expect(await kinds()).toEqual(['shop.updated']);

      // A day later the daily run deletes the next one; the recent entry stays.
      await insert(now, 'shop.deleted');
      expect(await server.app.get(ActivityRetentionService).deleteExpired(now + 2 * DAY_MS)).toBe(1);
      expect(await kinds()).toEqual(['shop.deleted']);
    } finally {
      await server.close();
      await database.drop();
    }
  });
});
