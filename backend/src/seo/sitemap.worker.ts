import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { workerDataSource, type WorkerDatabase } from '../database/worker-data-source.js';
import { Shop } from '../shops/shop.entity.js';
import { buildSitemaps, xml } from './sitemap.js';

export interface SitemapTask {
  database: WorkerDatabase;
  /** The data version the web server read: the shops read here are at least as new. */
  version: number;
  origin: string;
  /** 0: `/sitemap.xml`; n: `/sitemap-<n>.xml` of its index. */
  file: number;
}

/** One file of the sitemap, as an EncodedDocument kept compressed only. */
export interface EncodedSitemap {
  identityLength: number;
  gzip: Uint8Array;
  brotli: Uint8Array;
  etag: string;
  contentType: string;
}

/** Stands for the origin in the XML kept per data version (no slug or date holds it). */
const ORIGIN_MARK = '\0';

/** This version's files, split where the origin goes, and the digest of the whole (for ETags). */
let kept: { version: number; files: string[][]; digest: string } | undefined;

/** SeoService's worker: XML written once per version with an origin mark, so an origin's file is a join. */
export default async function buildInWorker({
  database,
  version,
  origin,
  file,
}: SitemapTask): Promise<EncodedSitemap | null> {
  if (kept?.version !== version) {
    kept = undefined; // the previous version's memory is free before this one is written
    const shops = (await workerDataSource(database, [Shop])).getRepository(Shop);
    const { main, parts } = buildSitemaps(
      await shops.find({ select: { slug: true, updatedAt: true }, order: { slug: 'ASC' } }),
      ORIGIN_MARK,
    );
    const digest = createHash('sha256').update(main).update(parts.join('')).digest('base64url');
    kept = { version, files: [main, ...parts].map((text) => text.split(ORIGIN_MARK)), digest };
  }
  const pieces = kept.files[file];
  if (!pieces) return null;
  const bytes = Buffer.from(pieces.join(xml(origin)));
  // The fastest levels: each origin's file is compressed on request; speed outweighs a somewhat larger body.
  return {
    identityLength: bytes.length,
    gzip: gzipSync(bytes, { level: 1 }),
    brotli: brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
    etag: `"${createHash('sha256').update(`${kept.digest} ${file} ${origin}`).digest('base64url').slice(0, 32)}"`,
    contentType: 'application/xml; charset=utf-8',
  };
}
