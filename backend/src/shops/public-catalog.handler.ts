import { Injectable } from '@nestjs/common';
import { createHash, type Hash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gunzip, gzip, gzipSync } from 'node:zlib';
import { UUID_PATTERN } from 'contract';
import { inTurn } from '../common/event-loop-turns.js';
import { markRoute, REQUEST_ID_HEADER } from '../observability/request-observer.js';
import type { PublicListing } from './public-listing.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);
const brotliAsync = promisify(brotliCompress);

/** One document (JSON, XML...), compressed once, served many times. */
export interface EncodedDocument {
  /**
   * The uncompressed bytes; absent from a large document kept compressed only (identityOf
   * inflates its gzip form for the rare reader that needs them).
   */
  identity?: Buffer;
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
  /** The SHA-256 of `bytes`, when the caller already has it (see jsonInSlices). */
  digest?: string,
): Promise<EncodedDocument> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: 9 }),
    brotliAsync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ]);
  return {
    identity: bytes,
    gzip: gzipped,
    brotli,
    etag: `"${(digest ?? createHash('sha256').update(bytes).digest('base64url')).slice(0, 32)}"`,
    contentType,
  };
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** encodeBytes for a small document (one shop, about 1 KB): on the spot, in well under a ms. */
function encodeSmallBytes(bytes: Buffer, contentType: string): EncodedDocument {
  return {
    identity: bytes,
    gzip: gzipSync(bytes, { level: 9 }),
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`,
    contentType,
  };
}

/** One-shop documents kept per catalogue version; the oldest go first beyond this many. */
const CACHED_SHOP_DOCUMENTS = 2_000;

/** A value as JSON, serialised once (see encodeBytes). */
const encodeDocument = (value: unknown): Promise<EncodedDocument> =>
  encodeBytes(Buffer.from(JSON.stringify(value)), 'application/json; charset=utf-8');

/** Items serialised per turn of the event loop (a shop is about 1 KB of JSON). */
const ITEMS_PER_TURN = 250;

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
  return Buffer.concat(parts);
}

/** A document's uncompressed bytes, inflated off the event loop when it is kept compressed only. */
export async function identityOf(document: EncodedDocument): Promise<Buffer> {
  return document.identity ?? gunzipAsync(document.gzip);
}

/**
 * A long list as a document (see jsonInSlices and encodeBytes), kept compressed only: browsers
 * take brotli or gzip, and at 10,000 shops the uncompressed list alone is 10 MB.
 */
async function encodeList(items: readonly unknown[]): Promise<EncodedDocument> {
  const hash = createHash('sha256');
  const bytes = await jsonInSlices(items, hash);
  const { identity: _identity, ...compressed } = await encodeBytes(
    bytes,
    JSON_TYPE,
    hash.digest('base64url'),
  );
  return compressed;
}

/** The documents of the public catalogue routes, ready to send. */
export interface EncodedCatalog {
  shops: EncodedDocument;
  categories: EncodedDocument;
  cities: EncodedDocument;
  states: EncodedDocument;
}

type Encoding = EncodedCatalog | Promise<EncodedCatalog>;

/**
 * The catalogue of ShopsService as HTTP bodies: each catalogue object (one per data version)
 * is serialised and compressed once, by whichever request first needs it, and forgotten with
 * it when the data moves on.
 */
@Injectable()
export class PublicCatalog {
  private readonly encodings = new WeakMap<ShopCatalog, Encoding>();
  private readonly shopDocuments = new WeakMap<ShopCatalog, Map<string, EncodedDocument>>();

  constructor(private readonly shops: ShopsService) {}

  /** As of the current data version; no promise when both the data and its encoding are ready. */
  now(): Encoding {
    const catalog = this.shops.catalogNow();
    return catalog instanceof Promise ? catalog.then((ready) => this.encode(ready)) : this.encode(catalog);
  }

  /**
   * One shop as `GET /api/shops/{id}` answers it, as of the current data version (undefined: no
   * such shop). Serialised and compressed on its first request per version, then kept with it.
   */
  shopNow(id: string): EncodedDocument | undefined | Promise<EncodedDocument | undefined> {
    const catalog = this.shops.catalogNow();
    return catalog instanceof Promise
      ? catalog.then((ready) => this.shopDocument(ready, id))
      : this.shopDocument(catalog, id);
  }

  private shopDocument(catalog: ShopCatalog, id: string): EncodedDocument | undefined {
    let documents = this.shopDocuments.get(catalog);
    const known = documents?.get(id);
    if (known) return known;
    const shop = catalog.byId.get(id);
    if (!shop) return undefined;
    if (!documents) this.shopDocuments.set(catalog, (documents = new Map()));
    if (documents.size >= CACHED_SHOP_DOCUMENTS) documents.delete(documents.keys().next().value!);
    const document = encodeSmallBytes(Buffer.from(JSON.stringify(shop)), JSON_TYPE);
    documents.set(id, document);
    return document;
  }

  private encode(catalog: ShopCatalog): Encoding {
    const known = this.encodings.get(catalog);
    if (known) return known;
    const encoding = Promise.all([
      encodeList(catalog.shops),
      ...[catalog.categories, catalog.cities, catalog.states].map(encodeDocument),
    ]).then(
      ([shops, categories, cities, states]) => {
        const encoded = { shops, categories, cities, states };
        this.encodings.set(catalog, encoded);
        return encoded;
      },
      (error: unknown) => {
        this.encodings.delete(catalog);
        throw error;
      },
    );
    this.encodings.set(catalog, encoding);
    return encoding;
  }
}

type Variant = 'notModified' | 'br' | 'gzip' | 'identity';

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
  headers.push('Content-Length', String(bodyOf(document, variant).length));
  return headers;
}

/** The bytes of one encoding (sendDocument inflates a missing identity form first). */
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
    const accepted = request.headers['accept-encoding'] ?? '';
    variant = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
  }
  if (variant === 'identity' && !document.identity) {
    // Kept compressed only: this one answer carries the inflated bytes.
    identityOf(document).then(
      (identity) => sendDocument(request, response, { ...document, identity }, securityHeaders),
      (error: unknown) => response.destroy(error as Error),
    );
    return;
  }
  const status = variant === 'notModified' ? 304 : 200;
  const body = variant === 'notModified' || request.method === 'HEAD' ? undefined : bodyOf(document, variant);
  if (securityHeaders) {
    response.writeHead(status, completeHeaders(document, variant, securityHeaders)).end(body);
    return;
  }
  const headers = headersOf(document, variant);
  response.statusCode = status;
  for (let i = 0; i < headers.length; i += 2) response.setHeader(headers[i], headers[i + 1]);
  response.end(body);
}

type DocumentName = keyof EncodedCatalog;

/** The public catalogue routes and the document of the catalogue each one serves. */
const DOCUMENTS = new Map<string, DocumentName>([
  ['/api/shops', 'shops'],
  ['/api/shops/categories', 'categories'],
  ['/api/shops/cities', 'cities'],
  ['/api/shops/states', 'states'],
]);

const SHOP_PATH_PREFIX = '/api/shops/';
const LISTING_PATH = '/api/shops/listing';

/** What a fast-path request asks for. */
type Wanted = DocumentName | { shop: string } | { listing: string };

/**
 * The document a GET or HEAD of one of the public catalogue routes asks for, if any: a document
 * of the catalogue, one shop (`/api/shops/<id>`, the id spelt as the server writes it; other
 * spellings go to the Nest route), or a page of the listing (its query string).
 */
function documentOf(request: IncomingMessage): Wanted | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = request.url ?? '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const name = DOCUMENTS.get(path);
  if (name) {
    markRoute(request, path);
    return name;
  }
  if (path === LISTING_PATH) {
    markRoute(request, path);
    return { listing: query === -1 ? '' : url.slice(query + 1) };
  }
  const id = path.startsWith(SHOP_PATH_PREFIX) ? path.slice(SHOP_PATH_PREFIX.length) : '';
  if (!UUID_PATTERN.test(id)) return undefined;
  markRoute(request, '/api/shops/:id');
  return { shop: id };
}

/**
 * The hot path of the public directory: `GET /api/shops`, its category, city and state lists,
 * one shop, and the listing's pages. These documents are pre-serialised and pre-compressed,
 * need no cookie, no body and no compression, so they skip Express and Nest altogether:
 *
 * - `middleware` sits in the Express chain right after helmet and serves them there; on the
 *   first such request it records the headers helmet set (the only ones set at that point).
 * - `listener` wraps the HTTP server's request listener (Express): once those headers are
 *   known it answers these routes itself with exactly them, before Express sees the request.
 *
 * The data version is still read from the database on every request (see DataVersionReader),
 * so a write on any instance shows on the very next read. Anything else, other spellings of
 * these paths, and any failure go to Express, and so to the Nest controller, which keeps the
 * same routes (and their Swagger documentation) and answers errors as usual.
 */
export class PublicCatalogRoutes {
  /** helmet's headers, flat (name, value, ...), learnt from the first response it made. */
  private securityHeaders?: string[];

  constructor(
    private readonly catalog: PublicCatalog,
    private readonly listing: PublicListing,
  ) {}

  readonly middleware = (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const name = documentOf(request);
    if (!name) return next();
    // getRawHeaderNames (Node >= 15.13) keeps helmet's spelling; @types/node lacks it.
    // Not the request id: it is this request's own, set on every response (request-observer.ts).
    this.securityHeaders ??= (response as ServerResponse & { getRawHeaderNames(): string[] })
      .getRawHeaderNames()
      .filter((header) => header.toLowerCase() !== REQUEST_ID_HEADER.toLowerCase())
      .flatMap((header) => [header, String(response.getHeader(header))]);
    this.serve(request, response, name, undefined, next);
  };

  listener(express: RequestListener): RequestListener {
    return (request, response) => {
      const name = this.securityHeaders && documentOf(request);
      if (!name || !this.securityHeaders) return void express(request, response);
      this.serve(request, response, name, this.securityHeaders, () => void express(request, response));
    };
  }

  private serve(
    request: IncomingMessage,
    response: ServerResponse,
    name: Wanted,
    securityHeaders: readonly string[] | undefined,
    fallback: () => void,
  ): void {
    if (typeof name === 'object') {
      const found = () =>
        'shop' in name ? this.catalog.shopNow(name.shop) : this.listing.documentNow(name.listing);
      return this.serveOne(request, response, found, securityHeaders, fallback);
    }
    let encoded: Encoding;
    try {
      encoded = this.catalog.now();
    } catch {
      return fallback();
    }
    if (!(encoded instanceof Promise)) return sendDocument(request, response, encoded[name], securityHeaders);
    encoded.then((ready) => sendDocument(request, response, ready[name], securityHeaders), fallback);
  }

  /**
   * One shop, or a page of the listing; an unknown shop (404), an invalid query (400) and any
   * failure go to the Nest route, which answers them.
   */
  private serveOne(
    request: IncomingMessage,
    response: ServerResponse,
    find: () => EncodedDocument | undefined | Promise<EncodedDocument | undefined>,
    securityHeaders: readonly string[] | undefined,
    fallback: () => void,
  ): void {
    let document: ReturnType<typeof find>;
    try {
      document = find();
    } catch {
      return fallback();
    }
    const send = (ready: EncodedDocument | undefined) =>
      ready ? sendDocument(request, response, ready, securityHeaders) : fallback();
    if (!(document instanceof Promise)) return send(document);
    document.then(send, fallback);
  }
}
