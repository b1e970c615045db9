import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import request from 'supertest';
import { pngImage } from './support/fixtures.js';
import { FIRST_ADMIN, loggedInAdmin, sessionCookie } from './support/http.js';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';
import { AppMetrics, startMetricsServer } from '../src/observability/metrics.js';
import { ShutdownState } from '../src/observability/shutdown-state.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

/** Every line the app's pino logger wrote, parsed (each must be one JSON object). */
class CapturedLog {
  readonly raw: string[] = [];
  write(chunk: string): void {
    this.raw.push(...chunk.split('\n').filter(Boolean));
  }
  lines(): Record<string, unknown>[] {
    return this.raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  requests(): Record<string, unknown>[] {
    return this.lines().filter((line) => line.msg === 'request completed');
  }
}

describe.each(ANY_DIALECT)('request logs, request ids, metrics and readiness on %s', (dialect) => {
  let server: Started;
  const log = new CapturedLog();

  beforeAll(async () => {
    server = await startAppOnFreshDatabase(dialect, { LOG_FORMAT: 'json' }, { logDestination: log });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the X-Request-Id it is sent, returns it, and logs one JSON line with it', async () => {
    const response = await request(server.url)
      .get('/api/shops?q=anything')
      .set('X-Request-Id', 'gw-0123456789');
    expect(response.headers['x-request-id']).toBe('gw-0123456789');
    const line = log.requests().find((entry) => entry.requestId === 'gw-0123456789');
    expect(line).toMatchObject({ level: 'info', method: 'GET', path: '/api/shops', status: 200 });
    expect(typeof line!.time).toBe('string');
    expect(typeof line!.durationMs).toBe('number');
  });

  it('logs and counts the public catalogue once per request, each with its own id', async () => {
    const ids = ['catalogue-1', 'catalogue-2', 'catalogue-3'];
    const before = await server.app.get(AppMetrics).registry.getSingleMetricAsString('http_requests_total');
    const counted = (text: string) =>
      Number(
        /http_requests_total\{method="GET",route="\/api\/shops\/states",status="200"\} (\d+)/.exec(
          text,
        )?.[1] ?? 0,
      );
    for (const id of ids) {
      const response = await request(server.url).get('/api/shops/states').set('X-Request-Id', id).expect(200);
      expect(response.headers['x-request-id']).toBe(id);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const id of ids) {
      expect(log.requests().filter((entry) => entry.requestId === id)).toEqual([
        expect.objectContaining({ method: 'GET', path: '/api/shops/states', status: 200 }),
      ]);
    }
    const after = await server.app.get(AppMetrics).registry.getSingleMetricAsString('http_requests_total');
    expect(counted(after) - counted(before)).toBe(ids.length);
  });

  it('makes up an id when none (or an unsafe one) is sent', async () => {
    const first = await request(server.url).get('/api/health/live').expect(200);
    const second = await request(server.url)
      .get('/api/health/live')
      .set('X-Request-Id', 'bad id {"level":"x"}');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
  });

  it('logs the admin id, and never a password, cookie, token or signature', async () => {
    const admin = await loggedInAdmin(server.url);
    const me = await admin.get('/api/auth/me').expect(200);
    const upload = await admin.post('/api/admin/upload').send({ type: 'logo' }).expect(201);
    const uploadUrl = new URL(upload.body.uploadURL);
    expect(uploadUrl.search).not.toBe('');
    await request(uploadUrl.origin)
      .put(uploadUrl.pathname + uploadUrl.search)
      .set('Content-Type', 'image/png')
      .send(pngImage(8, 8))
      .expect(200);
    const login = await request(server.url).post('/api/auth/login').send(FIRST_ADMIN).expect(200);
    const cookie = sessionCookie(login)!.split(';')[0];

    const meLine = log.requests().find((entry) => entry.path === '/api/auth/me');
    expect(meLine?.userId).toBe(me.body.id);
    const everything = log.raw.join('\n');
    for (const secret of [
      FIRST_ADMIN.password,
      cookie,
      cookie.split('=')[1],
      uploadUrl.search.slice(1),
      ...[...uploadUrl.searchParams.values()].filter((value) => value.length >= 16),
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(log.requests().some((entry) => entry.path === uploadUrl.pathname)).toBe(true);
  });

  it('counts requests by route template and status for the metrics endpoint', async () => {
    await request(server.url).get('/api/shops/00000000-0000-4000-8000-000000000000').expect(404);
    const metrics = await server.app.get(AppMetrics).registry.metrics();
    expect(metrics).toMatch(/http_requests_total\{method="GET",route="\/api\/shops",status="200"\} \d+/);
    expect(metrics).toMatch(/http_requests_total\{method="GET",route="\/api\/shops\/:id",status="404"\} 1/);
    expect(metrics).toMatch(/http_request_duration_seconds_bucket\{/);
    expect(metrics).toMatch(/process_cpu_user_seconds_total/);
  });

  it('serves the metrics on their own port only', async () => {
    const metricsServer: Server = await startMetricsServer(server.app.get(AppMetrics), 0, '127.0.0.1');
    try {
      const { port } = metricsServer.address() as { port: number };
      const scraped = await request(`http://127.0.0.1:${port}`).get('/metrics').expect(200);
      expect(scraped.text).toContain('http_requests_total');
      await request(server.url).get('/metrics').expect(404);
    } finally {
      metricsServer.close();
    }
  });

  it('answers live 200 and ready 503 once draining, with /api/health unchanged', async () => {
    await request(server.url).get('/api/health/ready').expect(200);
    server.app.get(ShutdownState).startDraining();
    const ready = await request(server.url).get('/api/health/ready').expect(503);
    expect(ready.body).toMatchObject({ status: 'unavailable', draining: true });
    expect(ready.headers.connection).toBe('close');
    await request(server.url).get('/api/health/live').expect(200);
    const health = await request(server.url).get('/api/health').expect(200);
    expect(health.body).toEqual({ status: 'ok', database: 'up', storage: 'up' });
  });
});
