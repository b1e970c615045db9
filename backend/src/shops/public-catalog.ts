import { Injectable } from '@nestjs/common';
import {
  encodeBytes,
  encodeSmallBytes,
  JSON_TYPE,
  type EncodedDocument,
} from '../common/encoded-document.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** One-shop documents kept per catalogue version; the oldest go first beyond this many. */
const CACHED_SHOP_DOCUMENTS = 2_000;

/** A value as JSON, serialised once (see encodeBytes). */
const encodeDocument = (value: unknown): Promise<EncodedDocument> =>
  encodeBytes(Buffer.from(JSON.stringify(value)), JSON_TYPE);

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
      // The whole list in the catalogue's worker, which holds the version (10 MB of JSON at 10,000 shops).
      this.shops.inWorker(catalog, (worker) => worker.encodeList(catalog.version)),
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
