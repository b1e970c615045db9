import { afterEach, describe, expect, it } from '@jest/globals';
import express, { type Request, type Response } from 'express';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppMetrics } from './metrics.js';
import {
  createAppLogger,
  logRequests,
  markRoute,
  REQUEST_ID_HEADER,
  trackRequests,
} from './request-logging.js';
import { ShutdownState } from './shutdown-state.js';

/** An Express app with the app's first two middlewares, its log lines captured. */
async function observedApp(route: (request: Request, response: Response) => void) {
  const lines: Record<string, unknown>[] = [];
  const logger = createAppLogger(
    { logFormat: 'json', logLevel: 'info', metricsHost: '127.0.0.1', shutdownGraceSeconds: 1 },
    { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) },
  );
  const metrics = new AppMetrics();
  const app = express();
  app.use(trackRequests(metrics, new ShutdownState()), logRequests(logger));
  app.get('/api/shops/:id', route);
  app.use(route);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, lines, metrics };
}

/** The lines of a request are written when its response closes, just after the client has it. */
const closed = () => new Promise((resolve) => setTimeout(resolve, 20));

let server: Server | undefined;
afterEach(() => {
  server?.close();
});

describe('request lines, ids and metrics', () => {
  it('writes one line of fixed fields per request, with the id the gateway sent', async () => {
    const observed = await observedApp((_request, response) => void response.status(204).end());
    server = observed.server;
    const answer = await fetch(`${observed.url}/api/shops/42?q=secret-query`, {
      headers: { 'X-Request-Id': 'gateway-12345678', Cookie: 'atm.sid=secret-cookie' },
    });
    expect(answer.headers.get(REQUEST_ID_HEADER)).toBe('gateway-12345678');
    await closed();
    expect(observed.lines).toHaveLength(1);
    const { time, durationMs, ...line } = observed.lines[0];
    expect(typeof time).toBe('string');
    expect(typeof durationMs).toBe('number');
    // No request or response object: nothing of the headers, query or body can reach the line.
    expect(line).toEqual({
      level: 'info',
      pid: process.pid,
      hostname: expect.any(String),
      requestId: 'gateway-12345678',
      method: 'GET',
      path: '/api/shops/42',
      route: '/api/shops/:id',
      status: 204,
      msg: 'request completed',
    });
  });

  it('logs 4xx as warn and 5xx as error with an error', async () => {
    const observed = await observedApp((request, response) => {
      markRoute(request, '(test)');
      response.status(request.path === '/missing' ? 404 : 503).end();
    });
    server = observed.server;
    await fetch(`${observed.url}/missing`);
    await fetch(`${observed.url}/down`);
    await closed();
    expect(observed.lines).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'request completed', status: 404, route: '(test)' }),
      expect.objectContaining({
        level: 'error',
        msg: 'request failed',
        status: 503,
        err: expect.objectContaining({ message: 'failed with status code 503' }),
      }),
    ]);
  });

  it('gives the lines written while handling the request its id, and makes one up when none is sent', async () => {
    const observed = await observedApp((request, response) => {
      request.log.info('inside the handler');
      response.end();
    });
    server = observed.server;
    const answer = await fetch(`${observed.url}/`, { headers: { 'X-Request-Id': 'bad id {"x":1}' } });
    await closed();
    const id = answer.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(observed.lines.map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
      { msg: 'inside the handler', requestId: id },
      { msg: 'request completed', requestId: id },
    ]);
  });

  it('counts and times each request by method, route template and status', async () => {
    const observed = await observedApp((_request, response) => void response.json({}));
    server = observed.server;
    await fetch(`${observed.url}/api/shops/1`);
    await fetch(`${observed.url}/api/shops/2`);
    await closed();
    const text = await observed.metrics.registry.metrics();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/shops\/:id",status="200"\} 2/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/shops\/:id",status="200"\} 2/,
    );
  });
});
