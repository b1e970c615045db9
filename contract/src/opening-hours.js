// @ts-check
/*
 * A shop's weekly opening hours: the week as intervals per day, written as text in a subset of
 * OpenStreetMap's `opening_hours` syntax (the CSV column, the API and the database all carry
 * that text, e.g. `Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00`), and whether a shop is open
 * at an instant, in the shop's own time zone. The subset: day names and ranges (`Mo-Fr`,
 * `Sa,Su`), time ranges up to `24:00`, `off`, and `24/7`; no holidays, months or weeks. Written
 * here rather than with the opening_hours package, which carries every country's holidays and
 * would weigh on every visitor's first load (its own test checks that our text is valid OSM).
 */
import { stateKey } from './mexico.js';

/** The days of the week in order, Monday first, as OSM names them. */
export const WEEK_DAYS = /* @__PURE__ */ Object.freeze(
  /** @type {const} */ (['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']),
);

/** @typedef {(typeof WEEK_DAYS)[number]} WeekDay */
/** An interval of one day in minutes from midnight: start < end <= 1440 (24:00). @typedef {[number, number]} Interval */
/** The intervals of each day, Monday first (seven lists; an empty list is a closed day). @typedef {Interval[][]} Week */

/** The most intervals one day may have. */
export const MAX_INTERVALS_PER_DAY = 4;
const DAY_MINUTES = 1440;

/** A week with every day closed. @returns {Week} */
export const closedWeek = () => WEEK_DAYS.map(() => []);

/**
 * `HH:MM` as minutes from midnight (`24:00` is 1440), or null.
 * @param {string} text
 */
export function minutesOf(text) {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= DAY_MINUTES ? minutes : null;
}

/** @param {number} minutes */
export const timeText = (minutes) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Why a week cannot be kept, or null: an interval that ends before it starts (one that goes past
 * midnight is written as two, `22:00-24:00` and `00:00-02:00` the next day), two that overlap,
 * or too many in a day.
 * @param {Week} week
 * @returns {{ code: 'INVALID_HOURS' | 'OVERLAPPING_HOURS', day: number, interval: number, message: string } | null}
 */
export function weekProblem(week) {
  for (const [day, intervals] of week.entries()) {
    const name = WEEK_DAYS[day];
    if (intervals.length > MAX_INTERVALS_PER_DAY) {
      return {
        code: 'INVALID_HOURS',
        day,
        interval: MAX_INTERVALS_PER_DAY,
        message: `${name} has more than ${MAX_INTERVALS_PER_DAY} intervals`,
      };
    }
    for (const [index, [start, end]] of intervals.entries()) {
      if (!(start >= 0 && end <= DAY_MINUTES && start < end)) {
        return {
          code: 'INVALID_HOURS',
          day,
          interval: index,
          message: `${name} ${timeText(start)}-${timeText(end)} must end after it starts, at 24:00 at the latest`,
        };
      }
    }
    const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i][0] < sorted[i - 1][1]) {
        return {
          code: 'OVERLAPPING_HOURS',
          day,
          interval: intervals.indexOf(sorted[i]),
          message: `${name} ${timeText(sorted[i][0])}-${timeText(sorted[i][1])} overlaps ${timeText(sorted[i - 1][0])}-${timeText(sorted[i - 1][1])}`,
        };
      }
    }
  }
  return null;
}

/**
 * Day numbers of a day selector: `Mo`, `Mo-Fr`, `Fr-Mo` (wrapping), `Mo,We,Fr`.
 * @param {string} text
 * @returns {number[] | null}
 */
function daysOf(text) {
  const days = new Set();
  for (const part of text.split(',')) {
    const [from, to, ...rest] = part.trim().split('-');
    const start = WEEK_DAYS.indexOf(/** @type {WeekDay} */ (from));
    const end = to === undefined ? start : WEEK_DAYS.indexOf(/** @type {WeekDay} */ (to));
    if (rest.length || start < 0 || end < 0) return null;
    for (let day = start; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === end) break;
    }
  }
  return [...days];
}

/**
 * The longest opening hours text, in characters once trimmed: the shop field's `max`
 * (./shop-schema.js). Longer text is refused before it is read.
 */
export const MAX_OPENING_HOURS_LENGTH = 500;

/** One character of JavaScript's `\s` (the characters String.prototype.trim removes). */
const WHITESPACE = /\s/;
/** One character of a day selector (`Mo-Fr,Su`; plain spaces may stand between). */
const DAY_CHARACTER = /[A-Za-z,\- ]/;
/** One character of a list of time ranges (`09:00-14:00,16:00-19:00`). */
const TIME_CHARACTER = /[0-9:,\- ]/;

