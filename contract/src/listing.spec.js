// Unit tests of the listing's toggles (run by the backend's Jest: backend/jest.config.js).
import { describe, expect, it } from '@jest/globals';
import {
  ALL,
  filterShops,
  LISTING_FILTER_PARAMS,
  LISTING_TOGGLES,
  NO_FILTERS,
  OPEN_NOW,
  SHOP_SCHEMA,
} from './index.js';

/** @param {string} name @param {string} state @param {string | null} openingHours */
const shop = (name, state, openingHours) => ({
  name,
  description: '',
  city: 'Ciudad',
  state,
  categories: ['Armería'],
  openingHours,
});

const HOURS = 'Mo-Fr 09:00-14:00,16:00-19:00';
// Tijuana and Cancún keep the same hours three hours apart; a shop without hours is never open.
const SHOPS = [
  shop('Frontera', 'Baja California', HOURS),
  shop('Caribe', 'Quintana Roo', HOURS),
  shop('Sin horario', 'Jalisco', null),
];
// Wednesday 2026-11-25 16:30 UTC: 08:30 in Tijuana (closed), 11:30 in Cancún (open).
const NOW = Date.UTC(2026, 10, 25, 16, 30);

describe('listing toggles', () => {
  it('come from the schema fields that declare a listingFilter, in its order', () => {
    const declared = SHOP_SCHEMA.flatMap((field) => (field.listingFilter ? [field.listingFilter] : []));
    expect(LISTING_TOGGLES).toEqual(declared);
    expect(SHOP_SCHEMA.find((field) => field.name === 'openingHours')?.listingFilter).toMatchObject({
      param: 'open',
      value: OPEN_NOW,
      changesWithTime: true,
    });
  });

  it('are off in NO_FILTERS and follow the other filters among the URL parameters', () => {
    for (const { param } of LISTING_TOGGLES) expect(NO_FILTERS[param]).toBe(ALL);
    expect(LISTING_FILTER_PARAMS).toEqual([
      'q',
      'category',
      'city',
      'state',
      ...LISTING_TOGGLES.map(({ param }) => param),
    ]);
  });

  it.each(LISTING_TOGGLES.map((toggle) => [toggle.param, toggle]))(
    'filterShops keeps what the %s toggle keeps when it is on, and every shop at `all`',
    (param, toggle) => {
      const kept = SHOPS.filter((s) => toggle.keeps(s, NOW));
      expect(filterShops(SHOPS, { ...NO_FILTERS, [param]: toggle.value }, NOW)).toEqual(kept);
      expect(filterShops(SHOPS, { ...NO_FILTERS, [param]: ALL }, NOW)).toEqual(SHOPS);
      expect(filterShops(SHOPS, { ...NO_FILTERS, [param]: 'something else' }, NOW)).toEqual(SHOPS);
    },
  );

  it("keeps only the shops open at the moment with open 'now', and every shop with open 'all'", () => {
    const names = (/** @type {{ name: string }[]} */ shops) => shops.map(({ name }) => name);
    expect(names(filterShops(SHOPS, { ...NO_FILTERS, open: OPEN_NOW }, NOW))).toEqual(['Caribe']);
    // Three hours on: 11:30 in Tijuana (open), 14:30 in Cancún (closed for lunch).
    expect(names(filterShops(SHOPS, { ...NO_FILTERS, open: OPEN_NOW }, NOW + 3 * 3_600_000))).toEqual([
      'Frontera',
    ]);
    expect(filterShops(SHOPS, { ...NO_FILTERS, open: ALL }, NOW)).toHaveLength(3);
  });
});
