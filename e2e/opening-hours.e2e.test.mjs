// Opening hours in Chromium, in Spanish and in English: the admin types a shop's split hours with
// the keyboard alone and saves; the shop's page and its card then say whether it is open now in
// the shop's own time zone (a shop in Tijuana, two hours behind Mexico City), with the hours of
// the week; and the page, left open, follows the clock (the browser's clock moved on). The
// hours are chosen around the real time of the run, so the expected state is known whatever the
// hour CI runs at.
/* global document -- in functions that run in the page (evaluate) */
import { afterAll, beforeAll, expect, test } from '@jest/globals';
import { expectAccessible } from './support/axe.mjs';
import { eventually, journeys, launchChromium, waitForDirectory } from './support/browser.mjs';
import { tabTo } from './support/keyboard.mjs';
import { startProduct } from './support/servers.mjs';

const ADMIN = { username: 'horarios', password: 'Horario-Seguro-2026' };
const ZONES = { 'Armería Potosina': 'America/Mexico_City', 'Armería del Pacífico': 'America/Tijuana' };

let product;
let browser;
let shops;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchChromium();
  twelveHour = await drawsTwelveHourTimes(browser);
  const headers = { 'Content-Type': 'application/json', Origin: product.url };
  await fetch(`${product.url}/api/auth/create-admin`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...ADMIN, confirmPassword: ADMIN.password }),
  });
  shops = await (await fetch(`${product.url}/api/shops`)).json();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const journey = journeys(test, 'hours', () => browser);

/** The weekday (0 = Monday) and minute of the day now in a time zone. */
function nowIn(timeZone, at = Date.now()) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}
const hhmm = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Two intervals of today in `zone`, rounded to quarter hours and kept inside the day, with no
 * boundary within 45 minutes of now, so the state the test expects cannot change while it runs
 * (a CI run at 23:10 once chose "closed until 23:15" and saw the shop open at 23:16). Through most
 * of the day: open now from an hour ago, open again later. Late in the evening, where "later"
 * would leave the day: two morning intervals, so the shop is closed now.
 */
function hoursAroundNow(zone) {
  const { day, minutes } = nowIn(zone);
  const start = Math.max(0, Math.floor((minutes - 60) / 15) * 15);
  const closes = Math.ceil((minutes + 60) / 15) * 15;
  if (closes + 45 > 1380)
    return {
      day,
      intervals: [
        [60, 120],
        [180, 240],
      ],
      open: false,
    };
  return {
    day,
    intervals: [
      [start, closes],
      [closes + 15, closes + 45],
    ],
    open: true,
  };
}

/**
 * Whether this browser draws time inputs with a 12-hour clock. Chromium takes it from its own
 * build and machine, not from the page's language or the context's locale (headless Debian
 * Chromium here draws 12-hour inputs even for en-GB), so it is asked once: "0815p" is 20:15 on
 * a 12-hour input and 08:15 on a 24-hour one.
 */
async function drawsTwelveHourTimes(browser) {
  const page = await browser.newPage();
  try {
    await page.setContent('<input type="time" aria-label="probe">');
    await page.getByLabel('probe').focus();
    await page.keyboard.type('0815p');
    return (await page.getByLabel('probe').inputValue()) === '20:15';
  } finally {
    await page.close();
  }
}
let twelveHour;

/**
 * Types a time into the focused time input as a person does with the clock the browser shows:
 * hour, minute (the input moves from one to the next itself) and, on a 12-hour input, a or p.
 */
async function typeDigits(page, minutes) {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = String(minutes % 60).padStart(2, '0');
  if (twelveHour)
    await page.keyboard.type(`${String(hour % 12 || 12).padStart(2, '0')}${minute}${hour < 12 ? 'a' : 'p'}`);
  else await page.keyboard.type(`${String(hour).padStart(2, '0')}${minute}`);
}

/** Tabs to a time input and types a time into it. */
async function typeTime(page, input, minutes) {
  await tabTo(page, input);
  await typeDigits(page, minutes);
}

