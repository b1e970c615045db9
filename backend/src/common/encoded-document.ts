import { createHash, type Hash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createGunzip,
  gunzip,
  gzip,
  gzipSync,
} from 'node:zlib';
import { inTurn } from './event-loop-turns.js';

/*
 * Documents served many times (the public catalogue, a listing page, a rendered page, the
 * sitemap): serialised and compressed once, then sent in the encoding each client takes, with
 * a strong ETag and 304 while its copy is current.
 */

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/** The ETag of a document whose bytes have this SHA-256 (base64url): its first 32 characters. */
const strongEtag = (digest: string) => `"${digest.slice(0, 32)}"`;

/** One document (JSON, XML...), compressed once, served many times. */
export interface EncodedDocument {
  /**
   * The uncompressed bytes; absent from a large document kept compressed only (identityOf
   * inflates its gzip form for the rare reader that needs them).
   */
  identity?: Buffer;
  /** The length of the uncompressed bytes, kept or not. */
  identityLength: number;
  gzip: Buffer;
  brotli: Buffer;
  /** Strong ETag of the uncompressed bytes. */
  etag: string;
  contentType: string;
}

/**
 * Compresses off the main thread (zlib's thread pool), so a rebuild after a write does not
 * stall other requests. Brotli quality 5 is ~10x faster than 9 on the 1,000 shop list for a
 * 5% larger body (bench/FINDINGS.md).
 */
export async function encodeBytes(
  bytes: Buffer,
  contentType: string,
  options: {
    /** The SHA-256 of `bytes`, when the caller already has it (see jsonInSlices). */
    digest?: string;
    /**
     * Keep the compressed forms only, for a large document (a rendered page, the whole shop
     * list): browsers and crawlers take brotli or gzip, and identityOf inflates for the rest.
     */
    compressedOnly?: boolean;
  } = {},
): Promise<EncodedDocument> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotliAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ]);
  return {
    ...(options.compressedOnly ? {} : { identity: bytes }),
    identityLength: bytes.length,
    gzip: gzipped,
    brotli,
    etag: strongEtag(options.digest ?? sha256Of(bytes)),
    contentType,
  };
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** encodeBytes for a small document (one shop, about 1 KB): on the spot, in well under a ms. */
export function encodeSmallBytes(bytes: Buffer, contentType: string): EncodedDocument {
  return {
    identity: bytes,
    identityLength: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    etag: strongEtag(sha256Of(bytes)),
    contentType,
  };
}

/** Items serialised per turn of the event loop (a shop is about 1 KB of JSON). */
export const ITEMS_PER_TURN = 250;

/**
 * A long list as JSON, the same bytes as JSON.stringify, written in slices that each take a turn
 * of the event loop of its own (inTurn): at 10,000 shops the whole list is 10 MB of JSON, a few
 * hundred ms of the loop in one piece.
 */
export async function jsonInSlices(items: readonly unknown[], hash?: Hash): Promise<Buffer> {
  const parts: Buffer[] = [];
  // Each slice is encoded (and hashed, for the ETag) in its own turn too.
  const append = (text: string) => {
    const bytes = Buffer.from(text);
    hash?.update(bytes);
    parts.push(bytes);
  };
  append('[');
  for (let start = 0; start < items.length; start += ITEMS_PER_TURN) {
    const slice = items.slice(start, start + ITEMS_PER_TURN);
    await inTurn(() => append(`${start ? ',' : ''}${JSON.stringify(slice).slice(1, -1)}`));
  }
  append(']');
  return joinInTurns(parts);
}

/**
 * One buffer of `parts`, a part copied per turn of the event loop: Buffer.concat of the 10 MB
 * list held the loop 55 ms in one piece in the stall bench (bench/FINDINGS.md, round 16).
 * Every byte of the unfilled allocation is written by the copies.
 */
async function joinInTurns(parts: readonly Buffer[]): Promise<Buffer> {
  const joined = Buffer.allocUnsafe(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    const at = offset;
    offset += part.length;
    await inTurn(() => part.copy(joined, at));
  }
  return joined;
}

