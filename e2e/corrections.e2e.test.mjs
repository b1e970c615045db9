// A visitor suggests a correction on a shop's page, in Spanish and in English, on a phone and a
// desktop: the real ALTCHA proof of work is solved in Chromium, the reference code is shown,
// the queue holds the suggestion and the public page does not change. axe checks the open form.
/* global window -- in functions that run in the page (evaluate) */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { REQUEST_REFERENCE_PATTERN } from 'contract';
import { expectAccessible } from './support/axe.mjs';
import { journeys, launchChromium, unexpectedErrors, waitForDirectory } from './support/browser.mjs';
import { startProduct } from './support/servers.mjs';

const TEXTS = {
  es: {
    open: 'Sugerir una corrección',
    value: 'Dato correcto',
    send: 'Enviar sugerencia',
    done: 'Tu número de referencia es',
    prefix: '',
  },
  en: {
    open: 'Suggest a correction',
    value: 'Correct information',
    send: 'Send suggestion',
    done: 'Your reference is',
    prefix: '/en',
  },
};
const SHOTS = process.env.SHOTS_DIR;

let product;
let browser;
let shop;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  [shop] = await (await fetch(`${product.url}/api/shops`)).json();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const journey = journeys(test, 'corrections', () => browser);

for (const [lang, text] of Object.entries(TEXTS)) {
  for (const width of [390, 1280]) {
    journey(`a visitor suggests a new phone (${lang}, ${width} px)`, async (open) => {
      const page = await open({ language: lang, viewport: { width, height: 900 } });
      await page.goto(`${product.url}${text.prefix}/shops/${shop.slug}`);
      await waitForDirectory(page);
      await page.getByText(text.open, { exact: true }).click();
      const form = page.getByRole('form', { name: text.open });
      await expect(form.isVisible()).resolves.toBe(true);
      const phone = `33 ${String(width).padStart(4, '0')} ${lang === 'es' ? '1111' : '2222'}`;
      await form.getByLabel(text.value).fill(phone);
      if (width === 1280) await expectAccessible(page, `the correction form (${lang})`);
      if (SHOTS) await form.screenshot({ path: `${SHOTS}/correction-form-${lang}-${width}.png` });
      await form.getByRole('button', { name: text.send }).click();
      const done = page.locator('.atm-correction__done');
      await done.waitFor({ timeout: 60_000 });
      const reference = await done.locator('.atm-correction__reference').innerText();
      expect(reference).toMatch(REQUEST_REFERENCE_PATTERN);
      expect(await done.innerText()).toContain(text.done);
      // From the top, as after a load: the sticky top bar over a scrolled link is not what axe should judge.
      await page.evaluate(() => window.scrollTo(0, 0));
      if (width === 1280) await expectAccessible(page, `the correction confirmation (${lang})`);
      if (SHOTS) await done.screenshot({ path: `${SHOTS}/correction-done-${lang}-${width}.png` });
      const after = await (await fetch(`${product.url}/api/shops/${shop.id}`)).json();
      expect(after.phone).toBe(shop.phone);
      expect(unexpectedErrors(page)).toEqual([]);
    });
  }
}
