import { afterEach, describe, expect, it } from '@jest/globals';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { AppMetrics } from './metrics.js';
import {
  bindRequestLogger,
  createAppLogger,
  observeRequests,
  REQUEST_ID_HEADER,
} from './request-observer.js';
import { ShutdownState } from './shutdown-state.js';

type Handler = (request: IncomingMessage & { log?: Logger }, response: ServerResponse) => void;

/** A real HTTP server observed as the app's is, with its log lines captured. */
async function observedServer(handler: Handler) {
  const lines: Record<string, unknown>[] = [];
  const logger = createAppLogger(
    { logFormat: 'json', logLevel: 'info', metricsHost: '127.0.0.1', shutdownGraceSeconds: 1 },
    { write: (chunk: string) => void lines.push(JSON.parse(chunk) as Record<string, unknown>) },
  );
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<Logger['child']>) => (children++, child(...args))) as Logger['child'];
  const server = createServer(handler);
  observeRequests(server, { logger, metrics: new AppMetrics(), shutdown: new ShutdownState() });
  // Children made from here on are made per request (children of children count too: they
  // find this `child` on their prototype chain).
  const atStart = children;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, lines, childrenPerRequest: () => children - atStart, logger };
}

let server: Server | undefined;
afterEach(() => {
  server?.close();
});

describe('observeRequests', () => {
  it('writes one line per request with its id, and makes no child logger for it', async () => {
    const observed = await observedServer((_request, response) => response.writeHead(204).end());
    server = observed.server;
    const answer = await fetch(`${observed.url}/api/shops?q=secret-query`, {
      headers: { 'X-Request-Id': 'gateway-12345678' },
    });
    expect(answer.headers.get(REQUEST_ID_HEADER)).toBe('gateway-12345678');
    await new Promise((resolve) => setImmediate(resolve));
    expect(observed.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'request completed',
        requestId: 'gateway-12345678',
        method: 'GET',
        path: '/api/shops',
        status: 204,
        durationMs: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(observed.lines)).not.toContain('secret-query');
    expect(observed.childrenPerRequest()).toBe(0);
  });

  it('logs 4xx as warn and 5xx as error with an error', async () => {
    const observed = await observedServer((request, response) =>
      response.writeHead(request.url === '/missing' ? 404 : 503).end(),
    );
    server = observed.server;
    await fetch(`${observed.url}/missing`);
    await fetch(`${observed.url}/down`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(observed.lines).toEqual([
      expect.objectContaining({ level: 'warn', msg: 'request completed', status: 404 }),
      expect.objectContaining({
        level: 'error',
        msg: 'request failed',
        status: 503,
        err: expect.objectContaining({ message: 'failed with status code 503' }),
      }),
    ]);
  });

  it('gives the lines written while handling the request its id, through bindRequestLogger', async () => {
    const observed: Awaited<ReturnType<typeof observedServer>> = await observedServer((request, response) =>
      bindRequestLogger(observed.logger)(request, response, () => {
        request.log!.info('inside the handler');
        response.end();
      }),
    );
    server = observed.server;
    const answer = await fetch(observed.url);
    await new Promise((resolve) => setImmediate(resolve));
    const id = answer.headers.get(REQUEST_ID_HEADER);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(observed.lines.map(({ msg, requestId }) => ({ msg, requestId }))).toEqual([
      { msg: 'inside the handler', requestId: id },
      { msg: 'request completed', requestId: id },
    ]);
  });
});
