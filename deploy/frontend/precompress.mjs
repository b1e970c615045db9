// Writes `<file>.br` and `<file>.gz` beside every compressible file of a built frontend, so
// nginx serves them with brotli_static / gzip_static instead of compressing on each request.
// Usage: node precompress.mjs <dist folder>. Used by deploy/frontend/Dockerfile and the topology test.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|css|html|json|svg|txt)$/;
const MIN_BYTES = 1024;

export function precompress(folder) {
  let files = 0;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      files += precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const bytes = readFileSync(path);
    if (bytes.length < MIN_BYTES) continue;
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
    );
    files += 1;
  }
  return files;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: node precompress.mjs <dist folder>');
    process.exit(1);
  }
  console.log(`precompressed ${precompress(folder)} files in ${folder}`);
}
