import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { UUID_PATTERN } from 'contract';
import {
  encodeBytes,
  encodeSmallBytes,
  JSON_TYPE,
  jsonInSlices,
  sendDocument,
  type EncodedDocument,
} from '../common/encoded-document.js';
import { markRoute, REQUEST_ID_HEADER } from '../observability/request-observer.js';
import type { PublicListing } from './public-listing.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** One-shop documents kept per catalogue version; the oldest go first beyond this many. */
const CACHED_SHOP_DOCUMENTS = 2_000;

/** A value as JSON, serialised once (see encodeBytes). */
const encodeDocument = (value: unknown): Promise<EncodedDocument> =>
  encodeBytes(Buffer.from(JSON.stringify(value)), JSON_TYPE);

/**
 * A long list as a document (see jsonInSlices and encodeBytes), kept compressed only: browsers
 * take brotli or gzip, and at 10,000 shops the uncompressed list alone is 10 MB.
 */
async function encodeList(items: readonly unknown[]): Promise<EncodedDocument> {
  const hash = createHash('sha256');
  const bytes = await jsonInSlices(items, hash);
  return encodeBytes(bytes, JSON_TYPE, { digest: hash.digest('base64url'), compressedOnly: true });
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

  /** As of the current data version. */
  now(): Promise<EncodedCatalog> {
    return this.shops.catalogNow().then((catalog) => this.encode(catalog));
  }

  /**
   * One shop as `GET /api/shops/{id}` answers it, as of the current data version (undefined: no
   * such shop). Serialised and compressed on its first request per version, then kept with it.
   */
  shopNow(id: string): Promise<EncodedDocument | undefined> {
    return this.shops.catalogNow().then((catalog) => this.shopDocument(catalog, id));
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
    if (typeof name === 'object') return this.serveOne(request, response, name, securityHeaders, fallback);
    this.catalog
      .now()
      .then((encoded) => sendDocument(request, response, encoded[name], securityHeaders), fallback);
  }

  /**
   * One shop, or a page of the listing; an unknown shop (404), an invalid query (400) and any
   * failure go to the Nest route, which answers them.
   */
  private serveOne(
    request: IncomingMessage,
    response: ServerResponse,
    wanted: { shop: string } | { listing: string },
    securityHeaders: readonly string[] | undefined,
    fallback: () => void,
  ): void {
    const document =
      'shop' in wanted ? this.catalog.shopNow(wanted.shop) : this.listing.documentNow(wanted.listing);
    document.then(
      (ready) => (ready ? sendDocument(request, response, ready, securityHeaders) : fallback()),
      fallback,
    );
  }
}