/**
 * A rule (`<days> <times>`, trimmed) split into its day selector and its times, or null when it
 * is not one. The days are letters, commas, dashes and spaces; then whitespace; then `off`,
 * `closed`, or digits, colons, commas, dashes and spaces to the end. Where a rule could be split
 * in more than one place, it is split at the first run of whitespace that leaves valid times
 * after it, and the whole run goes between the two parts (what the regular expression
 * `^([A-Za-z,\- ]+?)\s+(off|closed|[0-9:,\- ]+)$` that this replaces did, but in one pass:
 * that expression tried every place and took cubic time on a long rule that did not match).
 * @param {string} rule
 * @returns {{ days: string, times: string } | null}
 */
function splitRule(rule) {
  const length = rule.length;
  if (!DAY_CHARACTER.test(rule[0] ?? '')) return null;
  // Where the longest tail of time characters starts: times may begin there or later.
  let timesFrom = length;
  while (timesFrom > 0 && TIME_CHARACTER.test(rule[timesFrom - 1])) timesFrom--;
  // Each run of whitespace inside the day characters, in order; one scan of the rule.
  for (let at = 1; at < length;) {
    const character = rule[at];
    if (!WHITESPACE.test(character)) {
      if (!DAY_CHARACTER.test(character)) return null;
      at++;
      continue;
    }
    let end = at + 1;
    while (end < length && WHITESPACE.test(rule[end])) end++;
    const times = rule.slice(end);
    if (times === 'off' || times === 'closed' || (end >= timesFrom && end < length))
      return { days: rule.slice(0, at), times };
    // Only a plain space belongs to the days; any other whitespace ends them.
    for (let space = at; space < end; space++) if (rule[space] !== ' ') return null;
    at = end;
  }
  return null;
}

/**
 * Reads opening hours in the OSM subset into a week. Later rules replace earlier ones for their
 * days, as in OSM. Answers the week, or a problem with the OSM-style reason.
 * @param {string} text
 * @returns {{ week: Week } | { problem: string }}
 */
export function parseOpeningHours(text) {
  const source = text.trim();
  if (source.length > MAX_OPENING_HOURS_LENGTH)
    return { problem: `the text is longer than ${MAX_OPENING_HOURS_LENGTH} characters` };
  if (source === '24/7') return { week: WEEK_DAYS.map(() => [[0, DAY_MINUTES]]) };
  const week = closedWeek();
  for (const rule of source.split(';').map((part) => part.trim())) {
    if (!rule) continue;
    const parts = splitRule(rule);
    const days = parts && daysOf(parts.days.replaceAll(' ', ''));
    if (!parts || !days)
      return { problem: `"${rule}" is not "<days> <times>" (e.g. Mo-Fr 09:00-14:00,16:00-19:00)` };
    /** @type {Interval[]} */
    const intervals = [];
    if (parts.times !== 'off' && parts.times !== 'closed') {
      for (const range of parts.times.split(',')) {
        const [from, to, ...rest] = range.trim().split('-');
        const start = minutesOf(from ?? '');
        const end = minutesOf(to ?? '');
        if (rest.length || start === null || end === null)
          return { problem: `"${range.trim()}" is not a time range like 09:00-14:00` };
        intervals.push([start, end]);
      }
    }
    for (const day of days) week[day] = intervals.map(([start, end]) => [start, end]);
  }
  return { week };
}

/**
 * A week as its canonical text: days with the same intervals share one rule (consecutive days
 * as a range), rules in the order of their first day, closed days left out; `24/7` when open
 * all the time; '' when closed every day.
 * @param {Week} week
 */
export function formatOpeningHours(week) {
  const texts = week.map((intervals) =>
    [...intervals]
      .sort((a, b) => a[0] - b[0])
      .map(([start, end]) => `${timeText(start)}-${timeText(end)}`)
      .join(','),
  );
  if (texts.every((text) => text === '00:00-24:00')) return '24/7';
  const rules = [];
  const done = new Set();
  for (const [day, text] of texts.entries()) {
    if (!text || done.has(day)) continue;
    const days = texts.flatMap((other, index) => (other === text ? [index] : []));
    days.forEach((index) => done.add(index));
    rules.push(`${daySelector(days)} ${text}`);
  }
  return rules.join('; ');
}

/**
 * `[0,1,2,4]` → `Mo-We,Fr`.
 * @param {number[]} days
 */
function daySelector(days) {
  const parts = [];
  for (let i = 0; i < days.length;) {
    let j = i;
    while (j + 1 < days.length && days[j + 1] === days[j] + 1) j++;
    parts.push(j > i ? `${WEEK_DAYS[days[i]]}-${WEEK_DAYS[days[j]]}` : WEEK_DAYS[days[i]]);
    i = j + 1;
  }
  return parts.join(',');
}

