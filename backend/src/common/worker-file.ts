import { existsSync } from 'node:fs';
import { backendDir } from '../config/backend-dir.js';

/**
 * A worker's compiled entry, `path` inside the backend's build (`seo/sitemap.worker.js`), also
 * when run from the sources (the tests): a worker loads JavaScript only.
 */
export function workerFile(path: string): string {
  const file = `${backendDir()}/dist/${path}`;
  if (!existsSync(file)) throw new Error(`${file} is missing: build the backend (npm run build -w backend)`);
  return file;
}
