import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { announceCatalogChange } from 'frontend-common';
import { stubApi } from 'frontend-common/jest/msw';
import { followCatalogChanges, makeStore } from '../../app/store';
import { i18n, renderDirectory } from '../../test/renderDirectory';
import { bySlugRoute, listingRoute } from '../../test/listingRoute';
import { makeShop } from '../../test/shops';

const norte = makeShop({
  name: 'Armería del Norte',
  description: 'Especialistas en rifles de precisión.',
  address: 'Calle Hidalgo 12',
  city: 'Monterrey',
  state: 'Nuevo León',
  phone: '+52 (81) 5555-0101',
  email: 'ventas@norte.example.mx',
  website: 'https://norte.example.mx',
  categories: ['Armería', 'Caza', 'Municiones', 'Accesorios', 'Seguridad'],
  isVerified: 'true',
  logo: '/objects/uploads/logo-norte',
  mapImageUrl: '/objects/uploads/map-norte',
  googleMapsUrl: 'https://www.google.com/maps?q=25.67,-100.31',
});
const sur = makeShop({
  name: 'Taller Sureño de Mantenimiento',
  city: 'Mérida',
  state: 'Yucatán',
  categories: ['Mantenimiento'],
  website: null,
  logo: 'armeria',
});
const centro = makeShop({
  name: 'Club de Tiro Centro',
  city: 'Ciudad de México',
  state: 'CDMX',
  categories: ['Deportivo'],
});
const shops = [norte, sur, centro];
const routes = {
  'GET /api/shops/listing': listingRoute(() => shops),
  'GET /api/shops/by-slug/:slug': bySlugRoute(() => shops),
  'GET /api/shops/categories': [
    'Accesorios',
    'Armería',
    'Caza',
    'Deportivo',
    'Mantenimiento',
    'Municiones',
    'Seguridad',
  ],
  'GET /api/shops/cities': ['Ciudad de México', 'Mérida', 'Monterrey'],
  'GET /api/shops/states': ['CDMX', 'Nuevo León', 'Yucatán'],
};

const cards = () => screen.queryAllByRole('article');
/** A card's link: its accessible name is the shop's visible name (label in name). */
const cardLink = (card: HTMLElement) => within(card).getByRole('link');
const location = () => screen.getByTestId('location').textContent;

