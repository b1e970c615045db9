import { startProduct } from './support/servers.mjs';
import { launchChromium } from './support/browser.mjs';
const product = await startProduct();
const browser = await launchChromium();
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('console', (m) => console.log('console', m.text().slice(0, 200)));
  await page.goto(product.url + '/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await new Promise((r) => setTimeout(r, 3000));
  console.log(await page.evaluate(async () => { const out = []; for (const n of await caches.keys()) out.push(n + ': ' + (await (await caches.open(n)).keys()).map((r) => r.url).join(' ').slice(0, 300)); return out; }));
  console.log(await page.evaluate(async () => { const c = await caches.open('atm-pages'); const r = await c.match(location.origin + '/'); return r ? [r.status, r.type, [...r.headers].join(';')] : 'none'; }));
  context.on('serviceworker', () => {});
  for (const w of context.serviceWorkers()) w.on('console', (m) => console.log('sw', m.text()));
  await context.setOffline(true);
  const response = await page.goto(product.url + '/');
  console.log('fromSW', response.fromServiceWorker(), response.status(), (await response.text()).slice(0, 300));
  console.log(await page.evaluate(() => document.documentElement.outerHTML.slice(0, 200)));
} finally { await browser.close(); await product.stop(); }
