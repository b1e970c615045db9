// The public pages through the gateway: rendered by the backends in their language, 404 and 301s.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { request } from '../support/processes.mjs';
import { it } from '../support/topology.mjs';

/** Registers these tests in the enclosing describe, against `topology` (support/topology.mjs). */
export function publicPagesTests(topology) {
  const { ports, answeredBy, get, send, logIn } = topology;

  it('public pages through the gateway: rendered by the backends in their language, 404 and 301s', async () => {
    const shops = JSON.parse((await get('/api/shops')).body.toString());
    assert.ok(shops.length > 0, 'the earlier tests saved a shop');
    const [shop] = shops;
    const escaped = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    /** A page as a browser gets it (brotli), decompressed, with the process that answered. */
    const open = async (path, status = 200) => {
      const response = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      assert.equal(response.status, status, path);
      assert.match(response.headers['content-type'], /^text\/html/, path);
      assert.equal(response.headers['content-encoding'], 'br', path);
      assert.equal(response.headers['cache-control'], 'no-cache', path);
      const by = await answeredBy(`GET ${path}`);
      assert.match(by, /^backend-[ab]$/, `${path} answered by ${by}`);
      return brotliDecompressSync(response.body).toString();
    };
    const listing = await open('/');
    assert.match(listing, /<html lang="es"/);
    assert.ok(listing.includes(escaped(shop.name)), 'the listing is rendered with its cards');
    assert.ok(listing.includes(`href="/shops/${shop.slug}"`), 'each card links to its page');
    for (const path of ['/en/', '/en', '/shops', '/en/shops']) {
      const page = await open(path);
      assert.match(page, new RegExp(`<html lang="${path.startsWith('/en') ? 'en' : 'es'}"`), path);
      assert.ok(page.includes(escaped(shop.name)), path);
    }
    for (const [path, language] of [
      [`/shops/${shop.slug}`, 'es'],
      [`/en/shops/${shop.slug}`, 'en'],
    ]) {
      const page = await open(path);
      assert.match(page, new RegExp(`<html lang="${language}"`), path);
      assert.match(
        page,
        new RegExp(`<h1[^>]*>${escaped(shop.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`),
        path,
      );
      assert.ok(page.includes('application/ld+json'), `${path}: its structured data`);
    }
    // An unknown shop: the 404 page, rendered, in the URL's language.
    assert.match(await open('/shops/no-such-shop', 404), /<html lang="es"/);
    assert.match(await open('/en/shops/no-such-shop', 404), /<html lang="en"/);

    // The browser's files still come from the static servers.
    const script = /src="?(\/js\/main\.[0-9a-f]+\.js)/.exec(listing)?.[1];
    assert.ok(script, 'the page loads the shell from /js/main.<hash>.js');
    assert.equal((await get(script)).status, 200);
    assert.equal(await answeredBy(`GET ${script}`), 'shell');

    // A renamed shop: its old slug answers 301 to the new one; a shared ?shop=<id> link too.
    const cookie = await logIn();
    const renamed = await send(`/api/admin/shops/${shop.id}`, {
      method: 'PUT',
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `Armería Pasos ${randomBytes(3).toString('hex')}` }),
    });
    assert.equal(renamed.status, 200, renamed.body.toString());
    const { slug } = JSON.parse(renamed.body.toString());
    assert.notEqual(slug, shop.slug);
    for (const [path, location] of [
      [`/shops/${shop.slug}`, `/shops/${slug}`],
      [`/en/shops/${shop.slug}`, `/en/shops/${slug}`],
      [`/?shop=${shop.id}`, `/shops/${slug}`],
      [`/en/?shop=${shop.id}`, `/en/shops/${slug}`],
    ]) {
      const moved = await get(path);
      assert.equal(moved.status, 301, path);
      assert.equal(new URL(moved.headers.location, topology.origin).pathname, location, path);
      assert.match(await answeredBy(`GET ${path}`), /^backend-[ab]$/, path);
    }
    // Every replica renders from the current catalogue: the new name on both.
    for (const name of ['a', 'b']) {
      const page = await request(`http://127.0.0.1:${ports[`backend-${name}`]}/shops/${slug}`);
      assert.equal(page.status, 200, `backend ${name}`);
      assert.ok(page.body.toString().includes('Armería Pasos'), `backend ${name}`);
    }
  });
}
