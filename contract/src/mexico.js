// @ts-check
/*
 * Where Mexico and its states lie, for the rules on a shop's coordinates: a shop outside Mexico's
 * box is refused (the schema's coordinate limits), a shop outside its own state's box is only
 * warned about (a state's name is free text, and a shop may sit just over a border).
 *
 * The boxes are the extremes (south, north, west, east, in degrees) of each state's outline in
 * amCharts' "mexicoHigh" GeoJSON of Mexico's states, rounded outwards to two decimals, except
 * that Baja California Sur's leaves out the Revillagigedo Islands (they would stretch its box
 * 500 km south over the Pacific). Mexico's box is the union of the states', rounded
 * outwards to a quarter of a degree: Isla Guadalupe in the west, Isla Mujeres in the east, the
 * Suchiate's mouth in the south, the border near Los Algodones in the north.
 */

/** @typedef {{ south: number, north: number, west: number, east: number }} GeoBox */

/** Every shop's latitude and longitude lie within these degrees. */
export const MEXICO_BOUNDS = /* @__PURE__ */ Object.freeze({
  south: 14.5,
  north: 32.75,
  west: -118.5,
  east: -86.5,
});

/** A shop this many degrees (about 30 km) outside its state's box is far from it. */
const STATE_MARGIN = 0.3;

/** @param {number} south @param {number} north @param {number} west @param {number} east @returns {GeoBox} */
const box = (south, north, west, east) => Object.freeze({ south, north, west, east });

/** Each state's box, by its name as `stateKey` spells it (more than one name for some). */
const STATE_BOXES = /* @__PURE__ */ new Map([
  ['aguascalientes', box(21.62, 22.42, -102.88, -101.89)],
  ['baja california', box(27.87, 32.72, -118.37, -112.54)],
  ['baja california sur', box(22.86, 27.96, -115.22, -109.41)],
  ['campeche', box(17.81, 20.81, -92.47, -89.01)],
  ['chiapas', box(14.53, 17.98, -94.16, -90.39)],
  ['chihuahua', box(25.59, 31.79, -109.04, -103.38)],
  ['ciudad de mexico', box(19.02, 19.53, -99.33, -98.85)],
  ['coahuila', box(24.51, 29.88, -104.04, -99.84)],
  ['colima', box(18.69, 19.57, -104.71, -103.48)],
  ['durango', box(22.3, 26.84, -107.27, -102.53)],
  ['estado de mexico', box(18.34, 20.31, -100.48, -98.54)],
  ['guanajuato', box(19.91, 21.86, -102.14, -99.71)],
  ['guerrero', box(16.31, 19.06, -102.19, -98.02)],
  ['hidalgo', box(19.55, 21.42, -99.87, -97.93)],
  ['jalisco', box(18.95, 22.67, -105.7, -101.54)],
  ['michoacan', box(17.91, 20.38, -103.75, -100.09)],
  ['morelos', box(18.34, 19.08, -99.48, -98.54)],
  ['nayarit', box(20.59, 23.05, -106.69, -103.8)],
  ['nuevo leon', box(23.17, 27.78, -101.27, -98.41)],
  ['oaxaca', box(15.65, 18.64, -98.56, -93.87)],
  ['puebla', box(17.91, 20.86, -98.98, -96.64)],
  ['queretaro', box(20.04, 21.59, -100.59, -99.04)],
  ['quintana roo', box(17.86, 21.59, -89.42, -86.72)],
  ['san luis potosi', box(21.19, 24.54, -102.29, -98.33)],
  ['sinaloa', box(22.47, 27.05, -109.45, -105.39)],
  ['sonora', box(26.3, 32.5, -115.04, -108.32)],
  ['tabasco', box(17.25, 18.65, -94.13, -90.98)],
  ['tamaulipas', box(22.19, 27.67, -100.13, -97.14)],
  ['tlaxcala', box(19.13, 19.77, -98.68, -97.54)],
  ['veracruz', box(17.15, 22.46, -98.72, -93.6)],
  ['yucatan', box(19.65, 21.63, -90.42, -87.52)],
  ['zacatecas', box(20.99, 25.15, -104.37, -100.83)],
]);

/** The other names shops write for a state (official long names, common short ones). */
const STATE_ALIASES = /* @__PURE__ */ new Map([
  ['bc', 'baja california'],
  ['bcs', 'baja california sur'],
  ['cdmx', 'ciudad de mexico'],
  ['df', 'ciudad de mexico'],
  ['distrito federal', 'ciudad de mexico'],
  ['coahuila de zaragoza', 'coahuila'],
  ['mexico', 'estado de mexico'],
  ['edomex', 'estado de mexico'],
  ['edo mex', 'estado de mexico'],
  ['michoacan de ocampo', 'michoacan'],
  ['veracruz de ignacio de la llave', 'veracruz'],
]);

/**
 * A state's name as the tables look it up: accents, case, dots and repeated spaces ignored.
 * @param {string} state
 */
export function stateKey(state) {
  return state
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.\s]+/g, ' ')
    .trim();
}

/**
 * The box a Mexican state lies in, by its name as shops write it; undefined for a name this does
 * not know.
 * @param {string} state
 * @returns {GeoBox | undefined}
 */
export function stateBounds(state) {
  const key = stateKey(state);
  return STATE_BOXES.get(STATE_ALIASES.get(key) ?? key);
}

/**
 * Is the point far from the state's usual area (outside its box and a margin)? False when the
 * state is not one this knows: nothing to compare with.
 * @param {string} state
 * @param {number} latitude
 * @param {number} longitude
 */
export function isFarFromState(state, latitude, longitude) {
  const bounds = stateBounds(state);
  if (!bounds) return false;
  return (
    latitude < bounds.south - STATE_MARGIN ||
    latitude > bounds.north + STATE_MARGIN ||
    longitude < bounds.west - STATE_MARGIN ||
    longitude > bounds.east + STATE_MARGIN
  );
}
