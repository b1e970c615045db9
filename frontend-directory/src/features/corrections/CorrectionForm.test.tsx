import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, stubApi } from 'frontend-common/jest/msw';
import { i18n, renderDirectory } from '../../test/renderDirectory';
import { bySlugRoute, listingRoute } from '../../test/listingRoute';
import { makeShop } from '../../test/shops';

const shop = makeShop({ name: 'Armería del Norte', slug: 'armeria-del-norte-monterrey' });
const routes = {
  'GET /api/shops/listing': listingRoute(() => [shop]),
  'GET /api/shops/by-slug/:slug': bySlugRoute(() => [shop]),
  'GET /api/shops/categories': [],
  'GET /api/shops/cities': [],
  'GET /api/shops/states': [],
};

/** Opens the form on the shop's page; the widget's answer stands in the form as the widget puts it. */
async function openForm(user: ReturnType<typeof userEvent.setup>, language = 'es') {
  const summary = language === 'en' ? 'Suggest a correction' : 'Sugerir una corrección';
  await renderDirectory(`${language === 'en' ? '/en' : ''}/shops/${shop.slug}`, { language });
  await user.click(await screen.findByText(summary, { selector: 'summary' }));
  const form = screen.getByRole('form');
  const answer = document.createElement('input');
  answer.type = 'hidden';
  answer.name = 'altcha';
  answer.value = 'c29sdmVk';
  form.querySelector('altcha-widget')?.append(answer);
  return form;
}

describe('suggest a correction', () => {
  afterEach(() => act(() => i18n.changeLanguage('es')));

  it('checks the fields with the server rules before sending, each message beside its field', async () => {
    const api = stubApi(routes);
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.type(within(form).getByLabelText('Dato correcto'), 'no es un teléfono');
    await user.type(within(form).getByLabelText('Tu correo electrónico'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Enviar sugerencia' }));
    const value = within(form).getByLabelText('Dato correcto');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription(/Escribe un teléfono con al menos 7 dígitos\./);
    expect(within(form).getByRole('checkbox', { name: /^Acepto/ })).toHaveAccessibleDescription(
      'Marca la casilla para que guardemos tu nombre y correo, o déjalos en blanco.',
    );
    expect(value).toHaveFocus();
    expect(api.callsTo('POST /api/requests/corrections')).toHaveLength(0);
  });

  it('sends the suggestion with the proof of work and shows the reference code', async () => {
    const api = stubApi({ ...routes, 'POST /api/requests/corrections': { reference: 'K7M4-Q2XD' } });
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.type(within(form).getByLabelText('Dato correcto'), ' 81 5555 0199 ');
    await user.type(within(form).getByLabelText('Tu nombre'), 'Ana');
    await user.click(within(form).getByRole('checkbox', { name: /^Acepto/ }));
    await user.click(within(form).getByRole('button', { name: 'Enviar sugerencia' }));
    const done = (await screen.findByText('K7M4-Q2XD')).closest('[role="status"]');
    expect(done).toHaveTextContent('Tu número de referencia es K7M4-Q2XD');
    expect(done).toHaveFocus();
    const [sent] = api.callsTo('POST /api/requests/corrections');
    expect(await sent.json()).toEqual({
      shopId: shop.id,
      kind: 'phone',
      value: '81 5555 0199',
      comment: null,
      name: 'Ana',
      email: null,
      consent: true,
      altcha: 'c29sdmVk',
    });
  });

  it("shows the server's field errors and refusals in the visitor's language", async () => {
    stubApi({
      ...routes,
      'POST /api/requests/corrections': apiError(400, 'Comment must not contain control characters', {
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'comment', code: 'CONTROL_CHARACTERS', message: 'Comment must not contain…' }],
      }),
    });
    const user = userEvent.setup();
    const form = await openForm(user, 'en');
    await user.click(within(form).getByLabelText('Something else'));
    await user.type(within(form).getByLabelText('Comment (optional)'), 'Cerró');
    await user.click(within(form).getByRole('button', { name: 'Send suggestion' }));
    expect(await within(form).findByText(/Remove control or invisible characters/)).toBeInTheDocument();
    stubApi({
      'POST /api/requests/corrections': apiError(429, 'Too many', { code: 'TOO_MANY_REQUESTS' }),
    });
    const answer = Object.assign(document.createElement('input'), {
      type: 'hidden',
      name: 'altcha',
      value: 'x',
    });
    form.querySelector('altcha-widget')?.append(answer);
    await user.click(within(form).getByRole('button', { name: 'Send suggestion' }));
    expect(
      await within(form).findByText(
        'We received too many suggestions from your connection. Please try again later.',
      ),
    ).toHaveAttribute('role', 'alert');
  });
});
