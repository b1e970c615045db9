import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ITEMS_PER_TURN } from '../common/encoded-document.js';
import { inTurn } from '../common/event-loop-turns.js';

/** A value as JSON.stringify(value, null, 2) writes it `depth` levels down (in a list: null for undefined). */
const indented = (value: unknown, depth: number): string =>
  (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);

/**
 * The pieces of JSON.stringify(document, null, 2), the same bytes, with each long list written
 * a slice per turn of the event loop. At 10,000 shops the document is about 11 MB: built in one
 * piece it was a string and a buffer of that size, garbage once sent, and 0.2-0.7 s of the loop.
 */
export async function* dataBackupJson(
  head: Record<string, unknown>,
  lists: Record<string, readonly unknown[]>,
): AsyncGenerator<string> {
  // Whether a field has been written, so the next one follows a comma.
  let written = Object.keys(head).length > 0;
  // The head's own fields, without its closing brace.
  yield written ? indented(head, 0).slice(0, -2) : '{';
  for (const [name, items] of Object.entries(lists)) {
    const key = `${written ? ',' : ''}\n  ${JSON.stringify(name)}: `;
    written = true;
    if (!items.length) {
      yield `${key}[]`;
      continue;
    }
    yield `${key}[`;
    for (let start = 0; start < items.length; start += ITEMS_PER_TURN) {
      yield await inTurn(() =>
        items
          .slice(start, start + ITEMS_PER_TURN)
          .map((item, index) => `${start + index ? ',' : ''}\n    ${indented(item, 2)}`)
          .join(''),
      );
    }
    yield '\n  ]';
  }
  yield written ? '\n}' : '}';
}

/**
 * Writes the data-only backup's JSON to `out` (an HTTP response), waiting for it to take each
 * piece. `beforeLast` gets the document's size in bytes and runs before its last piece is
 * written, so a client that has the whole file also finds it recorded. Rejects when `out`
 * closes before the end.
 */
export async function writeDataBackupJson(
  out: Writable,
  head: Record<string, unknown>,
  lists: Record<string, readonly unknown[]>,
  beforeLast: (bytes: number) => Promise<void>,
): Promise<void> {
  await pipeline(
    dataBackupJson(head, lists),
    async function* lastHeldBack(pieces: AsyncIterable<string>) {
      let bytes = 0;
      let held: Buffer | undefined;
      for await (const piece of pieces) {
        if (held) yield held;
        held = Buffer.from(piece);
        bytes += held.length;
      }
      await beforeLast(bytes);
      if (held) yield held;
    },
    out,
  );
}
