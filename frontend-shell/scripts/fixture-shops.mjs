// 30 realistic (invented) Mexican gunsmith shops, shaped exactly like GET /api/shops, for the
// preview server and screenshots. Names, phones and addresses are fictitious.
import { LOGO_ICON_KEYS, SHOP_CATEGORIES as CATEGORIES } from 'contract';

const PLACES = [
  ['Monterrey', 'Nuevo León', 25.6866, -100.3161],
  ['San Pedro Garza García', 'Nuevo León', 25.6573, -100.4026],
  ['Guadalajara', 'Jalisco', 20.6597, -103.3496],
  ['Zapopan', 'Jalisco', 20.7214, -103.3918],
  ['Ciudad de México', 'Ciudad de México', 19.4326, -99.1332],
  ['Puebla', 'Puebla', 19.0414, -98.2063],
  ['León', 'Guanajuato', 21.125, -101.686],
  ['Querétaro', 'Querétaro', 20.5888, -100.3899],
  ['Mérida', 'Yucatán', 20.9674, -89.5926],
  ['Hermosillo', 'Sonora', 29.0729, -110.9559],
  ['Chihuahua', 'Chihuahua', 28.632, -106.0691],
  ['Culiacán', 'Sinaloa', 24.8091, -107.394],
];
const NAMES = [
  'Armería del Norte',
  'Taller de Armas Regiomontano',
  'Precisión Tapatía',
  'Armería San Javier',
  'El Cazador de Zapopan',
  'Club de Tiro Chapultepec',
  'Armería La Ciudadela',
  'Municiones y Recargas Coyoacán',
  'Taller Angelópolis',
  'Armería Cholula',
  'Tiro Deportivo del Bajío',
  'Armería Hidalgo León',
  'Armas Queretanas',
  'Taller del Año Nuevo',
  'Armería Peninsular',
  'Cacería Yucateca',
  'Armería del Desierto',
  'Taller Sonorense de Precisión',
  'Armería Sierra Madre',
  'Cazadores de Chihuahua',
  'Armería Culiacán',
  'Armería Doña Ñeca',
  'Colección y Armas Antiguas',
  'Seguridad Integral Azteca',
  'Capacitación Táctica Monterrey',
  'Mantenimiento de Armas Jalisco',
  'Armería Río Bravo',
  'Accesorios de Tiro Mx',
  'Taller Maya de Armería',
  'Armería Los Altos',
];
const LOGOS = [
  ...LOGO_ICON_KEYS,
  '/objects/fixtures/logo-1.svg',
  '/objects/fixtures/missing.png',
  'https://cdn.example.invalid/broken.png',
  'tienda',
];
const DESCRIPTIONS = [
  'Venta, reparación y mantenimiento de armas deportivas con registro ante la SEDENA.',
  'Especialistas en ajuste de gatillos, miras y puesta a punto para tiro de precisión.',
  'Armería familiar con más de 30 años de experiencia en armas de caza y colección.',
  'Cursos de manejo seguro, limpieza y almacenamiento responsable de armas.',
  'Accesorios, fundas, óptica y artículos de seguridad para tiradores deportivos.',
];

export const fixtureShops = NAMES.map((name, i) => {
  const [city, state, lat, lng] = PLACES[i % PLACES.length];
  const count = 1 + ((i * 7) % 6);
  const categories = Array.from(
    { length: count },
    (_, k) => CATEGORIES[(i + k * 2) % CATEGORIES.length],
  ).filter((c, k, all) => all.indexOf(c) === k);
  const slug = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const stamp = new Date(Date.UTC(2024, i % 12, 1 + i)).toISOString();
  return {
    id: `3f2b8c1e-5d4a-4c7b-9e21-${String(i + 1).padStart(12, '0')}`,
    name,
    description: DESCRIPTIONS[i % DESCRIPTIONS.length],
    address: `Av. ${['Juárez', 'Hidalgo', 'Morelos', 'Reforma', 'Independencia'][i % 5]} ${100 + i * 13}, Col. Centro`,
    city,
    state,
    phone: `+52 (${String(33 + (i % 60)).padStart(2, '0')}) 5555-${String(1000 + i * 37).slice(-4)}`,
    email: `contacto@${slug}.example.mx`,
    website: i % 3 === 0 ? null : `https://${slug}.example.mx`,
    categories,
    logo: LOGOS[i % LOGOS.length],
    mapImageUrl: '/objects/fixtures/map.svg',
    googleMapsUrl: `https://www.google.com/maps/search/?api=1&query=${lat},${lng}`,
    latitude: lat,
    longitude: lng,
    isVerified: i % 4 === 1 ? 'false' : 'true',
    createdAt: stamp,
    updatedAt: stamp,
  };
});

const sortedUnique = (values) => [...new Set(values)].sort((a, b) => a.localeCompare(b, 'es'));
export const fixtureCategories = sortedUnique(fixtureShops.flatMap((s) => s.categories));
export const fixtureCities = sortedUnique(fixtureShops.map((s) => s.city));
export const fixtureStates = sortedUnique(fixtureShops.map((s) => s.state));

export const fixtureImages = {
  'logo-1.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="#8c1d18"/><text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">AN</text></svg>`,
  'map.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 320"><rect width="640" height="320" fill="#e8efe3"/><path d="M0 220 C160 180 320 260 640 200" stroke="#fff" stroke-width="18" fill="none"/><path d="M260 0 L300 320" stroke="#fff" stroke-width="12"/><circle cx="320" cy="150" r="14" fill="#c62828"/><circle cx="320" cy="150" r="5" fill="#fff"/></svg>`,
};
