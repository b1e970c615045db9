import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, stubApi } from 'frontend-common/jest/msw';
import { i18n, renderDirectory } from '../../test/renderDirectory';

/** Opens "List my shop"; the widget's answer stands in the form as the widget puts it. */
async function openForm(language = 'es') {
  await renderDirectory(language === 'en' ? '/en/list-my-shop' : '/list-my-shop', { language });
  const form = await screen.findByRole('form');
  const answer = Object.assign(document.createElement('input'), {
    type: 'hidden',
    name: 'altcha',
    value: 'c29sdmVk',
  });
  form.querySelector('altcha-widget')?.append(answer);
  return form;
}

/** A text field by its accessible name (the " *" of a required one is hidden from it). */
const field = (form: HTMLElement, name: string) => within(form).getByRole('textbox', { name });

const LABELS = {
  es: ['Nombre del taller', 'Descripción de los servicios', 'Servicios', 'Dirección', 'Ciudad', 'Estado'],
  en: ['Shop name', 'Description of the services', 'Services', 'Address', 'City', 'State'],
};
const MORE_LABELS = {
  es: ['Teléfono', 'Correo del taller', 'Enlace de Google Maps', 'Imagen del mapa (URL)'],
  en: ['Phone', 'Shop e-mail', 'Google Maps link', 'Map image (URL)'],
};

/** Fills every required field of the shop. */
async function fillShop(
  user: ReturnType<typeof userEvent.setup>,
  form: HTMLElement,
  language: 'es' | 'en' = 'es',
) {
  const values = [
    'Taller del Bajío',
    'Reparación y mantenimiento.',
    'Armería, Mantenimiento, armería',
    'Calle Juárez 10',
    'León',
    'Guanajuato',
    '477 123 4567',
    'taller@bajio.example',
    'https://maps.google.com/?q=21.12,-101.68',
    'https://maps.example/leon.png',
  ];
  const labels = [...LABELS[language], ...MORE_LABELS[language]];
  for (const [index, label] of labels.entries()) await user.type(field(form, label), values[index]);
}

describe('list my shop', () => {
  afterEach(() => act(() => i18n.changeLanguage('es')));

  it('checks the shop with the admin form rules before sending, each message beside its field', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    const form = await openForm();
    await user.type(field(form, 'Teléfono'), 'sin número');
    await user.type(field(form, 'Sitio web (opcional)'), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    const name = field(form, 'Nombre del taller');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Este dato es obligatorio.');
    expect(name).toHaveFocus();
    expect(field(form, 'Teléfono')).toHaveAccessibleDescription(
      'Escribe un teléfono con al menos 7 dígitos.',
    );
    expect(field(form, 'Sitio web (opcional)')).toHaveAccessibleDescription(
      'Escribe una dirección que empiece con http:// o https://.',
    );
    expect(field(form, 'Servicios')).toHaveAccessibleDescription(/Escribe al menos un servicio\./);
    expect(api.callsTo('POST /api/requests/listings')).toHaveLength(0);
  });

  it('sends the shop with the proof of work and shows the reference', async () => {
    const api = stubApi({ 'POST /api/requests/listings': { reference: 'K7M4-Q2XD' } });
    const user = userEvent.setup();
    const form = await openForm();
    await fillShop(user, form);
    await user.type(field(form, 'Tu correo electrónico'), 'beto@example.com');
    await user.click(within(form).getByRole('checkbox', { name: /^Acepto/ }));
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    const done = (await screen.findByText('K7M4-Q2XD')).closest('[role="status"]');
    expect(done).toHaveTextContent('Tu número de referencia es K7M4-Q2XD');
    expect(done).toHaveFocus();
    const [sent] = api.callsTo('POST /api/requests/listings');
    const body = await sent.json();
    expect(body).toMatchObject({ name: null, email: 'beto@example.com', consent: true, altcha: 'c29sdmVk' });
    expect(body.shop).toMatchObject({
      name: 'Taller del Bajío',
      categories: ['Armería', 'Mantenimiento'],
      phone: '477 123 4567',
      email: 'taller@bajio.example',
      logo: 'crosshairs',
      website: null,
      latitude: null,
    });
    expect(body.shop).not.toHaveProperty('isVerified');
  });

  it("shows the server's field errors beside the shop's fields, in the visitor's language", async () => {
    stubApi({
      'POST /api/requests/listings': apiError(400, 'Phone must be…', {
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'shop.hoursNote', code: 'CONTROL_CHARACTERS', message: 'Hours note must not…' }],
      }),
    });
    const user = userEvent.setup();
    const form = await openForm('en');
    await fillShop(user, form, 'en');
    await user.click(within(form).getByRole('button', { name: 'Send request' }));
    const note = field(form, 'Note on the hours (optional)');
    expect(await within(form).findByText(/Remove control or invisible characters/)).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note).toHaveFocus();
  });

  it('uploads the logo through a quarantined link and names it in the request', async () => {
    const id = '0b9a6f0e-8d1c-4c59-9d6e-3f1f7a1c2b3d';
    const api = stubApi({
      'POST /api/requests/uploads': {
        uploadURL: `http://localhost/api/quarantine/${id}?type=logo&expires=1&signature=s`,
      },
      'PUT /api/quarantine/:id': { path: `/objects/quarantine/${id}`, contentType: 'image/png', size: 3 },
      'POST /api/requests/listings': { reference: 'K7M4-Q2XD' },
    });
    const user = userEvent.setup();
    const form = await openForm();
    await fillShop(user, form);
    const logo = new File([new Uint8Array([137, 80, 78])], 'logo.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('O sube tu logotipo (opcional)'), logo);
    expect(await within(form).findByText(/Imagen subida: logo\.png/)).toHaveAttribute('role', 'status');
    const [link] = api.callsTo('POST /api/requests/uploads');
    // Each link is paid for with a proof of work of its own.
    expect(await link.json()).toEqual({ type: 'logo', altcha: 'c29sdmVk' });
    await user.click(within(form).getByRole('button', { name: 'Enviar solicitud' }));
    await screen.findByText('K7M4-Q2XD');
    const [sent] = api.callsTo('POST /api/requests/listings');
    expect((await sent.json()).shop.logo).toBe(`/objects/quarantine/${id}`);
  });

  it('asks for no link while the anti-spam check has no answer, and says so', async () => {
    const api = stubApi({});
    const user = userEvent.setup();
    const form = await openForm('en');
    // A widget whose check ended without an answer (offline, or the challenge refused).
    const widget = form.querySelector('altcha-widget')!;
    for (const answer of form.querySelectorAll('input[name="altcha"]')) answer.remove();
    Object.defineProperty(widget, 'verify', { value: async () => null });
    Object.defineProperty(widget, 'getState', { value: () => 'error' });
    const photo = new File([new Uint8Array([1])], 'map.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Or upload a photo or map picture (optional)'), photo);
    expect(
      await within(form).findByText('The anti-spam check did not complete. Please choose the image again.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/requests/uploads')).toHaveLength(0);
  });

  it("says why an upload was refused, in the visitor's language", async () => {
    stubApi({
      'POST /api/requests/uploads': apiError(429, 'Too many', { code: 'TOO_MANY_REQUESTS' }),
    });
    const user = userEvent.setup();
    const form = await openForm('en');
    const photo = new File([new Uint8Array([1])], 'map.png', { type: 'image/png' });
    const input = within(form).getByLabelText('Or upload a photo or map picture (optional)');
    await user.upload(input, photo);
    expect(
      await within(form).findByText('You uploaded too many pictures from your connection. Try again later.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });
});
