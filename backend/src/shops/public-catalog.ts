import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  encodeBytes,
  encodeSmallBytes,
  JSON_TYPE,
  type EncodedDocument,
} from '../common/encoded-document.js';
import { ShopsService, type ShopCatalog } from './shops.service.js';

/** One-shop documents kept per catalogue version (least recently asked out first). */
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

/** The catalogue as HTTP bodies: encoded once per version, by the first request that needs it. */
@Injectable()
export class PublicCatalog {
  private readonly encodings = new WeakMap<ShopCatalog, Encoding>();
  private readonly shopDocuments = new WeakMap<ShopCatalog, LRUCache<string, EncodedDocument>>();

  constructor(private readonly shops: ShopsService) {}

  now(): Promise<EncodedCatalog> {
    return this.shops.getCatalog().then((catalog) => this.encode(catalog));
  }

  /** One shop as `GET /api/shops/{id}` answers it (undefined: no such shop), encoded once per version. */
  shopNow(id: string): Promise<EncodedDocument | undefined> {
    return this.shops.getCatalog().then((catalog) => this.shopDocument(catalog, id));
  }

  private shopDocument(catalog: ShopCatalog, id: string): EncodedDocument | undefined {
    const shop = catalog.byId.get(id);
    if (!shop) return undefined;
    let documents = this.shopDocuments.get(catalog);
    if (!documents)
      this.shopDocuments.set(catalog, (documents = new LRUCache({ max: CACHED_SHOP_DOCUMENTS })));
    let document = documents.get(id);
    if (!document)
      documents.set(id, (document = encodeSmallBytes(Buffer.from(JSON.stringify(shop)), JSON_TYPE)));
    return document;
  }

  private encode(catalog: ShopCatalog): Encoding {
    let encoding = this.encodings.get(catalog);
    if (encoding) return encoding;
    encoding = Promise.all([
      // The whole list is encoded in the catalogue's worker, which holds the version.
      this.shops.inWorker(catalog, (worker) => worker.encodeList(catalog.version)),
      ...[catalog.categories, catalog.cities, catalog.states].map(encodeDocument),
    ]).then(([shops, categories, cities, states]) => {
      const encoded = { shops, categories, cities, states };
      this.encodings.set(catalog, encoded);
      return encoded;
    });
    // A failed encoding is not kept: the next request tries again.
    encoding.catch(() => this.encodings.delete(catalog));
    this.encodings.set(catalog, encoding);
    return encoding;
  }
}
