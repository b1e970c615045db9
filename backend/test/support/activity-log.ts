import { expect } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import type { DataSource } from 'typeorm';
import { waitUntil } from './processes.js';

export interface ActivityEntry {
  id: number;
  at: string;
  kind: string;
  actorId: string | null;
  actorName: string | null;
  client: string | null;
  shopId: string | null;
  shopName: string | null;
  details: Record<string, unknown> | null;
}
export interface ActivityPage {
  items: ActivityEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The activity log as a test reads it: pages through the API as `admin`, and what one change
 * wrote, checked against the table's row count. `admin` and `dataSource` are read when called
 * (a suite sets them in its beforeAll).
 */
export function activityLog(admin: () => TestAgent, dataSource: () => DataSource) {
  const page = async (query: Record<string, string | number> = {}) =>
    (await admin().get('/api/admin/activity').query(query).expect(200)).body as ActivityPage;
  const count = async () =>
    Number((await dataSource().query('SELECT COUNT(*) AS n FROM activity_entry'))[0].n);
  /** Runs a change and returns the entries it wrote (newest first), checking it wrote `expected`. */
  async function entriesOf(change: () => Promise<unknown>, expected = 1): Promise<ActivityEntry[]> {
    const before = await count();
    await change();
    expect((await count()) - before).toBe(expected);
    return expected ? (await page({ pageSize: expected })).items : [];
  }
  /**
   * As entriesOf, for a full backup: its entry is written once the server has sent the last
   * byte, which the client may have read a moment before.
   */
  async function entriesAfterDownload(
    change: () => Promise<unknown>,
    expected = 1,
  ): Promise<ActivityEntry[]> {
    const before = await count();
    await change();
    await waitUntil(async () => (await count()) - before >= expected, 'the download to be logged');
    expect((await count()) - before).toBe(expected);
    return expected ? (await page({ pageSize: expected })).items : [];
  }
  async function oneEntryOf(change: () => Promise<unknown>): Promise<ActivityEntry> {
    return (await entriesOf(change, 1))[0];
  }
  return { page, count, entriesOf, entriesAfterDownload, oneEntryOf };
}
