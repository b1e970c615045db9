// The smoke journey in Chromium through the gateway, across a rolling restart of the replicas.
// Functions passed to page.evaluate and page.waitForFunction run in the browser.
/* global document */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { makePng } from '../../../e2e/support/images.mjs';
import { request } from '../support/processes.mjs';
import { it } from '../support/topology.mjs';

/** Registers these tests in the enclosing describe, against `topology` (support/topology.mjs). */
export function smokeJourneyTests(topology) {
  const { admin, ports, backends, startBackend, lastLogged, lastUpstream, gatewayServesFrom, get } = topology;

  it('smoke journey in Chromium: log in on replica A, upload and save on replica B, public listing', async () => {
    const created = await request(`${topology.origin}/api/auth/create-admin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
      ca: readFileSync(topology.cert),
    });
    assert.equal(created.status, 201, created.body.toString());

    const { launchChromium } = await import('../../../tools/chromium.mjs');
    topology.browser = await launchChromium();
    const context = await topology.browser.newContext({ ignoreHTTPSErrors: true, locale: 'es-MX' });
    const page = await context.newPage();
    // Script errors, and failed requests other than the expected ones: the session check
    // before login (401) and the browser's own favicon request (the shell's 404 page).
    const pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      const expected =
        (response.status() === 401 && pathname === '/api/auth/me') ||
        (response.status() === 404 && pathname === '/favicon.ico');
      if (response.status() >= 400 && !expected) pageErrors.push(`${response.status()} ${response.url()}`);
    });

    // Log in with replica B stopped: replica A answers.
    await backends.b.stop();
    await page.goto(`${topology.origin}/admin/login`);
    await page.locator('input[autocomplete="username"]').fill(admin.username);
    await page.locator('input[autocomplete="current-password"]').fill(admin.password);
    const loginAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
    await page.locator('button[type="submit"]').click();
    assert.equal((await loginAnswer).ok(), true);
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
    const loginLine = await lastLogged('POST /api/auth/login');
    assert.equal(lastUpstream(loginLine), `127.0.0.1:${ports['backend-a']}`, loginLine);

    // Replica B back, replica A stopped: the same browser session uploads and saves on B.
    await startBackend('b');
    // As in a rolling restart: stop A only once the gateway sends requests to B again (nginx
    // leaves a replica that refused a connection aside for fail_timeout, 10 s).
    await gatewayServesFrom('b');
    await backends.a.stop();
    const png = makePng(2, 2); // a genuine PNG: the server decodes its magic bytes and size
    const saved = await page
      .evaluate(
        async ({ pngBase64, name }) => {
          const json = async (response) => {
            const text = await response.text();
            try {
              return { status: response.status, body: JSON.parse(text) };
            } catch {
              throw new Error(`${response.status} ${response.url}: ${text.slice(0, 200)}`);
            }
          };
          const bytes = Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0));
          const upload = async (type) => {
            const signed = await json(
              await fetch('/api/admin/upload', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ type }),
              }),
            );
            if (signed.status !== 200 && signed.status !== 201)
              throw new Error(`upload URL: ${JSON.stringify(signed)}`);
            const put = await fetch(signed.body.uploadURL, {
              method: 'PUT',
              headers: { 'Content-Type': 'image/png' },
              body: bytes,
            });
            if (!put.ok) throw new Error(`PUT ${signed.body.uploadURL}: ${put.status} ${await put.text()}`);
            return signed.body.uploadURL;
          };
          const logoUrl = await upload('logo');
          const mapUrl = await upload('map');
          const objectPath = (url) => `/objects${/\/uploads\/[^/?]+/.exec(new URL(url).pathname)[0]}`;
          const shop = await json(
            await fetch('/api/admin/shops', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({
                name,
                description: 'Armería de prueba de la topología de producción.',
                address: 'Av. Juárez 100',
                city: 'Guadalajara',
                state: 'Jalisco',
                phone: '+52 33 1234 5678',
                email: 'topologia@example.com',
                categories: ['Reparación'],
                logo: objectPath(logoUrl),
                mapImageUrl: objectPath(mapUrl),
                googleMapsUrl: 'https://maps.google.com/?q=Guadalajara',
                isVerified: 'true',
              }),
            }),
          );
          return { logoUrl, shop };
        },
        { pngBase64: png.toString('base64'), name: 'Armería Topología' },
      )
      .catch((error) => {
        const tail = topology.gatewayLog().split('\n').slice(-12).join('\n');
        throw new Error(`${error.message}\ngateway log:\n${tail}`, { cause: error });
      });
    assert.equal(saved.shop.status, 201, JSON.stringify(saved.shop.body));
    assert.ok(saved.logoUrl.startsWith(`${topology.origin}/api/uploads/`), saved.logoUrl);
    const saveLine = await lastLogged('POST /api/admin/shops');
    assert.equal(lastUpstream(saveLine), `127.0.0.1:${ports['backend-b']}`, saveLine);
    assert.match(saveLine, /" 201 /);
    const logoPath = saved.shop.body.logo;
    assert.match(logoPath, /^\/objects\/uploads\/[0-9a-f-]{36}$/);

    // Replica A back: the public listing, through the gateway, shows the shop and its logo.
    await startBackend('a');
    await page.goto(`${topology.origin}/`);
    await page.getByText('Armería Topología').first().waitFor();
    const logo = page.locator(`img[src$="${logoPath}"]`).first();
    await logo.waitFor();
    await page.waitForFunction((path) => {
      const image = document.querySelector(`img[src$="${path}"]`);
      return image?.complete && image.naturalWidth === 2;
    }, logoPath);
    const image = await get(logoPath);
    assert.equal(image.status, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal(image.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.ok(image.body.equals(png));
    const listingOnA = JSON.parse((await request(`http://127.0.0.1:${ports['backend-a']}/api/shops`)).body);
    assert.ok(listingOnA.some((shop) => shop.name === 'Armería Topología'));
    assert.deepEqual(pageErrors, []);
  });
}
