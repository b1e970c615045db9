// A visitor suggests a new phone on a shop's page and an administrator approves it, in Spanish
// and in English: the real ALTCHA proof of work is solved in Chromium, the reference code is
// shown, the dashboard counts the request, the queue shows current against proposed, approval
// changes the public page and the activity log names the reference. Markup a visitor types is
// shown as text in the queue and runs nothing. axe checks the form, the confirmation and the
// queue at 390 and 1280 px. Sending while the proof of work still runs waits for it, rather than
// starting the work again on a second challenge.
/* global window -- in functions that run in the page (evaluate) */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { REQUEST_REFERENCE_PATTERN } from 'contract';
import { expectAccessible } from './support/axe.mjs';
import {
  eventually,
  journeys,
  launchChromium,
  unexpectedErrors,
  waitForDirectory,
} from './support/browser.mjs';
import { startProduct } from './support/servers.mjs';
import { SMTPServer } from 'smtp-server';

const TEXTS = {
  es: {
    prefix: '',
    open: 'Sugerir una corrección',
    value: 'Dato correcto',
    other: 'Otra cosa',
    comment: 'Comentario (opcional)',
    name: 'Tu nombre',
    email: 'Tu correo electrónico',
    consent: /^Acepto/,
    send: 'Enviar sugerencia',
    done: 'Tu número de referencia es',
    username: 'Usuario',
    password: 'Contraseña',
    login: 'Iniciar sesión',
    requests: (count) => `Solicitudes (${count} pendiente${count === 1 ? '' : 's'})`,
    approve: 'Aprobar',
    approved: (reference) => `Solicitud ${reference} aprobada`,
    via: (reference) => `Sugerido por un visitante (ref. ${reference}), aprobado por admin`,
  },
  en: {
    prefix: '/en',
    open: 'Suggest a correction',
    value: 'Correct information',
    other: 'Something else',
    comment: 'Comment (optional)',
    name: 'Your name',
    email: 'Your e-mail',
    consent: /^I agree/,
    send: 'Send suggestion',
    done: 'Your reference is',
    username: 'Username',
    password: 'Password',
    login: 'Login',
    requests: (count) => `Requests (${count} pending)`,
    approve: 'Approve',
    approved: (reference) => `Request ${reference} approved`,
    via: (reference) => `Suggested by a visitor (ref ${reference}), approved by admin`,
  },
};
const HOSTILE =
  '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script> javascript:window.hacked=3';
const ADMIN = { username: 'admin', password: 'una-clave-bastante-larga-2026' };
const SHOTS = process.env.SHOTS_DIR;

