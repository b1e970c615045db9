import type { ServerResponse } from 'node:http';

/**
 * Whether this replica is stopping, and how many responses it owes. Once draining, readiness is 503
 * and every response begun from then on closes its connection; the connections of responses already
 * under way are closed by main.ts's idle sweep once they end, and cut when the grace period is over.
 *
 * A count, not a set of the responses: keeping each response in a Set until it closed doubled the
 * garbage collector's share of a small public answer's busy time (15% to 29%) and cost it an eighth
 * to a quarter of its rate (bench/RESULTS.md, 2026-11-30).
 */
export class ShutdownState {
  /** Set by startDraining only. */
  draining = false;
  private responsesInFlight = 0;

  get inFlightCount(): number {
    return this.responsesInFlight;
  }

  startDraining(): void {
    this.draining = true;
  }

  /** A response begins; `ended` must follow when it closes (sent, or its connection gone). */
  begun(response: ServerResponse): void {
    this.responsesInFlight++;
    if (this.draining) response.setHeader('Connection', 'close');
  }

  ended(): void {
    this.responsesInFlight--;
  }
}
