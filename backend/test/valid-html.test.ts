import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { htmlErrors } from '../../tools/nu-html-checker.mjs';
import { ANY_DIALECT, startAppOnFreshDatabase } from './support/test-app.js';

type Started = Awaited<ReturnType<typeof startAppOnFreshDatabase>>;

const ROOT = join(import.meta.dirname, '..', '..');
const NEEDED = ['frontend-shell/dist-ssr/shell.cjs', 'frontend-directory/dist-ssr/directory.cjs'];

/**
 * Every kind of page the server renders is valid HTML by the Nu Html Checker (the admin's screens,
 * drawn by the browser, are checked in the end-to-end admin journeys).
 */
describe.each(ANY_DIALECT)('server-rendered pages are valid HTML on %s', (dialect) => {
  let server: Started;

  beforeAll(async () => {
    const missing = NEEDED.filter((file) => !existsSync(join(ROOT, file)));
    if (missing.length) throw new Error(`not built: ${missing.join(', ')} (run npm run build first)`);
    server = await startAppOnFreshDatabase(dialect, { SEED_DEMO_DATA: 'true' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has 0 errors on every kind of page: listings, shop pages, list my shop, the map, the 404s and the admin shell', async () => {
    const shops = (await request(server.url).get('/api/shops').expect(200)).body as { slug: string }[];
    const pages: [string, number][] = [
      ['/', 200],
      ['/en/', 200],
      [`/shops/${shops[0].slug}`, 200],
      [`/en/shops/${shops[1].slug}`, 200],
      ['/shops?state=Jalisco&q=armer%C3%ADa&page=1', 200],
      ['/en/?page=2', 200],
      ['/?view=map', 200],
      ['/list-my-shop', 200],
      ['/en/list-my-shop', 200],
      ['/en/shops', 200],
      ['/no/such/page', 404],
      ['/en/shops/no-such-shop', 404],
      ['/admin', 200],
    ];
    const documents = await Promise.all(
      pages.map(async ([path, status]) => ({
        name: path,
        html: (await request(server.url).get(path).expect(status)).text,
      })),
    );
    expect(await htmlErrors(documents)).toEqual([]);
  });
});
