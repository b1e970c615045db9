import { act } from '@testing-library/react';
import { renderPage } from 'frontend-common/jest/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { initI18n } from 'frontend-common';
import DirectoryApp from '../DirectoryApp';
import { makeStore } from '../app/store';

export const i18n = initI18n();

/** The current URL as text, so tests can assert what the listing wrote to it. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders the exposed remote the way the shell does: inside a router (a shop's page at
 * `/shops/:slug`, the listing elsewhere), with a real store.
 */
export async function renderDirectory(url = '/', { language = 'es', store = makeStore() } = {}) {
  await act(() => i18n.changeLanguage(language));
  const page = (view: 'listing' | 'shop') => (
    <>
      {/* The shell's public layout gives every page its one main landmark. */}
      <main>
        <DirectoryApp basePath="/" view={view} store={store} />
      </main>
      <LocationProbe />
    </>
  );
  const utils = renderPage(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/shops/:slug" element={page('shop')} />
        <Route path="/en/shops/:slug" element={page('shop')} />
        <Route path="*" element={page('listing')} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...utils, store };
}
