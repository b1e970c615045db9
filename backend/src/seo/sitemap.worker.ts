import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildSitemaps, xml } from './sitemap.js';

/**
 * What the web server sends: the data version, the shops' slugs as one string (one a line) and
 * their last changes as numbers (two copies of memory rather than 10,000 objects to serialise).
 */
export interface SitemapTask {
  version: number;
  slugs: string;
  modified: Float64Array;
  origin: string;
}

/** One file of the sitemap as the web server sends it (an EncodedDocument kept compressed only). */
export interface EncodedSitemap {
  identityLength: number;
  gzip: Uint8Array;
  brotli: Uint8Array;
  etag: string;
  contentType: string;
}

export interface EncodedSitemaps {
  main: EncodedSitemap;
  parts: EncodedSitemap[];
}

/** Stands for the origin in the XML kept per data version (no slug or date holds it). */
const ORIGIN_MARK = '\0';

/** This version's files, split where the origin goes, and the digest of the whole (for ETags). */
let kept: { version: number; files: string[][]; digest: string } | undefined;

/**
 * Runs in a worker of SeoService's pool. The XML is written once per data version with a mark
 * for the origin; each origin (without PUBLIC_URL, every Host asked) then costs only joining the
 * pieces and compressing, fast settings, in this lower-priority thread: twenty made-up Hosts built
 * the whole sitemap twenty times at the best compression, and took 6 s (stall bench).
 */
export default function buildInWorker({ version, slugs, modified, origin }: SitemapTask): EncodedSitemaps {
  if (kept?.version !== version) {
    kept = undefined; // the previous version's memory is free before this one is written
    const shops = (slugs ? slugs.split('\n') : []).map((slug, i) => ({ slug, updatedAt: new Date(modified[i]) }));
    const { main, parts } = buildSitemaps(shops, ORIGIN_MARK);
    const digest = createHash('sha256').update(main).update(parts.join('')).digest('base64url');
    kept = { version, files: [main, ...parts].map((file) => file.split(ORIGIN_MARK)), digest };
  }
  const { files, digest } = kept;
  const [main, ...parts] = files.map((pieces, file) => {
    const bytes = Buffer.from(pieces.join(xml(origin)));
    // Brotli 1 and gzip 1: 5-10x faster than 5 and 9 on this XML, for a body of 200-300 KB rather than 100-200.
    return {
      identityLength: bytes.length,
      gzip: gzipSync(bytes, { level: 1 }),
      brotli: brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
      etag: `"${createHash('sha256').update(`${digest} ${file} ${origin}`).digest('base64url').slice(0, 32)}"`,
      contentType: 'application/xml; charset=utf-8',
    };
  });
  return { main, parts };
}
