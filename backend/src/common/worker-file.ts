import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The compiled file of a worker thread's entry, `path` inside the backend's build (e.g.
 * `seo/sitemap.worker.js`). Built, it sits beside the code; run from the TypeScript sources (the
 * backend's tests), it is the build's copy (`npm test` builds first): a worker loads JavaScript only.
 */
export function workerFile(path: string): string {
  const here = fileURLToPath(import.meta.url);
  const root = here.replace(/\/(src|dist)\/common\/worker-file\.(ts|js)$/, '');
  const file = `${root}/dist/${path}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: build the backend (npm run build -w backend)`);
  return file;
}
