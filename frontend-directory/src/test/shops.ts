import type { Shop } from 'frontend-common';

let seq = 0;
/** A valid Shop as the API returns it; override what the test is about. */
export function makeShop(overrides: Partial<Shop> = {}): Shop {
  seq += 1;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `Armería ${seq}`,
    slug: `armeria-${seq}-guadalajara`,
    description: 'Reparación y mantenimiento de armas deportivas.',
    address: 'Av. Juárez 100, Col. Centro',
    city: 'Guadalajara',
    state: 'Jalisco',
    phone: '+52 33 1234 5678',
    whatsapp: null,
    email: `contacto${seq}@armeria.example.mx`,
    website: null,
    openingHours: null,
    hoursNote: null,
    certificateNumber: null,
    verifiedOn: null,
    validUntil: null,
    verificationNote: null,
    categories: ['Armería'],
    logo: 'crosshairs',
    mapImageUrl: '/objects/uploads/map-1',
    googleMapsUrl: 'https://maps.google.com/?q=20.67,-103.35',
    latitude: 20.67,
    longitude: -103.35,
    isVerified: 'false',
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
