import type { ServerResponse } from 'node:http';

/**
 * Whether this replica is stopping, and the responses it owes. Once draining, readiness is 503
 * and every response closes its connection, so keep-alive connections end with their last request.
 */
export class ShutdownState {
  /** Set by startDraining only. */
  draining = false;
  private readonly inFlight = new Set<ServerResponse>();

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  startDraining(): void {
    this.draining = true;
    for (const response of this.inFlight) {
      if (!response.headersSent) response.setHeader('Connection', 'close');
    }
  }

  track(response: ServerResponse): void {
    this.inFlight.add(response);
    if (this.draining && !response.headersSent) response.setHeader('Connection', 'close');
    response.once('close', () => this.inFlight.delete(response));
  }

  /** Responses still in flight when the grace period ran out: their connections are cut. */
  abortInFlight(): void {
    for (const response of this.inFlight) response.destroy();
  }
}
