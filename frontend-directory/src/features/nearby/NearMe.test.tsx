import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from 'frontend-common/jest/msw';
import { i18n, renderDirectory } from '../../test/renderDirectory';
import { listingRoute } from '../../test/listingRoute';
import { makeShop } from '../../test/shops';

// jsdom has no Geolocation API: each test installs the answer a browser would give.
type Answer = { latitude: number; longitude: number } | { code: 1 | 2 | 3 } | 'none';
let asked = 0;
function answerGeolocation(answer: Answer) {
  asked = 0;
  const geolocation =
    answer === 'none'
      ? undefined
      : {
          getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback | null) => {
            asked += 1;
            if ('code' in answer) failure?.({ code: answer.code, message: '' } as GeolocationPositionError);
            else success({ coords: answer, timestamp: Date.now() } as unknown as GeolocationPosition);
          },
        };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
}

const here = { latitude: 20.6597, longitude: -103.3496 }; // Guadalajara
const lejos = makeShop({
  name: 'Lejos',
  city: 'Monterrey',
  state: 'Nuevo León',
  latitude: 25.6866,
  longitude: -100.3161,
});
const sinUbicacion = makeShop({ name: 'Sin ubicación', latitude: null, longitude: null });
const cerca = makeShop({ name: 'Cerca', latitude: 20.6767, longitude: -103.3475 }); // ~1.9 km
const zapopan = makeShop({ name: 'Zapopan', latitude: 20.7236, longitude: -103.3848 }); // ~8 km
const everyShop = [lejos, sinUbicacion, cerca, zapopan];
const routes = {
  'GET /api/shops': everyShop,
  'GET /api/shops/listing': listingRoute(() => everyShop),
  'GET /api/shops/categories': ['Armería'],
  'GET /api/shops/cities': ['Guadalajara', 'Monterrey'],
  'GET /api/shops/states': ['Jalisco', 'Nuevo León'],
};

/** A card is an article whose heading links to the shop's page. */
const cardOf = (name: string) => screen.getByRole('link', { name }).closest('article');
const cardNames = () =>
  within(screen.getByRole('list', { name: /Armeros|Gunsmiths/ }))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const url = () => screen.getByTestId('location').textContent;

const FAILURES = {
  es: {
    button: 'Cerca de mí',
    1: 'No tenemos permiso para usar tu ubicación. Puedes permitirlo en la configuración del navegador, o elige un estado para ver los armeros de tu zona.',
    2: 'No se pudo determinar tu ubicación. Elige un estado para ver los armeros de tu zona.',
    3: 'Tu ubicación tardó demasiado en llegar. Vuelve a intentarlo, o elige un estado para ver los armeros de tu zona.',
    none: 'Este navegador no puede compartir tu ubicación. Elige un estado para ver los armeros de tu zona.',
    chooseState: 'Elegir un estado',
    state: 'Estado',
  },
  en: {
    button: 'Near me',
    1: 'We do not have permission to use your location. You can allow it in your browser settings, or choose a state to see the gunsmiths in your area.',
    2: 'Your location could not be determined. Choose a state to see the gunsmiths in your area.',
    3: 'Your location took too long to arrive. Try again, or choose a state to see the gunsmiths in your area.',
    none: 'This browser cannot share your location. Choose a state to see the gunsmiths in your area.',
    chooseState: 'Choose a state',
    state: 'State',
  },
} as const;

