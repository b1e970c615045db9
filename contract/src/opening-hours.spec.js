// Unit tests of opening hours (run by the backend's Jest: backend/jest.config.js).
import { describe, expect, it } from '@jest/globals';
import {
  formatOpeningHours,
  localTime,
  openingHoursStructuredData,
  openingStatus,
  parseOpeningHours,
  shopTimeZone,
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
