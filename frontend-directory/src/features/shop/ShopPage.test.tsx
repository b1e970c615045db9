import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { networkError, stubApi } from 'frontend-common/jest/msw';
import { renderDirectory } from '../../test/renderDirectory';
import { bySlugRoute, listingRoute } from '../../test/listingRoute';
import { makeShop } from '../../test/shops';

const norte = makeShop({
  name: 'Armería del Norte',
  slug: 'armeria-del-norte-monterrey',
  description: 'Especialistas en rifles de precisión.',
  address: 'Calle Hidalgo 12',
  city: 'Monterrey',
  state: 'Nuevo León',
  phone: '+52 (81) 5555-0101',
  whatsapp: '+52 81 5555 0102',
  email: 'ventas@norte.example.mx',
  website: 'https://norte.example.mx',
  categories: ['Armería', 'Caza', 'Municiones', 'Accesorios', 'Seguridad'],
  isVerified: 'true',
  logo: '/objects/uploads/logo-norte',
  mapImageUrl: '/objects/uploads/map-norte',
  googleMapsUrl: 'https://www.google.com/maps?q=25.67,-100.31',
  latitude: 25.67,
  longitude: -100.31,
});
const sur = makeShop({ name: 'Taller Sureño', slug: 'taller-sureno-merida', website: null, logo: 'armeria' });
const routes = {
  'GET /api/shops/listing': listingRoute(() => [norte, sur]),
  'GET /api/shops/by-slug/:slug': bySlugRoute(() => [norte, sur]),
  'GET /api/shops/categories': [],
  'GET /api/shops/cities': [],
  'GET /api/shops/states': [],
};

describe('shop page', () => {
  it('shows every section of the detail view, the contact links, directions and sharing', async () => {
    stubApi(routes);
    await renderDirectory(`/shops/${norte.slug}`);
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Armería del Norte' }),
    ).toBeInTheDocument();
    for (const heading of ['Descripción', 'Ubicación', 'Servicios', 'Contacto', 'Mapa'])
      expect(within(main).getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    expect(within(main).getByText('Especialistas en rifles de precisión.')).toBeInTheDocument();
    expect(within(main).getByText(/Calle Hidalgo 12/)).toBeInTheDocument();
    for (const category of norte.categories) expect(within(main).getByText(category)).toBeInTheDocument();
    expect(within(main).getByText('Armero verificado')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: '+52 (81) 5555-0101' })).toHaveAttribute(
      'href',
      'tel:+528155550101',
    );
    const whatsApp = within(main).getByRole('link', { name: /^\+52 81 5555 0102 \(chatear por WhatsApp/ });
    expect(whatsApp).toHaveAttribute('href', 'https://wa.me/528155550102');
    expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(main).getByRole('link', { name: 'ventas@norte.example.mx' })).toHaveAttribute(
      'href',
      'mailto:ventas@norte.example.mx',
    );
    expect(within(main).getByRole('link', { name: 'https://norte.example.mx' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(within(main).getByRole('img', { name: 'Logotipo de Armería del Norte' })).toHaveAttribute(
      'src',
      '/objects/uploads/logo-norte',
    );
    // Sized, so the page keeps the picture's room while it loads (Lighthouse's unsized-images).
    const map = within(main).getByRole('img', { name: 'Mapa de la ubicación de Armería del Norte' });
    expect(map).toHaveAttribute('width', '640');
    expect(map).toHaveAttribute('height', '360');
    expect(within(main).getByRole('link', { name: /^Ver en Google Maps/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps?q=25.67,-100.31',
    );
    expect(within(main).getByRole('link', { name: /^Cómo llegar/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/dir/?api=1&destination=25.67%2C-100.31',
    );
    const whatsAppShare = within(main).getByRole('link', { name: /^Compartir por WhatsApp/ });
    expect(new URL(whatsAppShare.getAttribute('href')!).searchParams.get('text')).toBe(
      `Armería del Norte, armero certificado en Monterrey, Nuevo León ${window.location.origin}/shops/${norte.slug}`,
    );
    expect(within(main).getByRole('link', { name: /Todos los armeros/ })).toHaveAttribute('href', '/');
  });

  it('copies the link and says so where the Web Share API is missing', async () => {
    stubApi(routes);
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await renderDirectory(`/en/shops/${sur.slug}`, { language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/en/shops/${sur.slug}`);
    // The page's live regions: the share toast, and the correction form's (empty) offline line.
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain('Link copied'),
    );
    expect(screen.queryByText('Website')).not.toBeInTheDocument();
    expect(screen.queryByText('WhatsApp')).not.toBeInTheDocument();
  });

  it('says so when no shop has the slug', async () => {
    stubApi(routes);
    await renderDirectory('/shops/no-existe');
    expect(await screen.findByRole('heading', { name: 'No encontramos este armero' })).toBeInTheDocument();
  });

  it('asks for that one shop only, never the whole catalogue, while the request works', async () => {
    const api = stubApi({ ...routes, 'GET /api/shops': [norte, sur] });
    await renderDirectory(`/shops/${norte.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Armería del Norte' })).toBeVisible();
    expect(api.callsTo(`GET /api/shops/by-slug/${norte.slug}`)).toHaveLength(1);
    expect(api.callsTo('GET /api/shops')).toEqual([]);
  });

  it('offline, finds the shop in the catalogue the service worker keeps', async () => {
    const api = stubApi({
      ...routes,
      // No network: what fetch does offline for a request the service worker does not keep.
      'GET /api/shops/by-slug/:slug': networkError,
      'GET /api/shops': [norte, sur],
    });
    await renderDirectory(`/en/shops/${sur.slug}`, { language: 'en' });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Taller Sureño' })).toBeVisible();
    expect(within(main).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/shops')).toHaveLength(1);
  });

  it('offline, says the page failed when the catalogue has no such shop either', async () => {
    stubApi({
      ...routes,
      'GET /api/shops/by-slug/:slug': networkError,
      'GET /api/shops': [norte],
    });
    await renderDirectory(`/shops/${sur.slug}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el directorio');
  });

  it('never looks an unknown slug up in the catalogue', async () => {
    const api = stubApi({ ...routes, 'GET /api/shops': [norte, sur] });
    await renderDirectory('/shops/no-existe');
    expect(await screen.findByRole('heading', { name: 'No encontramos este armero' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/shops')).toEqual([]);
  });

  it('never renders unsafe links or images', async () => {
    const evil = makeShop({
      name: 'Evil',
      slug: 'evil',
      website: 'javascript:alert(1)',
      googleMapsUrl: 'data:text/html,<script>alert(1)</script>',
      mapImageUrl: '//evil.example.com/map.png',
      logo: 'http:javascript:alert(1)',
    });
    stubApi({ ...routes, 'GET /api/shops/by-slug/:slug': bySlugRoute(() => [evil]) });
    await renderDirectory('/shops/evil');
    const main = await screen.findByRole('main');
    expect((await within(main).findByText('javascript:alert(1)')).closest('a')).toBeNull();
    expect(within(main).queryByRole('link', { name: /Google Maps/ })).not.toBeInTheDocument();
    expect(main.querySelector('img')).toBeNull();
    expect(main.querySelector('[href^="javascript"], [href^="data"], [src^="//"]')).toBeNull();
  });

  it('says an unknown shop is not in the directory, and a failed request that it failed', async () => {
    stubApi(routes);
    await renderDirectory('/shops/ninguna');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No encontramos este armero' }),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    stubApi({ 'GET /api/shops/by-slug/:slug': () => new Response('boom', { status: 500 }) });
    await renderDirectory('/shops/otra');
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el directorio');
  });
});
