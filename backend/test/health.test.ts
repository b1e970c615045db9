import { afterAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { freePort } from './support/processes.js';
import { DIALECTS, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

describe.each(DIALECTS)('health on %s', (dialect) => {
  const servers: Started[] = [];
  afterAll(async () => {
    for (const server of servers) await server.close();
  });

  it('answers 200 when the database and the object store answer', async () => {
    const server = await startAppOnFreshDatabase(dialect);
    servers.push(server);
    const response = await request(server.url).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', storage: 'up' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the part that is down (an unreachable S3 endpoint)', async () => {
    const deadPort = await freePort();
    const server = await startAppOnFreshDatabase(dialect, {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${deadPort}`,
      S3_BUCKET: 'nowhere',
      S3_ACCESS_KEY_ID: 'x',
      S3_SECRET_ACCESS_KEY: 'y',
    });
    servers.push(server);
    const response = await request(server.url).get('/api/health').expect(503);
    expect(response.body).toEqual({ status: 'unavailable', database: 'up', storage: 'down' });
  });
});
