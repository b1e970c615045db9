import { JSONParser } from '@streamparser/json';
import { setImmediate } from 'node:timers/promises';

/** Bytes parsed between two turns of the event loop (a few ms of work). */
const SLICE_BYTES = 64 * 1024;

/**
 * JSON.parse for a large document, a slice of its bytes per turn of the event loop: a backup's
 * shops.json of 10,000 shops (10 MB) and its manifest (5 MB) held the loop 0.1-0.2 s each in one
 * piece. @streamparser/json builds the value as the bytes come (about twice JSON.parse's time in
 * all, never more than a few ms at once) without the 10 MB string JSON.parse needs first.
 * Throws a SyntaxError-like error for invalid or incomplete JSON, as JSON.parse does.
 */
export async function parseJsonInTurns(bytes: Buffer): Promise<unknown> {
  if (bytes.length <= SLICE_BYTES) return JSON.parse(bytes.toString('utf8'));
  const parser = new JSONParser({ paths: ['$'], keepStack: false });
  let parsed: { value: unknown } | undefined;
  parser.onValue = ({ value, stack }) => {
    if (stack.length === 0) parsed = { value };
  };
  await writeInTurns(parser, bytes);
  // A complete document has ended the parser already; end() reports what is missing otherwise.
  if (!parsed) parser.end();
  if (!parsed) throw new SyntaxError('Unexpected end of JSON input');
  return parsed.value;
}

/** Thrown by parseJsonListInTurns when the list has more items than it may. */
export class TooManyItems extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} items`);
  }
}

/**
 * parseJsonInTurns for a document that should be a list of at most `maxItems` items: it stops at
 * the item past the limit (TooManyItems), so an oversized list is refused after parsing only
 * that much of it. A document that is not a list is parsed whole, for the caller to refuse.
 */
export async function parseJsonListInTurns(bytes: Buffer, maxItems: number): Promise<unknown> {
  const start = bytes.findIndex((byte) => !JSON_WHITESPACE.has(byte));
  if (bytes[start] !== OPEN_BRACKET || bytes.length <= SLICE_BYTES) {
    const value = await parseJsonInTurns(bytes);
    if (Array.isArray(value) && value.length > maxItems) throw new TooManyItems(maxItems);
    return value;
  }
  // Each item as it ends ('$.*'), kept here; keepStack: false lets the parser drop its own copy.
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  const items: unknown[] = [];
  parser.onValue = ({ value }) => {
    if (items.push(value) > maxItems) throw new TooManyItems(maxItems);
  };
  await writeInTurns(parser, bytes);
  if (!parser.isEnded) parser.end();
  return items;
}

/** Gives the parser the bytes a slice per turn of the event loop. */
async function writeInTurns(parser: JSONParser, bytes: Buffer): Promise<void> {
  for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
    if (start > 0) await setImmediate();
    parser.write(bytes.subarray(start, start + SLICE_BYTES));
  }
}

const JSON_WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
const OPEN_BRACKET = 0x5b;
