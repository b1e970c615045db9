import type { MessagePort } from 'node:worker_threads';
import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { bufferOf } from '../common/cloned-bytes.js';

/** Pieces a worker may send before the web server's thread has taken the first of them. */
const PIECES_IN_FLIGHT = 8;

type ToServer = Uint8Array | 'end';
type ToWorker = 'ack' | 'abort';

/**
 * The worker's end of a download: each piece is handed over through `port` (relayToResponse), and
 * the stream waits while PIECES_IN_FLIGHT are not taken, so a slow client holds the backup back.
 */
export class PortWritable extends Writable {
  private unacknowledged = 0;
  private waiting?: () => void;

  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (message: ToWorker) => {
      if (message === 'abort') {
        this.destroy(new Error('The output closed before the backup was complete'));
        return;
      }
      this.unacknowledged--;
      const resume = this.waiting;
      this.waiting = undefined;
      resume?.();
    });
    port.once('close', () => {
      if (!this.writableFinished) this.destroy(new Error('The output closed before the backup was complete'));
    });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // A copy of its own: a piece may be a slice of a larger buffer, which cannot be handed over.
    const own = new Uint8Array(chunk);
    this.port.postMessage(own satisfies ToServer, [own.buffer]);
    if (++this.unacknowledged < PIECES_IN_FLIGHT) callback();
    else this.waiting = () => callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.port.postMessage('end' satisfies ToServer);
    callback();
  }
}

/**
 * The server's end, writing to `output` as it has room. `beforeLast` gets the size before the last piece,
 * so a client with the whole file finds it recorded. When `task` fails or `output` closes, the worker stops.
 */
export async function relayToResponse(
  port: MessagePort,
  output: Writable,
  task: Promise<unknown>,
  beforeLast?: (bytes: number) => Promise<void>,
): Promise<void> {
  let held: Buffer | undefined;
  let bytes = 0;
  const take = (piece: Buffer) => {
    if (output.write(piece)) port.postMessage('ack' satisfies ToWorker);
    else output.once('drain', () => port.postMessage('ack' satisfies ToWorker));
  };
  const closedEarly = () => {
    if (!output.writableFinished) port.postMessage('abort' satisfies ToWorker);
  };
  output.on('close', closedEarly);
  try {
    await new Promise<void>((resolve, reject) => {
      task.catch(reject);
      output.once('error', reject);
      output.once('close', () => {
        if (!output.writableFinished) reject(new Error('The output closed before the backup was complete'));
      });
      port.on('message', (message: ToServer) => {
        if (message === 'end') return resolve();
        const piece = bufferOf(message);
        bytes += piece.length;
        if (!beforeLast) return take(piece);
        // One piece held back for the end; the one before it goes out.
        if (held) take(held);
        else port.postMessage('ack' satisfies ToWorker);
        held = piece;
      });
    });
    await beforeLast?.(bytes);
    output.end(held);
    await finished(output);
  } finally {
    output.off('close', closedEarly);
    port.close();
  }
}
