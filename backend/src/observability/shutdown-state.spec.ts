import { afterEach, describe, expect, it } from '@jest/globals';
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import { ShutdownState } from './shutdown-state.js';

/** A server whose every response waits until the test ends it; counted by `state` as trackRequests does. */
async function holdingServer(state: ShutdownState) {
  const held: ServerResponse[] = [];
  const arrived: (() => void)[] = [];
  const server = createServer((_request, response) => {
    state.begun(response);
    response.once('close', () => state.ended());
    held.push(response);
    for (const wake of arrived.splice(0)) wake();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const get = () =>
    new Promise<{ status?: number; connection?: string; error?: string }>((resolve) => {
      request({ port, host: '127.0.0.1' }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode, connection: response.headers.connection }),
        );
      })
        .on('error', (error) => resolve({ error: error.message }))
        .end();
    });
  const nextArrival = () => new Promise<void>((resolve) => arrived.push(resolve));
  return { server, held, get, nextArrival };
}

describe('ShutdownState', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  /** A holding server tracked by a fresh state, with one request arrived and not yet answered. */
  async function oneInFlight() {
    const state = new ShutdownState();
    const holding = await holdingServer(state);
    server = holding.server;
    const arrival = holding.nextArrival();
    const answer = holding.get();
    await arrival;
    return { state, holding, answer };
  }

  it('counts the responses in flight, and closes the connection of every one begun once draining', async () => {
    const { state, holding, answer } = await oneInFlight();
    expect(state.inFlightCount).toBe(1);
    state.startDraining();
    expect(state.draining).toBe(true);
    // Begun before the drain: kept alive, its connection is left to main.ts's idle sweep.
    holding.held[0].end('done');
    expect(await answer).toEqual({ status: 200, connection: 'keep-alive' });

    const later = holding.nextArrival();
    const laterAnswer = holding.get();
    await later;
    expect(state.inFlightCount).toBe(1);
    holding.held[1].end('done');
    expect(await laterAnswer).toEqual({ status: 200, connection: 'close' });
    expect(state.inFlightCount).toBe(0);
  });

  it('stops counting a response whose connection went before it was sent', async () => {
    const { state, holding, answer } = await oneInFlight();
    const closed = new Promise<void>((resolve) => holding.held[0].once('close', () => resolve()));
    holding.server.closeAllConnections();
    expect((await answer).error).toBeDefined();
    await closed;
    expect(state.inFlightCount).toBe(0);
  });
});