/**
 * The time zone of a Mexican state, by its name as shops write it (accents, case and the usual
 * short forms ignored). Mexico has kept one offset all year since 2022, but for the northern
 * border; these zones carry that. A state this does not know is in Mexico City's zone.
 */
const ZONES_BY_STATE = /* @__PURE__ */ new Map([
  ['baja california', 'America/Tijuana'],
  ['bc', 'America/Tijuana'],
  ['baja california sur', 'America/Mazatlan'],
  ['bcs', 'America/Mazatlan'],
  ['sonora', 'America/Hermosillo'],
  ['sinaloa', 'America/Mazatlan'],
  ['nayarit', 'America/Mazatlan'],
  ['chihuahua', 'America/Chihuahua'],
  ['quintana roo', 'America/Cancun'],
  ['coahuila', 'America/Monterrey'],
  ['coahuila de zaragoza', 'America/Monterrey'],
  ['nuevo leon', 'America/Monterrey'],
  ['tamaulipas', 'America/Matamoros'],
]);
export const DEFAULT_SHOP_TIME_ZONE = 'America/Mexico_City';

/**
 * The IANA time zone a shop keeps its hours in, from its state.
 * @param {string} state
 */
export function shopTimeZone(state) {
  return ZONES_BY_STATE.get(stateKey(state)) ?? DEFAULT_SHOP_TIME_ZONE;
}

/** @type {Map<string, Intl.DateTimeFormat>} */
const clocks = new Map();
let lastInstant = NaN;
/** @type {Map<string, { day: number, minutes: number }>} */
const lastTimes = new Map();

/**
 * The weekday (0 = Monday) and minute of the day of an instant in a time zone.
 * @param {number} instant epoch milliseconds
 * @param {string} timeZone
 */
export function localTime(instant, timeZone) {
  // A listing asks this for thousands of shops at one instant, in a handful of zones: the
  // answer for the last instant is kept per zone (formatToParts is the costly part).
  if (instant !== lastInstant) {
    lastInstant = instant;
    lastTimes.clear();
  }
  const known = lastTimes.get(timeZone);
  if (known) return known;
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  const parts = Object.fromEntries(clock.formatToParts(instant).map((part) => [part.type, part.value]));
  const day = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(String(parts.weekday));
  const time = Object.freeze({ day, minutes: Number(parts.hour) * 60 + Number(parts.minute) });
  lastTimes.set(timeZone, time);
  return time;
}

/**
 * The local time in each zone of `shops` (those with hours) at an instant, as `localTime` gives
 * it: a server-rendered page carries these for its render instant (`rememberLocalTimes`), so the
 * browser's hydration draws the same open/closed marks without an Intl clock, whose first use
 * loads the time-zone data (about a third of a directory page's hydration on a slow phone).
 * @param {readonly { state: string, openingHours?: string | null }[]} shops
 * @param {number} instant epoch milliseconds
 * @returns {Record<string, { day: number, minutes: number }>}
 */
export function localTimesOf(shops, instant) {
  const zones = new Set(shops.filter((shop) => shop.openingHours).map((shop) => shopTimeZone(shop.state)));
  return Object.fromEntries([...zones].map((zone) => [zone, localTime(instant, zone)]));
}

/**
 * Takes local times computed elsewhere for an instant (the server's, from `localTimesOf`) as
 * `localTime`'s answers for that instant.
 * @param {number} instant epoch milliseconds
 * @param {Record<string, { day: number, minutes: number }>} times
 */
export function rememberLocalTimes(instant, times) {
  if (instant !== lastInstant) {
    lastInstant = instant;
    lastTimes.clear();
  }
  for (const [zone, { day, minutes }] of Object.entries(times))
    if (!lastTimes.has(zone)) lastTimes.set(zone, Object.freeze({ day, minutes }));
}

/**
 * Whether a week is open at an instant in a time zone (openingStatus without the next change,
 * for the listing's filter over every shop).
 * @param {Week} week
 * @param {string} timeZone
 * @param {number} instant epoch milliseconds
 */
export function isOpenIn(week, timeZone, instant) {
  const { day, minutes } = localTime(instant, timeZone);
  return week[day].some(([start, end]) => start <= minutes && minutes < end);
}

/**
 * Whether a shop is open at an instant, and when that changes: `next` is the day offset (0
 * today, 1 tomorrow, ... up to 7) and the minute of that day; null when it never changes (open
 * all the time). Intervals that meet at midnight count as one (open until Tuesday 02:00).
 * @param {Week} week
 * @param {string} timeZone
 * @param {number} instant epoch milliseconds
 * @returns {{ open: boolean, next: { inDays: number, day: number, minutes: number } | null }}
 */
