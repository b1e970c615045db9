// Unit tests of opening hours (run by the backend's Jest: backend/jest.config.js).
import { describe, expect, it, jest } from '@jest/globals';
import {
  formatOpeningHours,
  localTime,
  localTimesOf,
  MAX_OPENING_HOURS_LENGTH,
  minutesOf,
  normalizeShopValue,
  openingHoursStructuredData,
  openingStatus,
  parseOpeningHours,
  rememberLocalTimes,
  SHOP_FIELD,
  shopFieldProblem,
  shopTimeZone,
  WEEK_DAYS,
  weekOf,
  weekProblem,
} from './index.js';

const week = (/** @type {string} */ text) => {
  const parsed = parseOpeningHours(text);
  if (!('week' in parsed)) throw new Error(parsed.problem);
  return parsed.week;
};

describe('opening hours text', () => {
  it.each([
    ['Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00', 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00'],
    ['Sa 10:00-13:00; Mo-Fr 16:00-19:00,09:00-14:00', 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00'],
    ['Mo,Tu,We 09:00-18:00; Fr 09:00-18:00', 'Mo-We,Fr 09:00-18:00'],
    ['Mo-Su 00:00-24:00', '24/7'],
    ['24/7', '24/7'],
    ['Mo-Su 09:00-17:00; Su off', 'Mo-Sa 09:00-17:00'],
    ['Fr-Mo 10:00-20:00', 'Mo,Fr-Su 10:00-20:00'],
    ['Mo-Fr 22:00-24:00', 'Mo-Fr 22:00-24:00'],
  ])('%s is kept as %s', (text, canonical) => {
    expect(formatOpeningHours(week(text))).toBe(canonical);
    // The canonical text reads back to the same week, and is written the same way again.
    expect(formatOpeningHours(week(canonical))).toBe(canonical);
  });

  it.each(['Monday 9-5', 'Mo 9:00-14:00', 'Mo 09:00-25:00', 'Xx 09:00-10:00', 'Mo-Fr', 'PH off'])(
    'refuses %s',
    (text) => expect('problem' in parseOpeningHours(text)).toBe(true),
  );

  it('finds intervals that end before they start, overlap, or are too many', () => {
    expect(weekProblem(week('Mo 14:00-09:00'))).toMatchObject({ code: 'INVALID_HOURS', day: 0 });
    expect(weekProblem(week('Tu 09:00-14:00,13:00-18:00'))).toMatchObject({
      code: 'OVERLAPPING_HOURS',
      day: 1,
    });
    expect(weekProblem(week('We 01:00-02:00,03:00-04:00,05:00-06:00,07:00-08:00,09:00-10:00'))).toMatchObject(
      {
        code: 'INVALID_HOURS',
        day: 2,
      },
    );
    expect(weekProblem(week('Mo 09:00-14:00,14:00-18:00'))).toBeNull();
    expect(weekOf('Mo 25:00-26:00')).toBeNull();
    expect(weekOf(null)).toBeNull();
  });
});

describe('opening hours text read in one pass', () => {
  /** What the parser answered when it split a rule with a regular expression (before 2026-11). */
  function referenceParse(/** @type {string} */ text) {
    const source = text.trim();
    if (source === '24/7') return { week: WEEK_DAYS.map(() => [[0, 1440]]) };
    const reference = WEEK_DAYS.map(() => /** @type {number[][]} */ ([]));
    for (const rule of source.split(';').map((part) => part.trim())) {
      if (!rule) continue;
      // The pattern the scanner replaced: cubic time on a long rule that does not match, so it
      // reads only the few characters of the texts below.
      // eslint-disable-next-line redos/no-vulnerable -- the reference, on texts of a few characters
      const match = /^([A-Za-z,\- ]+?)\s+(off|closed|[0-9:,\- ]+)$/.exec(rule);
      /** @type {Set<number> | null} */
      let days = new Set();
      for (const part of (match?.[1] ?? '').replace(/ /g, '').split(',')) {
        const [from, to, ...rest] = part.split('-');
        const start = WEEK_DAYS.indexOf(/** @type {never} */ (from));
        const end = to === undefined ? start : WEEK_DAYS.indexOf(/** @type {never} */ (to));
        if (rest.length || start < 0 || end < 0) {
          days = null;
          break;
        }
        for (let day = start; ; day = (day + 1) % 7) {
          days.add(day);
          if (day === end) break;
        }
      }
      if (!match || !days)
        return { problem: `"${rule}" is not "<days> <times>" (e.g. Mo-Fr 09:00-14:00,16:00-19:00)` };
      /** @type {number[][]} */
      const intervals = [];
      if (match[2] !== 'off' && match[2] !== 'closed') {
        for (const range of match[2].split(',')) {
          const [from, to, ...rest] = range.trim().split('-');
          const start = minutesOf(from ?? '');
          const end = minutesOf(to ?? '');
          if (rest.length || start === null || end === null)
            return { problem: `"${range.trim()}" is not a time range like 09:00-14:00` };
          intervals.push([start, end]);
        }
      }
      for (const day of days) reference[day] = intervals;
    }
    return { week: reference };
  }

  it('reads short texts as the regular expression it replaces did, problems included', () => {
    // Day names, the separators that the days, the whitespace and the times share, and what is
    // none of them: every text of up to 4 pieces, then texts of 5 to 12 drawn with a fixed seed.
    const pieces = ['Mo', 'Fr', ' ', '\t', '\u00a0', '-', ',', ';', '09:00', '24:00', 'off', 'x', '1'];
    const compare = (/** @type {string} */ text) => {
      const [got, expected] = [parseOpeningHours(text), referenceParse(text)];
      if (JSON.stringify(got) !== JSON.stringify(expected)) expect([text, got]).toEqual([text, expected]);
    };
    let texts = [''];
    for (let length = 1; length <= 4; length++) {
      texts = texts.flatMap((text) => pieces.map((piece) => text + piece));
      texts.forEach(compare);
    }
    let seed = 11;
    const random = (/** @type {number} */ below) => (seed = (seed * 16807) % 2147483647) % below;
    for (let sample = 0; sample < 20_000; sample++) {
      compare(Array.from({ length: 5 + random(8) }, () => pieces[random(pieces.length)]).join(''));
    }
  });

  const rule = (/** @type {string} */ text) =>
    `"${text}" is not "<days> <times>" (e.g. Mo-Fr 09:00-14:00,16:00-19:00)`;

  const notTimes = (/** @type {string} */ text) => `"${text}" is not a time range like 09:00-14:00`;

  it.each([
    // Long runs of what the days, the whitespace and the times all have: spaces, dashes, commas.
    ['spaces', 'Mo' + ' '.repeat(497) + 'x', rule('Mo' + ' '.repeat(497) + 'x')],
    ['spaces and dashes', 'M' + ' -'.repeat(249) + 'x', rule('M' + ' -'.repeat(249) + 'x')],
    ['commas and spaces', 'M' + ', '.repeat(249) + 'x', rule('M' + ', '.repeat(249) + 'x')],
    ['spaces and tabs', 'Mo' + ' \t'.repeat(248) + 'x', rule('Mo' + ' \t'.repeat(248) + 'x')],
    // Days repeated: a selector that never ends, or that has no times.
    ['Mo- repeated', 'Mo-'.repeat(162) + ' 09:00-10:00', rule('Mo-'.repeat(162) + ' 09:00-10:00')],
    ['Mo, repeated', 'Mo,'.repeat(166) + 'Mo', rule('Mo,'.repeat(166) + 'Mo')],
    // Digits and colons: times that never end, or are not times.
    ['digits', 'Mo ' + '0'.repeat(497), notTimes('0'.repeat(497))],
    ['colons', 'Mo ' + ':'.repeat(497), notTimes(':'.repeat(497))],
    ['09:00- repeated', 'Mo ' + '09:00-'.repeat(82) + '1', notTimes('09:00-'.repeat(82) + '1')],
    ['commas after times', 'Mo 09:00-10:00' + ','.repeat(486), notTimes('')],
  ])('refuses a long run of %s, as before and in one pass', (_name, text, problem) => {
    expect(text.length).toBeLessThanOrEqual(MAX_OPENING_HOURS_LENGTH);
    expect(text.length).toBeGreaterThan(480);
    expect(parseOpeningHours(text)).toEqual({ problem });
    // The reference is cubic: it reads a piece of the same text only.
    expect(parseOpeningHours(text.slice(0, 40))).toEqual(referenceParse(text.slice(0, 40)));
  });

  it('reads long texts that are valid', () => {
    // One run of whitespace, however long, goes between the days and the times.
    expect(formatOpeningHours(week('Mo' + ' '.repeat(480) + '09:00-10:00'))).toBe('Mo 09:00-10:00');
    expect(formatOpeningHours(week('Mo - Fr' + ' \t'.repeat(200) + '09:00 - 14:00'))).toBe(
      'Mo-Fr 09:00-14:00',
    );
    expect(parseOpeningHours(';'.repeat(MAX_OPENING_HOURS_LENGTH))).toEqual({
      week: WEEK_DAYS.map(() => []),
    });
    expect(formatOpeningHours(week('Sa off; '.repeat(60) + 'Su 10:00-12:00'))).toBe('Su 10:00-12:00');
    // Whitespace around the text does not count: it is trimmed first.
    expect(formatOpeningHours(week(' '.repeat(2000) + 'Mo 09:00-10:00' + '\n'.repeat(2000)))).toBe(
      'Mo 09:00-10:00',
    );
  });

  it('refuses text longer than the field before reading it, as the field does (TOO_LONG)', () => {
    expect(SHOP_FIELD.openingHours.max).toBe(MAX_OPENING_HOURS_LENGTH);
    const long = 'Mo' + ' '.repeat(MAX_OPENING_HOURS_LENGTH) + 'x';
    expect(parseOpeningHours(long)).toEqual({ problem: 'the text is longer than 500 characters' });
    expect(parseOpeningHours('Mo 09:00-10:00;'.repeat(40))).toEqual({
      problem: 'the text is longer than 500 characters',
    });
    expect(parseOpeningHours(';'.repeat(MAX_OPENING_HOURS_LENGTH + 1))).toEqual({
      problem: 'the text is longer than 500 characters',
    });
    for (const text of [long, 'Mo-'.repeat(10_000) + ' 09:00', 'Mo 09:00-10:00;'.repeat(40)]) {
      const field = SHOP_FIELD.openingHours;
      expect(shopFieldProblem(field, normalizeShopValue(field, text))).toEqual({
        code: 'TOO_LONG',
        params: { max: 500 },
        message: 'Opening hours must be at most 500 characters',
      });
    }
  });
});

describe('structured data', () => {
  it('gives search engines the week as schema.org OpeningHoursSpecification, midnight as 23:59', () => {
    const day = (/** @type {string} */ name, /** @type {string} */ opens, /** @type {string} */ closes) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${name}`,
      opens,
      closes,
    });
    expect(openingHoursStructuredData('Mo 09:00-14:00,16:00-24:00; Sa 10:00-13:00')).toEqual({
      openingHoursSpecification: [
        day('Monday', '09:00', '14:00'),
        day('Monday', '16:00', '23:59'),
        day('Saturday', '10:00', '13:00'),
      ],
    });
    expect(openingHoursStructuredData(null)).toEqual({});
    expect(openingHoursStructuredData('whenever')).toEqual({});
  });
});

describe('time zones and open now', () => {
  it("takes each shop's zone from its state, accents and case ignored", () => {
    expect(shopTimeZone('Baja California')).toBe('America/Tijuana');
    expect(shopTimeZone('Quintana Roo')).toBe('America/Cancun');
    expect(shopTimeZone('Sonora')).toBe('America/Hermosillo');
    expect(shopTimeZone('Nuevo León')).toBe('America/Monterrey');
    expect(shopTimeZone('nuevo leon')).toBe('America/Monterrey');
    expect(shopTimeZone('Ciudad de México')).toBe('America/Mexico_City');
    expect(shopTimeZone('Puebla')).toBe('America/Mexico_City');
  });

  // Wednesday 2026-11-25 16:30 UTC: 08:30 in Tijuana (UTC-8), 11:30 in Cancún (UTC-5).
  const instant = Date.UTC(2026, 10, 25, 16, 30);

  it('reads the local day and time in a zone, never the server’s', () => {
    expect(localTime(instant, 'America/Tijuana')).toEqual({ day: 2, minutes: 8 * 60 + 30 });
    expect(localTime(instant, 'America/Cancun')).toEqual({ day: 2, minutes: 11 * 60 + 30 });
    expect(localTime(instant, 'America/Mexico_City')).toEqual({ day: 2, minutes: 10 * 60 + 30 });
  });

  it('answers from the local times a server sent for its instant, without an Intl clock', () => {
    const shops = [
      { state: 'Baja California', openingHours: 'Mo-Fr 09:00-14:00' },
      { state: 'Quintana Roo', openingHours: 'Mo-Fr 09:00-14:00' },
      { state: 'Jalisco', openingHours: null }, // no hours: no zone to send
    ];
    const sent = localTimesOf(shops, instant);
    expect(sent).toEqual({
      'America/Tijuana': { day: 2, minutes: 8 * 60 + 30 },
      'America/Cancun': { day: 2, minutes: 11 * 60 + 30 },
    });
    // The browser at another instant first (its cache holds that one), then hydrating the page.
    const later = instant + 3_600_000;
    localTime(later, 'America/Tijuana');
    const clocks = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      rememberLocalTimes(instant, JSON.parse(JSON.stringify(sent)));
      expect(localTime(instant, 'America/Tijuana')).toEqual(sent['America/Tijuana']);
      expect(localTime(instant, 'America/Cancun')).toEqual(sent['America/Cancun']);
      expect(clocks).not.toHaveBeenCalled();
    } finally {
      clocks.mockRestore();
    }
  });

  it('at the same instant a shop in Tijuana is still closed and one in Cancún is open', () => {
    const hours = week('Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00');
    expect(openingStatus(hours, 'America/Tijuana', instant)).toEqual({
      open: false,
      next: { inDays: 0, day: 2, minutes: 9 * 60 },
    });
    expect(openingStatus(hours, 'America/Cancun', instant)).toEqual({
      open: true,
      next: { inDays: 0, day: 2, minutes: 14 * 60 },
    });
  });

  // Tijuana keeps summer time (UTC-7 from March to November, UTC-8 in winter); Mexico City has had
  // none since 2022 (UTC-6 all year). So at 16:30 UTC Tijuana is one hour behind the capital in
  // July and two in January: a fixed offset for either zone gets one of the two seasons wrong.
  it('follows Tijuana into summer time, and Mexico City not', () => {
    const july = Date.UTC(2026, 6, 15, 16, 30); // Wednesday
    const january = Date.UTC(2026, 0, 14, 16, 30); // Wednesday
    expect(localTime(july, 'America/Tijuana')).toEqual({ day: 2, minutes: 9 * 60 + 30 });
    expect(localTime(july, 'America/Mexico_City')).toEqual({ day: 2, minutes: 10 * 60 + 30 });
    expect(localTime(january, 'America/Tijuana')).toEqual({ day: 2, minutes: 8 * 60 + 30 });
    expect(localTime(january, 'America/Mexico_City')).toEqual({ day: 2, minutes: 10 * 60 + 30 });

    const morning = week('Mo-Fr 09:00-10:00');
    expect(openingStatus(morning, 'America/Tijuana', july)).toEqual({
      open: true,
      next: { inDays: 0, day: 2, minutes: 10 * 60 },
    });
    expect(openingStatus(morning, 'America/Mexico_City', july).open).toBe(false);
    expect(openingStatus(morning, 'America/Tijuana', january)).toEqual({
      open: false,
      next: { inDays: 0, day: 2, minutes: 9 * 60 },
    });
    expect(openingStatus(morning, 'America/Mexico_City', january).open).toBe(false);
  });

  it('goes on past midnight and over closed days', () => {
    // Friday 23:30 in Mexico City (Saturday 05:30 UTC).
    const fridayNight = Date.UTC(2026, 10, 28, 5, 30);
    expect(openingStatus(week('Fr 18:00-24:00; Sa 00:00-02:00'), 'America/Mexico_City', fridayNight)).toEqual(
      {
        open: true,
        next: { inDays: 1, day: 5, minutes: 120 },
      },
    );
    expect(openingStatus(week('Mo-Fr 09:00-18:00'), 'America/Mexico_City', fridayNight)).toEqual({
      open: false,
      next: { inDays: 3, day: 0, minutes: 9 * 60 },
    });
    expect(openingStatus(week('24/7'), 'America/Mexico_City', fridayNight)).toEqual({
      open: true,
      next: null,
    });
  });
});

describe('the text is OpenStreetMap opening_hours', () => {
  // The reference parser (the opening_hours package, used by OSM's editors) reads our
  // canonical text and agrees with openingStatus every 20 minutes of a week.
  it('agrees with the reference parser on every state of generated weeks', async () => {
    const { default: OpeningHours } = await import('opening_hours');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let sample = 0; sample < 25; sample++) {
      const generated = Array.from({ length: 7 }, () => {
        const intervals = [];
        let at = 0;
        while (random() < 0.6 && at < 1380) {
          const start = at + Math.floor(random() * 8) * 60;
          const end = Math.min(1440, start + (1 + Math.floor(random() * 6)) * 60);
          if (start >= end) break;
          intervals.push([start, end]);
          at = end + 30;
        }
        return intervals;
      });
      const text = formatOpeningHours(generated);
      if (!text) continue;
      const reference = new OpeningHours(text);
      const monday = new Date(2026, 10, 23, 0, 5).getTime();
      for (let minute = 0; minute < 7 * 1440; minute += 20) {
        const at = monday + minute * 60_000;
        expect([text, minute, reference.getState(new Date(at))]).toEqual([
          text,
          minute,
          openingStatus(week(text), zone, at).open,
        ]);
      }
    }
  });
});