/** A document's uncompressed bytes, inflated off the event loop when it is kept compressed only. */
export async function identityOf(document: EncodedDocument): Promise<Buffer> {
  return document.identity ?? gunzipAsync(document.gzip);
}

type Variant = 'notModified' | 'br' | 'gzip' | 'identity';

/** The best encoding a request accepts: brotli, then gzip, else the bytes as they are. */
export function preferredEncoding(request: IncomingMessage): 'br' | 'gzip' | 'identity' {
  const accepted = request.headers['accept-encoding'] ?? '';
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

/** The headers of one answer with a document (besides helmet's). */
function headersOf(document: EncodedDocument, variant: Variant): string[] {
  const headers = [
    'Content-Type',
    document.contentType,
    'ETag',
    document.etag,
    'Cache-Control',
    'no-cache',
    'Vary',
    'Accept-Encoding',
  ];
  if (variant === 'notModified') return headers;
  if (variant !== 'identity') headers.push('Content-Encoding', variant);
  headers.push(
    'Content-Length',
    String(variant === 'identity' ? document.identityLength : bodyOf(document, variant).length),
  );
  return headers;
}

/** The bytes of one encoding (sendDocument inflates a missing identity form as it sends it). */
const bodyOf = (document: EncodedDocument, variant: Exclude<Variant, 'notModified'>): Buffer =>
  variant === 'br' ? document.brotli : variant === 'gzip' ? document.gzip : document.identity!;

/** The fast path's complete header lists, built once per document and answer. */
const complete = new WeakMap<
  EncodedDocument,
  { securityHeaders: readonly string[]; lists: Partial<Record<Variant, string[]>> }
>();

function completeHeaders(
  document: EncodedDocument,
  variant: Variant,
  securityHeaders: readonly string[],
): string[] {
  let entry = complete.get(document);
  if (entry?.securityHeaders !== securityHeaders) {
    entry = { securityHeaders, lists: {} };
    complete.set(document, entry);
  }
  return (entry.lists[variant] ??= [...securityHeaders, ...headersOf(document, variant)]);
}

/**
 * Sends a pre-serialised document in the best encoding the client accepts, or 304 when
 * its copy is current. Clients revalidate every time (no-cache), which costs only the ETag.
 *
 * With `securityHeaders` (name, value, ...: the bare response of the fast path) every header
 * is written at once; without (the Express path) they are added to those helmet already set,
 * and `end()` carries the body so that compression's wrapper sees its length.
 */
export function sendDocument(
  request: IncomingMessage,
  response: ServerResponse,
  document: EncodedDocument,
  securityHeaders?: readonly string[],
): void {
  let variant: Variant = 'notModified';
  const ifNoneMatch = request.headers['if-none-match'];
  if (
    !ifNoneMatch ||
    (ifNoneMatch !== document.etag &&
      !ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === document.etag))
  ) {
    variant = preferredEncoding(request);
  }
  const status = variant === 'notModified' ? 304 : 200;
  if (securityHeaders) response.writeHead(status, completeHeaders(document, variant, securityHeaders));
  else {
    const headers = headersOf(document, variant);
    response.statusCode = status;
    for (let i = 0; i < headers.length; i += 2) response.setHeader(headers[i], headers[i + 1]);
  }
  if (variant === 'notModified' || request.method === 'HEAD') response.end();
  else if (variant === 'identity' && !document.identity) sendInflated(response, document.gzip);
  else response.end(bodyOf(document, variant));
}

/**
 * A document kept compressed only, inflated as it is sent, a chunk at a time. Inflated into one
 * buffer first, the 10 MB list held the event loop 50-130 ms per request (joining the inflated
 * chunks, and the collection 10 MB more called for: bench/FINDINGS.md, round 16).
 */
function sendInflated(response: ServerResponse, gzipped: Buffer): void {
  const inflate = createGunzip();
  pipeline(inflate, response, (error) => {
    if (error) response.destroy(error);
  });
  inflate.end(gzipped);
}
