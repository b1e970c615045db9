import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Empty } from 'antd';
import { AntdProviders, addNamespace } from 'frontend-common';
import { useTranslation } from 'react-i18next';
import { renderPage } from 'frontend-common/jest/render';
import { MemoryRouter } from 'react-router-dom';
import { App } from './App';
import type { RemoteAppProps, RemoteLoader } from './app/remotes';
import { i18n, renderShell } from './test/renderShell';

// A stand-in remote built like the real ones: it adds its namespace to the shared i18next
// instance and translates with useTranslation on it; it wraps its own antd like the directory does.
addNamespace('fake', { es: { greeting: 'Hola desde el remoto' }, en: { greeting: 'Hello from the remote' } });
function FakeRemote({ basePath, view }: RemoteAppProps) {
  const { t } = useTranslation('fake');
  return (
    <AntdProviders withApp={false}>
      <p>{t('greeting')}</p>
      <p data-testid="base-path">{basePath}</p>
      <p data-testid="view">{view}</p>
      <p>{t('missing.key')}</p>
      <Empty />
    </AntdProviders>
  );
}

function loaderFor(outcomes: Record<string, 'ok' | 'fail'>) {
  const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>(async (name) => {
    if (outcomes[name] === 'ok') return { default: FakeRemote };
    throw new Error(`manifest of ${name} not found`);
  });
  return loader;
}

beforeEach(async () => {
  localStorage.clear();
  jest.spyOn(console, 'error').mockImplementation(() => {});
  await act(() => i18n.changeLanguage('es'));
});
afterEach(() => jest.restoreAllMocks());

describe('routes', () => {
  it('loads the directory remote on / and /shops with the base path, and never the admin', async () => {
    const loader = loaderFor({ directory: 'ok' });
    renderShell('/', loader);
    expect(await screen.findByText('Hola desde el remoto')).toBeInTheDocument();
    expect(screen.getByTestId('base-path')).toHaveTextContent('/');
    expect(loader.mock.calls.map(([name]) => name)).toEqual(['directory']);
  });

  it('serves /shops with the directory too', async () => {
    renderShell('/shops', loaderFor({ directory: 'ok' }));
    expect(await screen.findByText('Hola desde el remoto')).toBeInTheDocument();
    expect(screen.getByTestId('base-path')).toHaveTextContent('/shops');
  });

  it('serves the English twins under /en/ in English, and a shop page without the hero', async () => {
    renderShell('/en/shops/armeria-del-bajio-leon', loaderFor({ directory: 'ok' }));
    expect(await screen.findByText('Hello from the remote')).toBeInTheDocument();
    expect(screen.getByTestId('view')).toHaveTextContent('shop');
    expect(screen.getByTestId('base-path')).toHaveTextContent('/en/shops');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.queryByRole('heading', { name: 'ATM Gunsmiths' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ATM, go to the directory' })).toHaveAttribute('href', '/en/');
  });

  it('shows the 404 page at a path the server found nothing at (an unknown shop)', () => {
    const loader = loaderFor({ directory: 'ok' });
    renderPage(
      <MemoryRouter initialEntries={['/en/shops/nope']}>
        <App loadRemote={loader} notFoundPath="/en/shops/nope" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(loader).not.toHaveBeenCalled();
  });

  it("shows the directory's hero above the remote, already while it loads, and only on its paths", async () => {
    const { unmount } = renderShell('/', () => new Promise(() => {}));
    expect(screen.getByRole('heading', { level: 1, name: 'ATM Armeros' })).toBeInTheDocument();
    expect(screen.getByText('Directorio de armeros especializados certificados')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Cargando...');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading', { level: 1, name: 'ATM Gunsmiths' })).toBeInTheDocument();
    unmount();
    renderShell('/nope', loaderFor({}));
    expect(screen.queryByText('Directory of certified specialized gunsmiths')).not.toBeInTheDocument();
  });

  it.each(['/nope', '/admin/nope', '/admin/shops/edit/x/y'])(
    'shows 404 for any other path (%s), inside the public layout, with its own title',
    async (path) => {
      const loader = loaderFor({});
      renderShell(path, loader);
      expect(screen.getByRole('heading', { name: '404 Página no encontrada' })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
      expect(document.title).toBe('Página no encontrada | ATM Armeros');
      await act(() => i18n.changeLanguage('en'));
      expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
      expect(document.title).toBe('Page not found | ATM Gunsmiths');
      expect(loader).not.toHaveBeenCalled();
    },
  );

  it('shows a translated placeholder with retry while the admin remote is missing', async () => {
    const loader = loaderFor({ admin: 'fail' });
    renderShell('/admin/login', loader);
    expect(
      await screen.findByRole('heading', { name: 'El área de administración no está disponible por ahora' }),
    ).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('admin', 0);
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(loader).toHaveBeenCalledWith('admin', 1));
    expect(await screen.findByRole('link', { name: 'Ir al directorio' })).toHaveAttribute('href', '/');
  });
});

describe('a remote that fails to load', () => {
  it('shows a retry message while the top bar and footer keep working, and retry loads it', async () => {
    let fail = true;
    const loader = jest.fn<ReturnType<RemoteLoader>, Parameters<RemoteLoader>>(async () => {
      if (fail) throw new Error('offline');
      return { default: FakeRemote };
    });
    renderShell('/', loader);
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta sección no se pudo cargar');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Hola desde el remoto')).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('directory', 1);
  });
});

