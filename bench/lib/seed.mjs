/**
 * Seeds the directory through the real API (POST /api/admin/shops), so the seed exercises
 * validation, the transaction, the version bump and the catalogue rebuild of every write.
 */
import { LOGO_ICON_KEYS as LOGOS, SHOP_CATEGORIES as CATEGORIES } from 'contract';
import { rawRequest } from './server.mjs';

export const ADMIN = { username: 'benchadmin', password: 'bench-password-long-enough-123' };

// [city, state, latitude, longitude, phone area code]
const CITIES = [
  ['Guadalajara', 'Jalisco', 20.6736, -103.344, '33'],
  ['Zapopan', 'Jalisco', 20.7214, -103.3918, '33'],
  ['Monterrey', 'Nuevo León', 25.6866, -100.3161, '81'],
  ['San Pedro Garza García', 'Nuevo León', 25.6573, -100.4026, '81'],
  ['Ciudad de México', 'Ciudad de México', 19.4326, -99.1332, '55'],
  ['Puebla', 'Puebla', 19.0414, -98.2063, '222'],
  ['Querétaro', 'Querétaro', 20.5888, -100.3899, '442'],
  ['León', 'Guanajuato', 21.125, -101.686, '477'],
  ['Mérida', 'Yucatán', 20.9674, -89.5926, '999'],
  ['Chihuahua', 'Chihuahua', 28.6353, -106.0889, '614'],
  ['Hermosillo', 'Sonora', 29.0729, -110.9559, '662'],
  ['Culiacán', 'Sinaloa', 24.8091, -107.394, '667'],
  ['Torreón', 'Coahuila', 25.5428, -103.4068, '871'],
  ['Saltillo', 'Coahuila', 25.4383, -100.9737, '844'],
  ['San Luis Potosí', 'San Luis Potosí', 22.1565, -100.9855, '444'],
  ['Aguascalientes', 'Aguascalientes', 21.8853, -102.2916, '449'],
  ['Morelia', 'Michoacán', 19.706, -101.195, '443'],
  ['Toluca', 'Estado de México', 19.2826, -99.6557, '722'],
  ['Veracruz', 'Veracruz', 19.1738, -96.1342, '229'],
  ['Oaxaca de Juárez', 'Oaxaca', 17.0732, -96.7266, '951'],
  ['Tijuana', 'Baja California', 32.5149, -117.0382, '664'],
  ['Durango', 'Durango', 24.0277, -104.6532, '618'],
  ['Villahermosa', 'Tabasco', 17.9892, -92.9475, '993'],
  ['Tuxtla Gutiérrez', 'Chiapas', 16.7528, -93.1152, '961'],
];
const PREFIXES = [
  'Armería',
  'Taller',
  'Club de Tiro',
  'Armería y Cacería',
  'Servicio Técnico',
  'Casa de Armas',
];
const NAMES = [
  'El Centinela',
  'La Mira',
  'San Jorge',
  'El Halcón',
  'Los Pinos',
  'El Venado',
  'La Sierra',
  'Del Norte',
  'El Cazador',
  'La Perdiz',
  'Tres Ríos',
  'El Águila',
  'Precisión',
  'El Faro',
];
const STREETS = [
  'Av. Juárez',
  'Calle Hidalgo',
  'Av. Revolución',
  'Calle Morelos',
  'Blvd. Independencia',
  'Av. Reforma',
];
const COLONIAS = ['Centro', 'Del Valle', 'Las Américas', 'Jardines', 'Industrial', 'San Benito'];

/** Small deterministic PRNG, so every run seeds the very same directory. */
function prng(seed) {
  return () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Shop number `i` (0-based) as a POST /api/admin/shops body. */
export function shopBody(i, random = prng(i + 1)) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const [city, state, lat, lng, area] = pick(CITIES);
  const name = `${pick(PREFIXES)} ${pick(NAMES)} ${i + 1}`;
  const slug = `armeria${i + 1}`;
  const categories = [
    ...new Set(Array.from({ length: 1 + Math.floor(random() * 4) }, () => pick(CATEGORIES))),
  ];
  const latitude = Math.round((lat + (random() - 0.5) * 0.2) * 1e6) / 1e6;
  const longitude = Math.round((lng + (random() - 0.5) * 0.2) * 1e6) / 1e6;
  const digits = String(Math.floor(random() * 1e7)).padStart(7, '0');
  return {
    name,
    description:
      `Taller certificado en ${city}, ${state}. Reparación, ajuste y mantenimiento de armas deportivas ` +
      `y de caza, con armeros acreditados por la alianza. Atención con cita previa; ` +
      `${categories.join(', ').toLowerCase()}.`,
    address: `${pick(STREETS)} ${100 + Math.floor(random() * 3000)}, Col. ${pick(COLONIAS)}`,
    city,
    state,
    phone: `+52 ${area} ${digits.slice(0, 3)} ${digits.slice(3)}`,
    email: `contacto@${slug}.example`,
    website: random() < 0.7 ? `https://www.${slug}.example` : null,
    categories,
    logo: pick(LOGOS),
    mapImageUrl: `https://maps.example/static/${slug}.png`,
    googleMapsUrl: `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`,
    latitude,
    longitude,
    isVerified: random() < 0.35 ? 'true' : 'false',
  };
}

/** Creates the first admin and logs in; returns the `atm.sid` cookie. */
export async function adminSession(url) {
  const created = await rawRequest('POST', `${url}/api/auth/create-admin`, { body: ADMIN });
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`create-admin answered ${created.status}: ${created.body}`);
  }
  return login(url);
}

/** Logs the bench admin in; returns the `atm.sid` cookie. */
export async function login(url) {
  const login = await rawRequest('POST', `${url}/api/auth/login`, { body: ADMIN });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.body}`);
  const cookie = (login.headers['set-cookie'] ?? []).find((c) => c.startsWith('atm.sid='));
  if (!cookie) throw new Error('login set no atm.sid cookie');
  return cookie.split(';')[0];
}

/**
 * POSTs `count` shops, `parallel` at a time; returns their ids and the seeding rate. A 5xx is
 * retried (up to 5 times per shop) and counted: on MariaDB concurrent creates can deadlock,
 * which the report must show rather than hide or abort on. `makeBody(i)` (may be async, e.g.
 * to upload the shop's images first) gives shop `i`'s body; by default `shopBody(i)`.
 */
export async function seedShops(url, cookie, count, parallel = 8, makeBody = shopBody) {
  const ids = [];
  const failures = {};
  const started = performance.now();
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      const body = await makeBody(i);
      for (let attempt = 1; ; attempt++) {
        const res = await rawRequest('POST', `${url}/api/admin/shops`, {
          headers: { cookie },
          body,
        });
        if (res.status === 201) {
          ids.push(JSON.parse(res.body).id);
          break;
        }
        failures[res.status] = (failures[res.status] ?? 0) + 1;
        if (res.status < 500 || attempt === 5) {
          throw new Error(`POST /api/admin/shops #${i} answered ${res.status}: ${res.body}`);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { ids, seconds, perSecond: count / seconds, failures };
}
