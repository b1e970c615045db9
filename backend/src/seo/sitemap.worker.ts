import { encodeBytes, type EncodedDocument } from '../common/encoded-document.js';
import { buildSitemaps } from './sitemap.js';

const SITEMAP_TYPE = 'application/xml; charset=utf-8';

/**
 * What the web server sends: the shops' slugs as one string (one a line) and their last changes
 * as numbers, which cross to the worker as two copies of memory rather than 10,000 objects with
 * a Date each to serialise and rebuild.
 */
export interface SitemapTask {
  slugs: string;
  modified: Float64Array;
  origin: string;
}

export interface EncodedSitemaps {
  main: EncodedDocument;
  parts: EncodedDocument[];
}

/**
 * Runs in a worker of SeoService's pool: the sitemap's XML, and its compressed forms, off the web
 * server's event loop. Only the compressed bytes come back (about 1 MB each at 10,000 shops): at
 * 10,000 shops the XML is 9.5 MB, whose copy back, encoding to bytes and joining held the
 * server's loop about 100 ms (bench/FINDINGS.md, round 16).
 */
export default async function buildInWorker({
  slugs,
  modified,
  origin,
}: SitemapTask): Promise<EncodedSitemaps> {
  const shops = (slugs ? slugs.split('\n') : []).map((slug, i) => ({
    slug,
    updatedAt: new Date(modified[i]),
  }));
  const { main, parts } = buildSitemaps(shops, origin);
  const encoded = (xml: string) => encodeBytes(Buffer.from(xml), SITEMAP_TYPE, { compressedOnly: true });
  return { main: await encoded(main), parts: await Promise.all(parts.map(encoded)) };
}
