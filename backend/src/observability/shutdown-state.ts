import type { ServerResponse } from 'node:http';

/**
 * Whether this replica is stopping, and the responses it owes. Once draining, readiness is 503
 * and every response closes its connection, so keep-alive connections end with their last request.
 */
export class ShutdownState {
  private stopping = false;
  private readonly inFlight = new Set<ServerResponse>();

  get draining(): boolean {
    return this.stopping;
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  startDraining(): void {
    this.stopping = true;
    for (const response of this.inFlight) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
  }

  track(response: ServerResponse): void {
    this.inFlight.add(response);
    if (this.stopping && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => this.inFlight.delete(response));
  }

  /** Responses still in flight when the grace period ran out: their connections are cut. */
  abortInFlight(): void {
    for (const response of this.inFlight) response.destroy();
  }
}
