import { act } from '@testing-library/react';
import { renderPage } from 'frontend-common/jest/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { initI18n } from 'frontend-common';
import AdminApp from '../AdminApp';
import { loadAllScreens } from '../app/lazyPages';
import { makeStore } from '../app/store';
import type { AdminUserDto as AdminUser } from 'contract/api-types';
import type { Shop } from 'frontend-common';

export const i18n = initI18n();

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

// Every screen's code before the file's tests, as it was when the screens were not split out: a
// test that opens one measures the screen, not the loading of its code (app/lazyPages.tsx).
beforeAll(() => loadAllScreens());

/** Renders the exposed remote the way the shell does: under /admin/*, with a real store. */
export async function renderAdmin(url = '/admin', { language = 'en' } = {}) {
  await act(() => i18n.changeLanguage(language));
  const store = makeStore();
  const utils = renderPage(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="/admin/*"
          element={
            <>
              <AdminApp basePath="/admin" store={store} />
              <LocationProbe />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return { ...utils, store };
}

export const me: AdminUser = { id: 'u-1', username: 'carmen', createdAt: '2026-01-05T10:00:00.000Z' };
export const otherAdmin: AdminUser = { id: 'u-2', username: 'raul', createdAt: '2026-02-01T10:00:00.000Z' };

let n = 0;
export function makeShop(overrides: Partial<Shop> = {}): Shop {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Armería ${n}`,
    slug: `armeria-${n}-monterrey`,
    description: 'Taller de armería',
    address: 'Calle 1',
    city: 'Monterrey',
    state: 'Nuevo León',
    phone: '+52 81 5555 0101',
    whatsapp: null,
    email: 'taller@example.mx',
    website: null,
    openingHours: null,
    hoursNote: null,
    certificateNumber: null,
    verifiedOn: null,
    validUntil: null,
    verificationNote: null,
    categories: ['Armería'],
    logo: 'crosshairs',
    mapImageUrl: 'https://maps.example.com/map.png',
    googleMapsUrl: 'https://maps.google.com/?q=1',
    latitude: 25.67,
    longitude: -100.31,
    isVerified: 'false',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const location = () => document.querySelector('[data-testid="location"]')?.textContent;