for (const [lang, T] of Object.entries({
  es: {
    open: 'Abierto',
    add: /Añadir intervalo/,
    opens: 'Abre',
    closes: 'Cierra',
    save: 'Actualizar Armero',
    openNow: 'Abierto ahora',
    always: 'Abierto las 24 horas',
    closed: 'Cerrado',
    prefix: '',
  },
  en: {
    open: 'Open',
    add: /Add interval/,
    opens: 'Opens',
    closes: 'Closes',
    save: 'Update Gunsmith',
    openNow: 'Open now',
    always: 'Open 24 hours',
    closed: 'Closed',
    prefix: '/en',
  },
})) {
  journey(
    `${lang}: the admin types split hours by keyboard; page and card say open or closed in the shop's zone`,
    async (open) => {
      const name = lang === 'es' ? 'Armería Potosina' : 'Armería del Pacífico';
      const zone = ZONES[name];
      const shop = shops.find((candidate) => candidate.name === name);
      const { day, intervals, open: openNow } = hoursAroundNow(zone);

      const admin = await open({ language: lang });
      const login = await admin.request.post(`${product.url}/api/auth/login`, {
        data: ADMIN,
        headers: { Origin: product.url },
      });
      expect(login.status()).toBe(200);
      await admin.goto(`${product.url}/admin/shops/edit/${shop.id}`);
      const days = admin.locator('.atm-hours__day');
      await days.first().waitFor();
      const today = days.nth(day);

      // Keyboard alone: open today, set its first interval, add and fill a second one.
      // (Focus starts on today's checkbox: reaching it by Tab from the top is the admin journey's.)
      await today.getByRole('checkbox', { name: T.open }).focus();
      await admin.keyboard.press('Space');
      const times = today.locator('input[type=time]');
      await typeTime(admin, times.nth(0), intervals[0][0]);
      await typeTime(admin, times.nth(1), intervals[0][1]);
      await tabTo(admin, today.getByRole('button', { name: T.add }));
      await admin.keyboard.press('Enter');
      // The new interval's opening time has focus at once: type it, then Tab on to its closing.
      await expect(times.nth(2).evaluate((input) => input === document.activeElement)).resolves.toBe(true);
      await typeDigits(admin, intervals[1][0]);
      await typeTime(admin, times.nth(3), intervals[1][1]);
      await expect(today.getByRole('alert').count()).resolves.toBe(0);
      await expectAccessible(admin, `the shop form with opening hours (${lang})`);
      await tabTo(admin, admin.getByRole('button', { name: T.save }), { max: 200 });
      await admin.keyboard.press('Enter');
      await admin.waitForURL(/\/admin\/?$/);

      const saved = await (await fetch(`${product.url}/api/shops/${shop.id}`)).json();
      expect(saved.openingHours).toMatch(new RegExp(`${hhmm(intervals[0][0])}-${hhmm(intervals[0][1])},`));

      // The visitor's page, server-rendered at this minute, in the shop's own zone.
      const visitor = await open({ language: lang });
      await visitor.goto(`${product.url}${T.prefix}/shops/${shop.slug}`);
      const status = visitor.locator('.atm-dir-hours__status');
      await expect(status.innerText()).resolves.toMatch(new RegExp(`^${openNow ? T.openNow : T.closed} · `));
      await expect(visitor.locator('.atm-dir-hours__week tr[aria-current="date"]').count()).resolves.toBe(1);
      await expectAccessible(visitor, `a shop page with opening hours (${lang})`);

      // Its card in the listing, filtered to find it.
      await visitor.goto(`${product.url}${T.prefix}/?q=${encodeURIComponent(name)}`);
      const mark = visitor.locator('.atm-dir-card', { hasText: name }).locator('.atm-dir-open');
      await expect(mark.innerText()).resolves.toMatch(new RegExp(`^${openNow ? T.openNow : T.closed}`));

      // The "open now" filter, from its checkbox: every card left is open (now, or at any hour),
      // this shop among them exactly when it is open; the URL says so (a shared link keeps the
      // filter). The tick wakes the page's scripts and is replayed once it is live.
      await visitor.goto(`${product.url}${T.prefix}/`);
      await visitor.getByRole('checkbox', { name: T.openNow }).click();
      await visitor.waitForURL(/[?&]open=now/);
      await eventually(async () => {
        const marks = await visitor.locator('.atm-dir-card .atm-dir-open').allInnerTexts();
        const cards = await visitor.locator('.atm-dir-card').count();
        return (
          marks.length === cards &&
          marks.every((text) => text.startsWith(T.openNow) || text.startsWith(T.always))
        );
      }, true);
      const filtered = await fetch(`${product.url}/api/shops/listing?open=now&q=${encodeURIComponent(name)}`);
      expect((await filtered.json()).total).toBe(openNow ? 1 : 0);

      // Left open five hours (past both intervals): the page, drawn at the server's instant, says
      // closed once it is live (it hydrates on the visitor's first touch) by the browser's clock.
      const later = await open({ language: lang });
      await later.clock.install({ time: Date.now() + 5 * 3_600_000 });
      await later.goto(`${product.url}${T.prefix}/shops/${shop.slug}`);
      const laterStatus = later.locator('.atm-dir-hours__status');
      await expect(laterStatus.innerText()).resolves.toMatch(
        new RegExp(`^${openNow ? T.openNow : T.closed} · `),
      );
      await waitForDirectory(later);
      await eventually(
        () => laterStatus.innerText(),
        (text) => text.startsWith(`${T.closed} · `),
        {
          timeout: 30_000,
        },
      );
    },
  );
}