describe('language', () => {
  it('is Spanish by default, whatever the browser language', async () => {
    expect(navigator.language).toMatch(/^en/);
    renderShell('/', loaderFor({ directory: 'ok' }));
    expect(await screen.findByText('Hola desde el remoto')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    expect(screen.getByRole('button', { name: 'ES, Español' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches shell, remote and antd locale to English, updates <html lang> and remembers it', async () => {
    const user = userEvent.setup();
    renderShell('/', loaderFor({ directory: 'ok' }));
    expect(await screen.findByText('Hola desde el remoto')).toBeInTheDocument();
    expect(screen.getAllByText('No hay datos')[0]).toBeInTheDocument(); // antd es_ES
    expect(screen.getByRole('link', { name: 'CONTACTO' })).toHaveAttribute('href', '#contact');

    await user.click(screen.getByRole('button', { name: 'EN, English' }));

    // The English twin of the page, already loaded remote and all.
    expect(await screen.findByText('Hello from the remote')).toBeInTheDocument();
    expect(screen.getByTestId('base-path')).toHaveTextContent('/en/');
    expect(screen.getAllByText('No data')[0]).toBeInTheDocument(); // antd en_US
    expect(screen.getByRole('link', { name: 'CONTACT' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'LOG IN' })).toHaveAttribute('href', '/admin/login');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('atm.language')).toBe('en');
    expect(screen.getByRole('button', { name: 'EN, English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the key itself for a missing translation', async () => {
    renderShell('/', loaderFor({ directory: 'ok' }));
    expect(await screen.findByText('missing.key')).toBeInTheDocument();
    expect(i18n.t('shell:no.such.key')).toBe('no.such.key');
  });
});

describe('public layout', () => {
  it('has the footer contact section with the in-page anchor target', () => {
    renderShell('/nope', loaderFor({}));
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveAttribute('id', 'contact');
    expect(footer).toHaveTextContent('ATM · Alianza de Tiradores de México');
    expect(footer).toHaveTextContent('marco legal mexicano');
    expect(footer).toHaveTextContent('contacto@alianza.example');
    expect(footer).toHaveTextContent('+52 (55) 0000-0000');
    expect(footer).toHaveTextContent('Ciudad de México, México');
    expect(footer).toHaveTextContent('© 2024 ATM. Todos los derechos reservados.');
  });

  it('opens the side menu with every spec entry: sister sites, in-page anchors, Gunsmiths as plain text', async () => {
    const user = userEvent.setup();
    renderShell('/nope', loaderFor({}));
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const nav = await screen.findByRole('navigation', { name: 'Menú de la alianza' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Menú principal', 'https://alianza.example/'],
      ['Educación', '#education'],
      ['Estadísticas', '#statistics'],
      ['Eventos', '#events'],
      ['Campos de tiro', 'https://ranges.alianza.example/'],
      ['Tiendas', 'https://stores.alianza.example/'],
      ['Capacitación', 'https://training.alianza.example/'],
      ['Membresía', '#membership'],
      ['Publicaciones', '#publications'],
      ['Medios', '#media'],
      ['Legal', '#legal'],
      ['Blog', 'https://blog.alianza.example/'],
    ]);
    const gunsmiths = within(nav).getByText('Armeros');
    expect(gunsmiths.closest('a')).toBeNull();
    expect(within(nav).getAllByRole('listitem')).toHaveLength(13);
  });
});
