import { act } from '@testing-library/react';
import { renderPage } from 'frontend-common/jest/render';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { initI18n, listingUnderDialog, parsePublicPath } from 'frontend-common';
import type { AppStore } from '../app/store';
import DirectoryApp from '../DirectoryApp';
import { makeStore } from '../app/store';

export const i18n = initI18n();

/** The current URL as text, so tests can assert what the listing wrote to it. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * The shell's routes (frontend-shell/src/App.tsx): a shop's page at `/shops/:slug`, the listing
 * elsewhere, and a shop opened from the listing as its dialog over the listing.
 */
function Pages({ store }: { store: AppStore }) {
  const location = useLocation();
  const { pathname, state } = location;
  const shown = parsePublicPath(pathname);
  const underDialog = shown?.kind === 'shop' ? listingUnderDialog(state) : null;
  const dialogSlug = underDialog && shown?.kind === 'shop' ? shown.slug : undefined;
  const page = (view: 'listing' | 'shop' | 'list-my-shop') => (
    <>
      {/* The shell's public layout gives every page its one main landmark. */}
      <main>
        <DirectoryApp
          basePath="/"
          view={view}
          store={store}
          dialogSlug={view === 'listing' ? dialogSlug : undefined}
        />
      </main>
    </>
  );
  return (
    <>
      <Routes location={underDialog ?? location}>
        <Route path="/shops/:slug" element={page('shop')} />
        <Route path="/en/shops/:slug" element={page('shop')} />
        <Route path="/list-my-shop" element={page('list-my-shop')} />
        <Route path="/en/list-my-shop" element={page('list-my-shop')} />
        <Route path="*" element={page('listing')} />
      </Routes>
      {/* The address bar's URL, outside the routes (which draw the listing under a dialog). */}
      <LocationProbe />
    </>
  );
}

/** Renders the exposed remote the way the shell does: inside a router, with a real store. */
export async function renderDirectory(url = '/', { language = 'es', store = makeStore() } = {}) {
  await act(() => i18n.changeLanguage(language));
  const utils = renderPage(
    <MemoryRouter initialEntries={[url]}>
      <Pages store={store} />
    </MemoryRouter>,
  );
  return { ...utils, store };
}
