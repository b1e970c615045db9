import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, createGunzip, gzip, gzipSync } from 'node:zlib';

// Documents served many times (the catalogue, a listing page, a rendered page, the sitemap):
// compressed once, sent in the encoding each client takes, with a strong ETag and 304.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64url');

/** The ETag of a document whose bytes have this SHA-256 (base64url): its first 32 characters. */
const strongEtag = (digest: string) => `"${digest.slice(0, 32)}"`;

/** One document (JSON, XML...), compressed once, served many times. */
export interface EncodedDocument {
  /** The uncompressed bytes; absent from a large document kept compressed only. */
  identity?: Buffer;
  identityLength: number;
  gzip: Buffer;
  brotli: Buffer;
  /** Strong ETag of the uncompressed bytes. */
  etag: string;
  contentType: string;
}

/**
 * Compresses in zlib's thread pool at brotli 5, far faster than 9 for a slightly larger body.
 * `compressedOnly`: a large document, which browsers take compressed (sendDocument inflates for the rest).
 */
export async function encodeBytes(
  bytes: Buffer,
  contentType: string,
  { compressedOnly = false } = {},
): Promise<EncodedDocument> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotliAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ]);
  return {
    ...(compressedOnly ? {} : { identity: bytes }),
    identityLength: bytes.length,
    gzip: gzipped,
    brotli,
    etag: strongEtag(sha256Of(bytes)),
    contentType,
  };
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** encodeBytes for a small document (one shop), on the spot: too small to be worth the thread pool. */
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

type Variant = 'notModified' | 'br' | 'gzip' | 'identity';

/** The best encoding a request accepts: brotli, then gzip, else the bytes as they are. */
function preferredEncoding(request: IncomingMessage): 'br' | 'gzip' | 'identity' {
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

/** The bytes of one encoding (sendDocument inflates a missing identity form). */
const bodyOf = (document: EncodedDocument, variant: Exclude<Variant, 'notModified'>): Buffer =>
  variant === 'br' ? document.brotli : variant === 'gzip' ? document.gzip : document.identity!;

/**
 * The best encoding the client accepts, or 304 when its copy is current (no-cache: clients revalidate).
 * `end()` carries the body so compression's wrapper sees its length; a 404 page is never a 304.
 */
export function sendDocument(
  request: IncomingMessage,
  response: ServerResponse,
  document: EncodedDocument,
  status = 200,
): void {
  const ifNoneMatch = request.headers['if-none-match'];
  const current =
    status === 200 &&
    !!ifNoneMatch &&
    (ifNoneMatch === document.etag ||
      ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === document.etag));
  const variant: Variant = current ? 'notModified' : preferredEncoding(request);
  const headers = headersOf(document, variant);
  response.statusCode = current ? 304 : status;
  for (let i = 0; i < headers.length; i += 2) response.setHeader(headers[i], headers[i + 1]);
  if (variant === 'notModified' || request.method === 'HEAD') response.end();
  else if (variant === 'identity' && !document.identity) sendInflated(response, document.gzip);
  else response.end(bodyOf(document, variant));
}

/** A document kept compressed only, inflated as it streams out: inflated whole, it would block the loop. */
function sendInflated(response: ServerResponse, gzipped: Buffer): void {
  const inflate = createGunzip();
  pipeline(inflate, response, (error) => {
    if (error) response.destroy(error);
  });
  inflate.end(gzipped);
}