describe('public listing', () => {
  it('shows what the admin saved in this page, even while the listing was not shown (defect 11)', async () => {
    let list = shops;
    const api = stubApi({ ...routes, 'GET /api/shops/listing': listingRoute(() => list) });
    const store = makeStore();
    const stop = followCatalogChanges(store);
    const first = await renderDirectory('/', { store });
    await waitFor(() => expect(cards()).toHaveLength(3));
    first.unmount(); // the admin remote is shown instead
    list = [{ ...norte, name: 'Armería del Norte Renovada' }, sur, centro];
    act(() => announceCatalogChange()); // the admin saved a shop
    await renderDirectory('/', { store });
    expect(await screen.findByRole('link', { name: 'Armería del Norte Renovada' })).toBeVisible();
    expect(api.callsTo('GET /api/shops/listing')).toHaveLength(2);
    stop();
  });

  it('shows 6 placeholder cards while loading, then the cards and the count', async () => {
    stubApi(routes);
    await renderDirectory('/');
    expect(screen.getByRole('searchbox', { name: 'Buscar armeros' })).toBeInTheDocument();
    expect(screen.getAllByTestId('shop-skeleton')).toHaveLength(6);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByTestId('shop-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 resultados encontrados');
    expect(screen.getByPlaceholderText('Buscar armeros...')).toBeInTheDocument();
    expect(document.title).toBe('Armeros certificados en México | ATM Armeros');
  });

  it('opens a card as its detail dialog on the shop URL; Escape and the close button return to the card', async () => {
    stubApi(routes);
    const user = userEvent.setup();
    await renderDirectory('/?state=Yucat%C3%A1n');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = () => screen.getByRole('link', { name: 'Taller Sureño de Mantenimiento' });
    await user.click(card());
    const dialog = await screen.findByRole('dialog', { name: 'Taller Sureño de Mantenimiento' });
    expect(location()).toBe(`/shops/${sur.slug}`);
    // What the detail view shows, over the listing that stays under it.
    for (const heading of ['Descripción', 'Ubicación', 'Servicios', 'Contacto', 'Mapa'])
      expect(within(dialog).getByRole('heading', { level: 3, name: heading })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /^Ver en Google Maps/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(cards()).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe('/?state=Yucat%C3%A1n'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(card()).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(location()).toBe('/?state=Yucat%C3%A1n'));
    await waitFor(() => expect(card()).toHaveFocus());
  });

  it('opens the page, not the dialog, for a click that asks for a new tab', async () => {
    stubApi(routes);
    await renderDirectory('/?state=Yucat%C3%A1n');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const link = screen.getByRole('link', { name: 'Taller Sureño de Mantenimiento' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    act(() => void link.dispatchEvent(click));
    expect(location()).toBe('/?state=Yucat%C3%A1n'); // the browser opens the href in a new tab
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  // A shop's own page (a shared link, a reload), reached from the listing: back lands on its card.
  it('returns from a shop page (Escape or its back link) to the same listing, focus on the card', async () => {
    stubApi(routes);
    const user = userEvent.setup();
    await renderDirectory('/?state=Yucat%C3%A1n');
    await waitFor(() => expect(cards()).toHaveLength(1));
    await user.click(screen.getByRole('link', { name: 'Taller Sureño de Mantenimiento' }));
    // The dialog's link to the whole page.
    await user.click(await screen.findByRole('link', { name: 'Ver la página del armero' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Taller Sureño de Mantenimiento' });
    expect(heading).toHaveFocus(); // a navigation in the page moves focus to the new page's heading
    expect(document.title).toBe(
      'Taller Sureño de Mantenimiento, armero certificado en Mérida, Yucatán | ATM Armeros',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe('/?state=Yucat%C3%A1n'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Taller Sureño de Mantenimiento' })).toHaveFocus(),
    );
  });

  it('calls the API with cookies and no retry after a failure', async () => {
    const { calls, callsTo } = stubApi({
      ...routes,
      'GET /api/shops/listing': () => new Response('boom', { status: 500 }),
    });
    await renderDirectory('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el directorio');
    const shopCalls = callsTo('GET /api/shops/listing');
    expect(shopCalls).toHaveLength(1);
    expect(shopCalls[0].credentials).toBe('include');
    expect(calls).toHaveLength(4);
  });

  it('shows at most 3 badges then +N, and the verified mark only when isVerified is "true"', async () => {
    stubApi(routes);
    await renderDirectory('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const norteCard = screen.getByRole('link', { name: 'Armería del Norte' }).closest('article')!;
    const badges = within(norteCard)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(badges.slice(0, 3)).toEqual(['Armería', 'Caza', 'Municiones']);
    expect(badges[3]).toContain('+2');
    expect(badges).toHaveLength(4);
    expect(within(norteCard).getByTestId('verified-mark')).toHaveTextContent('Verificado');
    const surCard = screen.getByRole('link', { name: 'Taller Sureño de Mantenimiento' }).closest('article')!;
    expect(within(surCard).queryByTestId('verified-mark')).not.toBeInTheDocument();
    expect(within(surCard).getAllByRole('listitem')).toHaveLength(1);
  });

  it('reads the filters from the URL', async () => {
    stubApi(routes);
    await renderDirectory('/?q=merida');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cardLink(cards()[0])).toHaveAccessibleName('Taller Sureño de Mantenimiento');
    expect(screen.getByRole('searchbox', { name: 'Buscar armeros' })).toHaveValue('merida');
  });

  it('writes search and dropdown filters to the URL and shows the empty state', async () => {
    const api = stubApi(routes);
    const user = userEvent.setup();
    await renderDirectory('/');
    await waitFor(() => expect(cards()).toHaveLength(3));

    await user.type(screen.getByRole('searchbox', { name: 'Buscar armeros' }), 'tiro');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(location()).toBe('/?q=tiro');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'Yucatán');
    await waitFor(() => expect(location()).toBe('/?q=tiro&state=Yucat%C3%A1n'));
    expect(await screen.findByText('No se encontraron armeros')).toBeInTheDocument();
    expect(screen.getByText('Intenta ajustar tus filtros de búsqueda')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 resultados encontrados');

    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(location()).toBe('/');
    // The server filters: one page at a time, never the whole directory.
    expect(api.callsTo('GET /api/shops')).toHaveLength(0);
    expect(api.callsTo('GET /api/shops/listing').map((call) => new URL(call.url).search)).toEqual(
      expect.arrayContaining(['?page=1&q=tiro', '?page=1&q=tiro&state=Yucat%C3%A1n']),
    );
  });

  it('clears the search text with its own button and keeps the focus in the box', async () => {
    stubApi(routes);
    const user = userEvent.setup();
    await renderDirectory('/?q=tiro');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const box = screen.getByRole('searchbox', { name: 'Buscar armeros' });
    await user.click(screen.getByRole('button', { name: 'Borrar la búsqueda' }));
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(location()).toBe('/');
    expect(screen.queryByRole('button', { name: 'Borrar la búsqueda' })).not.toBeInTheDocument();
  });

  it('is a GET search form with the URL parameters as field names (Enter works before JavaScript); hydrated, Enter stays', async () => {
    stubApi(routes);
    const user = userEvent.setup();
    await renderDirectory('/?q=tiro&state=CDMX');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const form = screen.getByRole('search') as HTMLFormElement;
    // No action: the browser submits to this same URL (its language's listing), query replaced.
    expect(form).toHaveAttribute('method', 'get');
    expect(form).not.toHaveAttribute('action');
    expect([...new FormData(form).entries()]).toEqual([
      ['q', 'tiro'],
      ['category', 'all'],
      ['city', 'all'],
      ['state', 'CDMX'],
    ]);
    const submits: boolean[] = [];
    const seen = (event: Event) => submits.push(event.defaultPrevented);
    document.addEventListener('submit', seen);
    try {
      await user.type(screen.getByRole('searchbox', { name: 'Buscar armeros' }), '{Enter}');
    } finally {
      document.removeEventListener('submit', seen);
    }
    expect(submits).toEqual([true]);
    expect(location()).toBe('/?q=tiro&state=CDMX');
    expect(cards()).toHaveLength(1);
  });

  it('filters by category from the URL with case-insensitive equality', async () => {
    stubApi(routes);
    await renderDirectory('/?category=caza');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cardLink(cards()[0])).toHaveAccessibleName('Armería del Norte');
  });

  it('says when ?category= names no category, and clears it on request (defect 10)', async () => {
    stubApi(routes);
    await renderDirectory('/?category=Pesca&city=Monterrey');
    expect(await screen.findByTestId('unknown-category')).toHaveTextContent(
      'No hay ninguna categoría «Pesca» en el directorio.',
    );
    expect(screen.queryByTestId('unknown-city')).not.toBeInTheDocument(); // Monterrey exists
    await userEvent.setup().click(screen.getByRole('button', { name: 'Ver todas las categorías' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(location()).toBe('/?city=Monterrey');
  });
});

describe('cards', () => {
  it('link to the shop page in the page language, with the name as the link text; a click opens its dialog there', async () => {
    stubApi(routes);
    const user = userEvent.setup();
    await renderDirectory('/en/?city=Monterrey', { language: 'en' });
    await waitFor(() => expect(cards()).toHaveLength(1));
    const link = cardLink(cards()[0]);
    expect(link).toHaveAccessibleName('Armería del Norte');
    expect(link).toHaveAttribute('href', `/en/shops/${norte.slug}`);
    await user.click(link);
    // Opened as the listing's dialog, on the shop page's URL.
    expect(await screen.findByRole('dialog', { name: 'Armería del Norte' })).toBeInTheDocument();
    expect(location()).toBe(`/en/shops/${norte.slug}`);
  });
});

describe('language', () => {
  it('switches the remote texts when the shared instance changes language; missing keys show the key', async () => {
    stubApi(routes);
    await renderDirectory('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getByPlaceholderText('Buscar armeros...')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('searchbox', { name: 'Search gunsmiths' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Search filters' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search gunsmiths...')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 results found');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('directory:does.not.exist')).toBe('does.not.exist');
  });
});
