// Unit tests of where Mexico and its states lie (run by the backend's Jest: backend/jest.config.js).
import { describe, expect, it } from '@jest/globals';
import { checkShop, isFarFromState, MEXICO_BOUNDS, shopTimeZone, stateBounds } from './index.js';
import { readFileSync } from 'node:fs';

/** @type {{ name: string, state: string, latitude: number | null, longitude: number }[]} */
const demoShops = JSON.parse(
  readFileSync(new URL('../../backend/src/shops/demo/demo-shops.json', import.meta.url), 'utf8'),
);

/** Places in each corner of the country, and state capitals. */
const PLACES = [
  ['Baja California', 32.5149, -117.0382], // Tijuana
  ['Baja California', 29.0333, -118.2833], // Isla Guadalupe
  ['Chiapas', 14.6767, -92.1472], // Suchiate's mouth, near Puerto Madero
  ['Quintana Roo', 21.2311, -86.7308], // Isla Mujeres
  ['Yucatán', 20.9674, -89.5926], // Mérida
  ['Ciudad de México', 19.4326, -99.1332],
  ['Estado de México', 19.2826, -99.6557], // Toluca
  ['Baja California Sur', 22.8905, -109.9167], // Cabo San Lucas
  ['Colima', 19.2452, -103.7241],
  ['Veracruz', 19.1738, -96.1342],
];

describe("Mexico's box", () => {
  it.each(PLACES)('holds %s at %p, %p', (_state, latitude, longitude) => {
    expect(checkShop({ latitude, longitude }, { only: ['latitude', 'longitude'] }).problems).toEqual([]);
  });

  it.each([
    ['a wrong sign of the latitude (the Pacific, south of the equator)', -19.4326, -99.1332, ['latitude']],
    ['a wrong sign of the longitude (Asia)', 19.4326, 99.1332, ['longitude']],
    ['a swapped pair', -99.1332, 19.4326, ['latitude', 'longitude']],
    ['Null Island', 0, 0, ['latitude', 'longitude']],
    ['Houston', 29.7604, -95.3698, []], // inside the box: the state's warning, not the box, catches it
    ['Guatemala City', 14.6349, -90.5069, []],
    ['Havana', 23.1136, -82.3666, ['longitude']],
    ['Los Angeles', 34.0522, -118.2437, ['latitude']],
  ])('refuses or not %s', (_case, latitude, longitude, refused) => {
    const { problems } = checkShop({ latitude, longitude }, { only: ['latitude', 'longitude'] });
    expect(problems.map((problem) => problem.field)).toEqual(refused);
    for (const problem of problems) expect(problem.code).toBe('OUT_OF_RANGE');
  });

  it("is every state's box together", () => {
    const states = PLACES.map(([state]) => /** @type {import('./mexico.js').GeoBox} */ (stateBounds(state)));
    expect(Math.min(...states.map((box) => box.south))).toBeGreaterThanOrEqual(MEXICO_BOUNDS.south);
    expect(Math.max(...states.map((box) => box.north))).toBeLessThanOrEqual(MEXICO_BOUNDS.north);
    expect(Math.min(...states.map((box) => box.west))).toBeGreaterThanOrEqual(MEXICO_BOUNDS.west);
    expect(Math.max(...states.map((box) => box.east))).toBeLessThanOrEqual(MEXICO_BOUNDS.east);
  });
});

describe("a state's usual area", () => {
  it.each(PLACES)('holds %s at %p, %p', (state, latitude, longitude) => {
    expect(isFarFromState(state, latitude, longitude)).toBe(false);
  });

  it('holds every demo shop in its own state', () => {
    const located = demoShops.filter((shop) => shop.latitude !== null);
    expect(located.length).toBeGreaterThan(10);
    for (const shop of located)
      expect([shop.name, isFarFromState(shop.state, shop.latitude, shop.longitude)]).toEqual([
        shop.name,
        false,
      ]);
  });

  it('finds a point far from the state named, and forgives one just over its border', () => {
    expect(isFarFromState('Jalisco', 25.6866, -100.3161)).toBe(true); // Monterrey
    expect(isFarFromState('Yucatán', 19.4326, -99.1332)).toBe(true);
    expect(isFarFromState('Nuevo León', 29.7604, -95.3698)).toBe(true); // Houston
    expect(isFarFromState('Ciudad de México', 19.6, -99.05)).toBe(false); // Ecatepec, next door
  });

  it('reads the names shops write (accents, case, short and official names)', () => {
    for (const name of ['yucatan', 'YUCATÁN', ' Yucatán '])
      expect(stateBounds(name)).toBe(stateBounds('Yucatán'));
    expect(stateBounds('CDMX')).toBe(stateBounds('Ciudad de México'));
    expect(stateBounds('Coahuila de Zaragoza')).toBe(stateBounds('Coahuila'));
    expect(stateBounds('Edo. Mex.')).toBe(stateBounds('Estado de México'));
    expect(stateBounds('Veracruz de Ignacio de la Llave')).toBe(stateBounds('Veracruz'));
  });

  it('warns of nothing for a state it does not know', () => {
    expect(stateBounds('Texas')).toBeUndefined();
    expect(isFarFromState('Texas', 19.4326, -99.1332)).toBe(false);
  });

  it("still finds each state's time zone by the same names", () => {
    expect(shopTimeZone('Baja California')).toBe('America/Tijuana');
    expect(shopTimeZone('NUEVO LEÓN')).toBe('America/Monterrey');
  });
});