let product;
let browser;
let shops;
let smtp;
/** What the SMTP server started by this test received: recipients and the raw message. */
const mails = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/=\r?\n/g, '');
        mails.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  product = await startProduct({
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    REQUESTS_DIGEST_TO: 'admins@armeros.example',
  });
  browser = await launchChromium();
  shops = await (await fetch(`${product.url}/api/shops`)).json();
  const created = await fetch(`${product.url}/api/auth/create-admin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(created.status).toBe(201);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await new Promise((resolve) => (smtp ? smtp.close(resolve) : resolve()));
});

const journey = journeys(test, 'corrections', () => browser);

/** Opens the shop's page, sends a suggestion through the form and returns its reference. */
async function suggest(page, text, shop, fill, { width, shots = false }) {
  await page.goto(`${product.url}${text.prefix}/shops/${shop.slug}`);
  await waitForDirectory(page);
  await page.getByText(text.open, { exact: true }).click();
  const form = page.getByRole('form', { name: text.open });
  await fill(form);
  if (shots) await expectAccessible(page, `the correction form`);
  if (shots && SHOTS)
    await form.screenshot({ path: `${SHOTS}/correction-form-${text.prefix ? 'en' : 'es'}-${width}.png` });
  await form.getByRole('button', { name: text.send }).click();
  const done = page.locator('.atm-correction__done');
  await done.waitFor({ timeout: 60_000 });
  expect(await done.innerText()).toContain(text.done);
  const reference = await done.locator('.atm-correction__reference').innerText();
  expect(reference).toMatch(REQUEST_REFERENCE_PATTERN);
  if (shots) {
    // From the top, as after a load: a link scrolled under the sticky bar is not what axe should judge.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, `the correction confirmation`);
    if (SHOTS)
      await done.screenshot({ path: `${SHOTS}/correction-done-${text.prefix ? 'en' : 'es'}-${width}.png` });
  }
  return reference;
}

for (const [lang, text] of Object.entries(TEXTS)) {
  journey(
    `a visitor suggests a new phone on a phone, an administrator approves it (${lang})`,
    async (open) => {
      const shop = shops[lang === 'es' ? 0 : 1];
      const phone = lang === 'es' ? '33 4444 1111' : '33 4444 2222';
      const visitor = await open({ language: lang, viewport: { width: 390, height: 844 } });
      const submitter = `visitante-${lang}@example.com`;
      const reference = await suggest(
        visitor,
        text,
        shop,
        async (form) => {
          await form.getByLabel(text.value).fill(phone);
          await form.getByLabel(text.name).fill('Ana');
          await form.getByLabel(text.email).fill(submitter);
          await form.getByRole('checkbox', { name: text.consent }).check();
        },
        { width: 390, shots: true },
      );
      const hostile = await suggest(
        visitor,
        text,
        shop,
        async (form) => {
          await form.getByLabel(text.other).check();
          await form.getByLabel(text.value).fill(HOSTILE);
          await form.getByLabel(text.comment).fill(HOSTILE);
        },
        { width: 390 },
      );
      expect((await (await fetch(`${product.url}/api/shops/${shop.id}`)).json()).phone).toBe(shop.phone);

      const admin = await open({ language: lang, viewport: { width: 1280, height: 900 } });
      admin.on('dialog', (dialog) => {
        throw new Error(`a dialog opened: ${dialog.message()}`);
      });
      await admin.goto(`${product.url}/admin/login`);
      await admin.getByLabel(text.username).fill(ADMIN.username);
      await admin.getByLabel(text.password, { exact: true }).fill(ADMIN.password);
      await admin.getByRole('button', { name: text.login, exact: true }).click();
      await admin.waitForURL(`${product.url}/admin`);
      const { pending } = await (
        await admin.request.get(`${product.url}/api/admin/requests/pending-count`)
      ).json();
      expect(pending).toBeGreaterThanOrEqual(2);
      // The dashboard's button says how many wait, in its accessible name and its badge.
      const button = admin.getByRole('button', { name: text.requests(pending) });
      await button.waitFor();
      await button.click();
      await admin.waitForURL(`${product.url}/admin/requests`);
      const row = admin.locator('tr').filter({ hasText: reference });
      await row.waitFor();
      expect(await row.locator('del').innerText()).toBe(shop.phone);
      expect(await row.locator('ins').innerText()).toBe(phone);
      const hostileRow = admin.locator('tr').filter({ hasText: hostile });
      expect(await hostileRow.locator('ins').innerText()).toBe(HOSTILE);
      expect(await hostileRow.locator('img, script').count()).toBe(0);
      expect(await admin.evaluate(() => window.hacked)).toBeUndefined();
      await expectAccessible(admin, `the requests queue (${lang})`);
      if (SHOTS) {
        for (const width of [1280, 390]) {
          await admin.setViewportSize({ width, height: 900 });
          await admin.screenshot({ path: `${SHOTS}/requests-queue-${lang}-${width}.png`, fullPage: true });
        }
        await admin.setViewportSize({ width: 1280, height: 900 });
      }
      await row.getByRole('button', { name: text.approve }).click();
      const dialog = admin.getByRole('dialog');
      await dialog.waitFor();
      await expectAccessible(admin, `the approve dialog (${lang})`);
      if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/requests-approve-${lang}.png` });
      await dialog.getByRole('button', { name: text.approve }).click();
      await admin.getByText(text.approved(reference), { exact: true }).first().waitFor();

      expect((await (await fetch(`${product.url}/api/shops/${shop.id}`)).json()).phone).toBe(phone);
      // The submitter's outcome message reached the SMTP server this test started.
      const outcome = await eventually(
        () => mails.find((mail) => mail.to.includes(submitter)),
        (mail) => mail !== undefined,
      );
      expect(outcome.raw).toContain(reference);
      await visitor.goto(`${product.url}${text.prefix}/shops/${shop.slug}`);
      await visitor.getByRole('link', { name: phone }).waitFor();

      await admin.goto(`${product.url}/admin/activity`);
      await admin.getByText(text.via(reference)).waitFor();
      expect(await admin.evaluate(() => window.hacked)).toBeUndefined();
      expect(unexpectedErrors(visitor)).toEqual([]);
      expect(unexpectedErrors(admin)).toEqual([]);
    },
  );
}

journey('a visitor suggests a correction on a desktop, in each language', async (open) => {
  for (const [lang, text] of Object.entries(TEXTS)) {
    const page = await open({ language: lang, viewport: { width: 1280, height: 900 } });
    const phone = lang === 'es' ? '33 5555 0001' : '33 5555 0002';
    await suggest(page, text, shops[2], (form) => form.getByLabel(text.value).fill(phone), {
      width: 1280,
      shots: true,
    });
  }
});

journey(
  'a visitor who sends while the check runs waits for that check: one challenge, one request, focus kept',
  async (open) => {
    const text = TEXTS.es;
    const page = await open({ language: 'es', viewport: { width: 1280, height: 900 } });
    const challenges = [];
    let release;
    const sent = new Promise((resolve) => (release = resolve));
    // The first challenge is held until Send is pressed, so Send certainly comes while the check
    // that began on entering the form still runs.
    await page.route('**/api/requests/challenge', async (route) => {
      challenges.push(route.request().url());
      await sent;
      await route.continue();
    });
    await page.goto(`${product.url}/shops/${shops[3].slug}`);
    await waitForDirectory(page);
    await page.getByText(text.open, { exact: true }).click();
    const form = page.getByRole('form', { name: text.open });
    // The widget loads as the form opens; it starts its check on the first focus after that.
    await page.waitForFunction(
      () => typeof window.document.querySelector('altcha-widget')?.getState === 'function',
    );
    await form.getByLabel(text.value).fill('33 5555 0003');
    const state = () => page.evaluate(() => window.document.querySelector('altcha-widget')?.getState?.());
    await eventually(state, 'verifying');
    const posts = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/requests/corrections'))
        posts.push(request);
    });
    // With the keyboard: Send keeps the focus while the form is busy.
    await form.getByRole('button', { name: text.send }).focus();
    await page.keyboard.press('Enter');
    // While the check runs the form says it is sending, and a second press does nothing.
    const sending = form.getByRole('button', { name: 'Enviando…' });
    await sending.waitFor();
    expect(await sending.getAttribute('aria-disabled')).toBe('true');
    expect(await sending.evaluate((button) => button === window.document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    release();
    const done = page.locator('.atm-correction__done');
    await done.waitFor({ timeout: 60_000 });
    expect(await done.innerText()).toContain(text.done);
    expect(challenges).toHaveLength(1);
    expect(posts).toHaveLength(1);
    expect(page.log.filter((line) => line.includes('verification failed'))).toEqual([]);
    expect(unexpectedErrors(page)).toEqual([]);
  },
);