describe('near me', () => {
  afterEach(() => answerGeolocation('none'));

  it('asks for the position only when pressed, then sorts by distance with unlocated shops last', async () => {
    stubApi(routes);
    answerGeolocation(here);
    const user = userEvent.setup();
    await renderDirectory('/');
    await waitFor(() => expect(cardNames()).toEqual(['Lejos', 'Sin ubicación', 'Cerca', 'Zapopan']));
    expect(asked).toBe(0);

    const button = screen.getByRole('button', { name: 'Cerca de mí' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    await waitFor(() => expect(cardNames()).toEqual(['Cerca', 'Zapopan', 'Lejos', 'Sin ubicación']));
    expect(asked).toBe(1);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(url()).toBe('/?sort=distance'); // the order, never the position
    expect(screen.getByRole('status')).toHaveTextContent('4 resultados encontrados, ordenados por distancia');
    expect(cardOf('Cerca')).toHaveTextContent('a 1.9 km');
    expect(cardOf('Sin ubicación')).toHaveTextContent('Sin ubicación registrada');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Distancia' }), 'Hasta 10 km');
    await waitFor(() => expect(cardNames()).toEqual(['Cerca', 'Zapopan']));
    expect(url()).toBe('/?sort=distance&radius=10');
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 resultados encontrados, a menos de 10 km, ordenados por distancia',
    );

    await user.click(button); // off again: the list's own order, no radius
    await waitFor(() => expect(cardNames()).toEqual(['Lejos', 'Sin ubicación', 'Cerca', 'Zapopan']));
    expect(url()).toBe('/');
  });

  it('starts loading every shop while the visitor is still answering the position question', async () => {
    const api = stubApi(routes);
    let answer: (() => void) | undefined;
    Object.defineProperty(navigator, 'geolocation', {
      value: {
        getCurrentPosition: (success: PositionCallback) => {
          answer = () => success({ coords: here, timestamp: Date.now() } as unknown as GeolocationPosition);
        },
      },
      configurable: true,
    });
    const user = userEvent.setup();
    await renderDirectory('/');
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(api.callsTo('GET /api/shops')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Cerca de mí' }));
    await waitFor(() => expect(api.callsTo('GET /api/shops')).toHaveLength(1));
    expect(url()).toBe('/'); // no position yet, so no order either
    act(() => answer?.());
    await waitFor(() => expect(cardNames()).toEqual(['Cerca', 'Zapopan', 'Lejos', 'Sin ubicación']));
    expect(api.callsTo('GET /api/shops')).toHaveLength(1);
  });

  it('works with the other filters and in English', async () => {
    stubApi(routes);
    answerGeolocation(here);
    const user = userEvent.setup();
    await renderDirectory('/?state=Jalisco', { language: 'en' });
    await waitFor(() => expect(cardNames()).toEqual(['Sin ubicación', 'Cerca', 'Zapopan']));
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    await waitFor(() => expect(cardNames()).toEqual(['Cerca', 'Zapopan', 'Sin ubicación']));
    expect(cardOf('Zapopan')).toHaveTextContent('8 km away');
    expect(url()).toBe('/?state=Jalisco&sort=distance');
  });

  it('asks again for the position when opened from a link with the distance order', async () => {
    stubApi(routes);
    answerGeolocation(here);
    await renderDirectory('/?sort=distance&radius=25');
    await waitFor(() => expect(cardNames()).toEqual(['Cerca', 'Zapopan']));
    expect(asked).toBe(1);
    expect(screen.getByRole('combobox', { name: 'Distancia' })).toHaveValue('25');
  });

  for (const answer of [{ code: 1 }, { code: 2 }, { code: 3 }, 'none'] as const) {
    const kind = answer === 'none' ? 'none' : answer.code;
    it(`explains a failed position (${kind === 'none' ? 'no API' : `code ${kind}`}) in es and en, and keeps the list`, async () => {
      stubApi(routes);
      answerGeolocation(answer);
      const user = userEvent.setup();
      await renderDirectory('/');
      await waitFor(() => expect(cardNames()).toHaveLength(4));
      await user.click(screen.getByRole('button', { name: FAILURES.es.button }));
      expect(await screen.findByRole('alert')).toHaveTextContent(FAILURES.es[kind]);
      expect(cardNames()).toEqual(['Lejos', 'Sin ubicación', 'Cerca', 'Zapopan']);
      expect(url()).toBe('/');
      await user.click(screen.getByRole('button', { name: FAILURES.es.chooseState }));
      expect(screen.getByRole('combobox', { name: FAILURES.es.state })).toHaveFocus();

      // The message follows the language, as the rest of the page.
      await act(() => i18n.changeLanguage('en'));
      expect(screen.getByRole('alert')).toHaveTextContent(FAILURES.en[kind]);
      expect(screen.getByRole('button', { name: FAILURES.en.chooseState })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: FAILURES.en.button })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    });
  }

  it('takes the order out of a link whose position is refused', async () => {
    stubApi(routes);
    answerGeolocation({ code: 1 });
    await renderDirectory('/?sort=distance&radius=25&q=a');
    expect(await screen.findByRole('alert')).toHaveTextContent('No tenemos permiso');
    await waitFor(() => expect(url()).toBe('/?q=a'));
  });
});
