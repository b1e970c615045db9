import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from 'frontend-common/jest/msw';
import { i18n, renderDirectory } from '../../test/renderDirectory';
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
  'GET /api/shops': shops,
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

const cards = () => screen.queryAllByRole('button').filter((button) => button.matches('.atm-dir-card'));
const location = () => screen.getByTestId('location').textContent;

describe('public listing', () => {
  it('shows 6 placeholder cards while loading, then the cards and the count', async () => {
    stubApi(routes);
    await renderDirectory('/');
    expect(screen.getByRole('searchbox', { name: 'Buscar armeros' })).toBeInTheDocument();
    expect(screen.getAllByTestId('shop-skeleton')).toHaveLength(6);
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByTestId('shop-skeleton')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 resultados encontrados');
    expect(screen.getByPlaceholderText('Buscar armeros...')).toBeInTheDocument();
    expect(document.title).toBe('ATM Armeros · Directorio de armeros certificados'); // issue 15, defect 7
  });

  // Issue 15, defect 6: closing the dialog left focus on the page, not on the card.
  it('gives focus back to the card that opened the dialog when it closes', async () => {
    stubApi(routes);
    await renderDirectory('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const card = screen.getByRole('button', { name: /^Taller Sureño de Mantenimiento / });
    card.focus();
    fireEvent.keyDown(card, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card).toHaveFocus();
  });

  // Issue 15, defect 6: Tab went from the dialog's last link to the page behind it.
  it('keeps Tab inside the shop dialog: from the last control to the first and back', async () => {
    stubApi(routes);
    await renderDirectory(`/?shop=${norte.id}`);
    const dialog = await screen.findByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Cerrar' });
    const maps = within(dialog).getByRole('link', { name: /Ver en Google Maps/ });
    maps.focus();
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(maps).toHaveFocus();
  });

  it('calls the API with cookies and no retry after a failure', async () => {
    const { calls, callsTo } = stubApi({
      ...routes,
      'GET /api/shops': () => new Response('boom', { status: 500 }),
    });
    await renderDirectory('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el directorio');
    const shopCalls = callsTo('GET /api/shops');
    expect(shopCalls).toHaveLength(1);
    expect(shopCalls[0].credentials).toBe('include');
    expect(calls).toHaveLength(4);
  });

  it('shows at most 3 badges then +N, and the verified mark only when isVerified is "true"', async () => {
    stubApi(routes);
    await renderDirectory('/');
    await waitFor(() => expect(cards()).toHaveLength(3));
    const norteCard = screen.getByRole('button', { name: /^Armería del Norte / });
    const badges = within(norteCard)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(badges.slice(0, 3)).toEqual(['Armería', 'Caza', 'Municiones']);
    expect(badges[3]).toContain('+2');
    expect(badges).toHaveLength(4);
    expect(within(norteCard).getByTestId('verified-mark')).toHaveTextContent('Verificado');
    const surCard = screen.getByRole('button', { name: /^Taller Sureño de Mantenimiento / });
    expect(within(surCard).queryByTestId('verified-mark')).not.toBeInTheDocument();
    expect(within(surCard).getAllByRole('listitem')).toHaveLength(1);
  });

  it('reads the filters from the URL', async () => {
    stubApi(routes);
    await renderDirectory('/?q=merida');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveAccessibleName(/^Taller Sureño de Mantenimiento /);
    expect(screen.getByRole('searchbox', { name: 'Buscar armeros' })).toHaveValue('merida');
  });

  it('writes search and dropdown filters to the URL and shows the empty state', async () => {
    stubApi(routes);
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

  it('filters by category from the URL with case-insensitive equality', async () => {
    stubApi(routes);
    await renderDirectory('/?category=caza');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveAccessibleName(/^Armería del Norte /);
  });
});

describe('shop detail dialog', () => {
  it('opens from a card with Enter, puts ?shop= in the URL and shows every section', async () => {
    stubApi(routes);
    await renderDirectory('/?city=Monterrey');
    await waitFor(() => expect(cards()).toHaveLength(1));
    const card = cards()[0];
    expect(card).toHaveAttribute('tabindex', '0');
    card.focus();
    fireEvent.keyDown(card, { key: 'Enter' });

    const dialog = await screen.findByRole('dialog');
    expect(location()).toBe(`/?city=Monterrey&shop=${norte.id}`);
    expect(within(dialog).getByText('Especialistas en rifles de precisión.')).toBeInTheDocument();
    expect(within(dialog).getByText(/Calle Hidalgo 12/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Monterrey, Nuevo León/)).toBeInTheDocument();
    for (const category of norte.categories) expect(within(dialog).getByText(category)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: '+52 (81) 5555-0101' })).toHaveAttribute(
      'href',
      'tel:+528155550101',
    );
    expect(within(dialog).getByRole('link', { name: 'ventas@norte.example.mx' })).toHaveAttribute(
      'href',
      'mailto:ventas@norte.example.mx',
    );
    const website = within(dialog).getByRole('link', { name: 'https://norte.example.mx' });
    expect(website).toHaveAttribute('href', 'https://norte.example.mx/');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByRole('img', { name: 'Logotipo de Armería del Norte' })).toHaveAttribute(
      'src',
      '/objects/uploads/logo-norte',
    );
    expect(
      within(dialog).getByRole('img', { name: 'Mapa de la ubicación de Armería del Norte' }),
    ).toHaveAttribute('src', '/objects/uploads/map-norte');
    const maps = within(dialog).getByRole('link', { name: /Ver en Google Maps/ });
    expect(maps).toHaveAttribute('href', 'https://www.google.com/maps?q=25.67,-100.31');
    expect(maps).toHaveAttribute('target', '_blank');
    expect(maps).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getByText('Armero verificado')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(location()).toBe('/?city=Monterrey'));
  });

  it('opens from a ?shop= link; no website row when the shop has none; emoji logo; Space opens too', async () => {
    stubApi(routes);
    await renderDirectory(`/?shop=${sur.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Taller Sureño de Mantenimiento')).toBeInTheDocument();
    expect(within(dialog).queryByText('Sitio web')).not.toBeInTheDocument();
    expect(within(dialog).getByText('🏪')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(location()).toBe('/'));

    fireEvent.keyDown(screen.getByRole('button', { name: /^Club de Tiro Centro / }), {
      key: ' ',
    });
    await waitFor(() => expect(location()).toBe(`/?shop=${centro.id}`));
  });

  it('never renders unsafe links or images', async () => {
    const evil = makeShop({
      name: 'Evil',
      website: 'javascript:alert(1)',
      googleMapsUrl: 'data:text/html,<script>alert(1)</script>',
      mapImageUrl: '//evil.example.com/map.png',
      logo: 'http:javascript:alert(1)',
    });
    stubApi({ ...routes, 'GET /api/shops': [evil] });
    await renderDirectory(`/?shop=${evil.id}`);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('javascript:alert(1)').closest('a')).toBeNull();
    expect(within(dialog).queryByRole('link', { name: /Google Maps/ })).not.toBeInTheDocument();
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog.querySelector('[href^="javascript"], [href^="data"], [src^="//"]')).toBeNull();
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
    expect(screen.getByRole('region', { name: 'Search filters' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search gunsmiths...')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 results found');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('directory:does.not.exist')).toBe('does.not.exist');
  });
});