export function openingStatus(week, timeZone, instant) {
  const { day, minutes } = localTime(instant, timeZone);
  const isOpenAt = (/** @type {number} */ d, /** @type {number} */ m) =>
    week[d % 7].some(([start, end]) => start <= m && m < end);
  const open = isOpenAt(day, minutes);
  // Walk forward minute boundaries of intervals (starts and ends) for a week.
  for (let offset = 0; offset <= 7; offset++) {
    const d = (day + offset) % 7;
    const boundaries = week[d].flatMap(([start, end]) => [start, end]).sort((a, b) => a - b);
    for (const boundary of boundaries) {
      if (offset === 0 && boundary <= minutes) continue;
      const at = boundary === DAY_MINUTES ? { d: d + 1, m: 0 } : { d, m: boundary };
      if (isOpenAt(at.d, at.m) !== open) {
        const inDays = offset + (boundary === DAY_MINUTES ? 1 : 0);
        return { open, next: { inDays, day: at.d % 7, minutes: at.m } };
      }
    }
  }
  return { open, next: null };
}

/**
 * A week from the text a shop stores (null or '' for no hours).
 * @param {string | null | undefined} text
 * @returns {Week | null}
 */
export function weekOf(text) {
  if (!text) return null;
  const parsed = parseOpeningHours(text);
  return 'week' in parsed ? parsed.week : null;
}

/**
 * The week a text describes, or why it cannot be kept: not in the syntax, or a week with a
 * problem (weekProblem).
 * @param {string} text
 * @returns {{ week: Week } | { code: 'INVALID_HOURS' | 'OVERLAPPING_HOURS', message: string }}
 */
function validWeek(text) {
  const parsed = parseOpeningHours(text);
  if (!('week' in parsed)) return { code: 'INVALID_HOURS', message: parsed.problem };
  const problem = weekProblem(parsed.week);
  return problem ? { code: problem.code, message: problem.message } : parsed;
}

/**
 * Opening hours as the text format of a shop field (./shop-schema.js): a valid week is kept in
 * its one canonical spelling ('' when closed all week); anything else is refused with one of
 * `codes` and an OSM-style reason.
 */
export const OPENING_HOURS_FORMAT = /* @__PURE__ */ Object.freeze({
  codes: /** @type {const} */ (['INVALID_HOURS', 'OVERLAPPING_HOURS']),
  /**
   * @param {string} text
   * @returns {string | null} null when the text is not a valid week
   */
  canonical(text) {
    const read = validWeek(text);
    return 'week' in read ? formatOpeningHours(read.week) : null;
  },
  /**
   * @param {string} text
   * @returns {{ code: 'INVALID_HOURS' | 'OVERLAPPING_HOURS', message: string } | null}
   */
  problem(text) {
    const read = validWeek(text);
    return 'week' in read ? null : read;
  },
});

const SCHEMA_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * What a shop's hours add to its schema.org LocalBusiness: its week as
 * OpeningHoursSpecification, one entry per interval (a day that closes at midnight closes at
 * 23:59, as search engines read it); nothing for a shop without hours.
 * @param {unknown} value the stored text
 * @returns {Record<string, unknown>}
 */
export function openingHoursStructuredData(value) {
  const week = weekOf(typeof value === 'string' ? value : null);
  if (!week) return {};
  return {
    openingHoursSpecification: week.flatMap((intervals, day) =>
      intervals.map(([start, end]) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: `https://schema.org/${SCHEMA_DAYS[day]}`,
        opens: timeText(start),
        closes: end === DAY_MINUTES ? '23:59' : timeText(end),
      })),
    ),
  };
}

/** The value of the listing's `open` parameter that keeps only the shops open now. */
export const OPEN_NOW = 'now';

// Each shop's week and zone, read once per shop object (as the listing's search text is).
/** @type {WeakMap<object, { week: Week, zone: string } | null>} */
const weeks = new WeakMap();

/**
 * Is the shop open at `now` (epoch ms), in its own time zone? A shop without hours is not.
 * @param {{ state: string, openingHours?: string | null }} shop
 * @param {number} now
 */
export function isOpenAt(shop, now) {
  let hours = weeks.get(shop);
  if (hours === undefined) {
    const week = weekOf(shop.openingHours);
    hours = week ? { week, zone: shopTimeZone(shop.state) } : null;
    weeks.set(shop, hours);
  }
  return hours !== null && isOpenIn(hours.week, hours.zone, now);
}
