import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import { stubXhr } from '../../test/xhr';
import { clickWhenEnabled } from '../../test/clicks';
import { location, makeShop, me, renderAdmin } from '../../test/renderAdmin';
import { adminList } from '../../test/adminShopList';

const UUID = '0b6f3f4e-3c1a-4d2b-9a7e-1f2e3d4c5b6a';
const base = {
  'GET /api/auth/me': () => json(me),
  'GET /api/admin/shops': adminList([]),
  'GET /api/admin/backup/stats': { lastFullBackupAt: new Date().toISOString() },
};
const user = () => userEvent.setup();
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const saveButton = () => screen.getByRole('button', { name: /Create Gunsmith|Update Gunsmith|Saving\.\.\./ });
const png = (name = 'logo.png', size = 1000, type = 'image/png') => {
  const file = new File([new Uint8Array(10)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

async function fillValidShop() {
  fill('Name', 'Armería del Norte');
  fill('Email', 'ventas@norte.mx');
  fill('Phone', '+52 81 5555 0101');
  fill('Description', 'Taller de precisión');
  fill('Address', 'Calle Hidalgo 12');
  fill('City', 'Monterrey');
  fill('State', 'Nuevo León');
  fill('Google Maps URL', 'https://maps.google.com/?q=1');
  fill('Latitude', '25.6866');
  fill('Longitude', '-100.3161');
  // By label, not by role: a role query computes the name of every checkbox of the form (about
  // 220 ms against 26 here, several times that on CI's loaded machine).
  fireEvent.click(screen.getByLabelText('Armería'));
}

describe('shop form', () => {
  it('create: save disabled with the category message until one is chosen; logo starts as the crosshairs icon, map empty', async () => {
    stubApi(base);
    await renderAdmin('/admin/shops/new');
    expect(await screen.findByRole('heading', { name: 'Add New Gunsmith' })).toBeInTheDocument();
    for (const section of ['Basic Information', 'Location', 'Categories', 'Images', 'Verification'])
      expect(screen.getByText(section)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    expect(screen.getByTestId('categories-required')).toHaveTextContent(
      'Please select at least one category',
    );
    expect(screen.getByRole('checkbox', { name: 'Mark as verified gunsmith' })).not.toBeChecked();
    expect(within(screen.getByTestId('image-field-logo')).getByRole('combobox')).toBeInTheDocument();
    expect(screen.getByTestId('image-field-logo')).toHaveTextContent('Crosshairs');
    expect(screen.getByTestId('image-field-map')).toHaveTextContent('No image yet');
    expect(screen.getAllByText('PNG, JPG, GIF up to 5MB')).toHaveLength(2);
    const options = [
      'Armería',
      'Accesorios',
      'Municiones',
      'Capacitación',
      'Mantenimiento',
      'Seguridad',
      'Caza',
      'Deportivo',
      'Coleccionismo',
    ];
    for (const name of options) expect(screen.getByRole('checkbox', { name })).toBeInTheDocument();
    await user().click(screen.getByRole('checkbox', { name: 'Caza' }));
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(screen.queryByTestId('categories-required')).not.toBeInTheDocument();
  });

  it('shows the required and format messages beside the fields', async () => {
    stubApi(base);
    await renderAdmin('/admin/shops/new');
    await user().click(await screen.findByRole('checkbox', { name: 'Caza' }));
    fill('Email', 'not-an-email');
    fill('Website', 'ftp://x.mx');
    fill('Latitude', '95');
    fill('Longitude', '-100.123456789');
    await user().click(saveButton());
    for (const message of [
      'Name is required',
      'Description is required',
      'Address is required',
      'City is required',
      'State is required',
      'Phone is required',
      'Google Maps URL is required',
      'Map image is required',
      'Email must be a valid email address',
      'Website must be an http(s) URL',
      'Latitude must be in Mexico, between 14.5 and 32.75',
      'Longitude must have at most 8 decimals',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('uploads a map image (signed URL, PUT with its type and progress), then creates the shop and goes to /admin', async () => {
    const api = stubApi({
      ...base,
      'POST /api/admin/upload': { uploadURL: `http://localhost/api/uploads/${UUID}?expires=9&signature=s` },
      'POST /api/admin/shops': () => json(makeShop({ name: 'Armería del Norte' }), 201),
    });
    const xhr = stubXhr(() => ({ status: 200, body: { path: `/objects/uploads/${UUID}` } }));
    await renderAdmin('/admin/shops/new');
    await screen.findByRole('heading', { name: 'Add New Gunsmith' });
    await fillValidShop();
    fireEvent.change(screen.getByLabelText('Map / Photo: Upload image'), {
      target: { files: [png('map.png')] },
    });
    expect(await screen.findByText('Upload Successful')).toBeInTheDocument();
    // The toast comes after the upload is released: Save is usable as soon as it shows.
    expect(saveButton()).toBeEnabled();
    expect(xhr.calls[0]).toMatchObject({
      method: 'PUT',
      url: `http://localhost/api/uploads/${UUID}?expires=9&signature=s`,
      headers: { 'Content-Type': 'image/png' },
    });
    expect(await api.callsTo('POST /api/admin/upload')[0].json()).toEqual({ type: 'map' });
    fireEvent.click(screen.getByLabelText('Mark as verified gunsmith'));
    await clickWhenEnabled(saveButton);
    expect(await screen.findByText('Gunsmith Created')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin'));
    const body = await api.callsTo('POST /api/admin/shops')[0].json();
    expect(body).toMatchObject({
      name: 'Armería del Norte',
      categories: ['Armería'],
      logo: 'crosshairs',
      mapImageUrl: `/objects/uploads/${UUID}`,
      latitude: 25.6866,
      longitude: -100.3161,
      website: null,
      isVerified: 'true',
    });
  });

  it('tells the admin, in their language, that too many images were uploaded when the server says so', async () => {
    stubApi({
      ...base,
      'POST /api/admin/upload': () =>
        apiError(429, 'Too many image uploads in a short time. Please wait a few minutes and try again.', {
          code: 'TOO_MANY_UPLOADS',
        }),
    });
    await renderAdmin('/admin/shops/new', { language: 'es' });
    const input = await screen.findByLabelText('Logotipo: Subir imagen');
    fireEvent.change(input, { target: { files: [png('logo.png')] } });
    expect(
      await screen.findByText(
        'Demasiadas imágenes subidas en poco tiempo. Espera unos minutos e inténtalo de nuevo.',
      ),
    ).toBeInTheDocument();
  });

  it('refuses a non-image or a file over 5MB, and reports a failed upload', async () => {
    stubApi({ ...base, 'POST /api/admin/upload': { uploadURL: `http://localhost/api/uploads/${UUID}?s=1` } });
    stubXhr(() => ({
      status: 415,
      body: { statusCode: 403, code: 'UPLOAD_LINK_EXPIRED', message: 'This upload link has expired' },
    }));
    await renderAdmin('/admin/shops/new');
    const input = await screen.findByLabelText('Logo: Upload image');
    fireEvent.change(input, { target: { files: [png('doc.pdf', 10, 'application/pdf')] } });
    expect(await screen.findByText('Only PNG, JPG, GIF or WebP images can be uploaded.')).toBeInTheDocument();
    expect(screen.getByText('Upload Failed')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png('big.png', 5 * 1024 * 1024 + 1)] } });
    expect(await screen.findByText('The image is larger than 5MB.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [png('logo.png')] } });
    expect(await screen.findByText('The upload link has expired. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('image-field-logo')).toHaveTextContent('Crosshairs');
  });

  it('edit: loading text, prefilled (logoUrl preferred), extra categories kept, partial update, "Gunsmith Updated"', async () => {
    const shop = {
      ...makeShop({
        name: 'Taller Sur',
        categories: ['Armería', 'Holsters'],
        isVerified: 'true',
        whatsapp: '+52 999 111 2233',
      }),
      logoUrl: `/objects/uploads/${UUID}`,
    };
    const api = stubApi({
      ...base,
      [`GET /api/shops/${shop.id}`]: shop,
      [`PUT /api/admin/shops/${shop.id}`]: () => json(shop),
    });
    await renderAdmin(`/admin/shops/edit/${shop.id}`);
    expect(await screen.findByText('Loading shop...')).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Taller Sur');
    expect(screen.getByRole('heading', { name: 'Edit Gunsmith' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Holsters' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Mark as verified gunsmith' })).toBeChecked();
    expect(
      within(screen.getByTestId('image-field-logo')).getByRole('img', { name: 'Preview of the logo' }),
    ).toHaveAttribute('src', `/objects/uploads/${UUID}`);
    expect(screen.getByLabelText('WhatsApp')).toHaveValue('+52 999 111 2233');
    fill('City', 'Mérida');
    fill('WhatsApp', ' ');
    await user().click(screen.getByRole('button', { name: /Update Gunsmith/ }));
    expect(await screen.findByText('Gunsmith Updated')).toBeInTheDocument();
    const body = await api.callsTo(`PUT /api/admin/shops/${shop.id}`)[0].json();
    expect(body).toMatchObject({
      city: 'Mérida',
      whatsapp: null,
      logo: `/objects/uploads/${UUID}`,
      categories: ['Armería', 'Holsters'],
      isVerified: 'true',
    });
  });

  it('edit of a missing shop: "Shop Not Found"', async () => {
    stubApi({ ...base, 'GET /api/shops/nope': () => apiError(404, 'Shop not found') });
    await renderAdmin('/admin/shops/edit/nope');
    expect(await screen.findByText('Shop Not Found')).toBeInTheDocument();
    expect(screen.getByText('The shop you are looking for does not exist.')).toBeInTheDocument();
  });

  it('a failed create: "Error" with "Failed to create gunsmith" when the server says nothing; stays on the form', async () => {
    stubApi({
      ...base,
      'POST /api/admin/upload': { uploadURL: `http://localhost/api/uploads/${UUID}?s=1` },
      'POST /api/admin/shops': () => new Response('', { status: 502 }),
    });
    stubXhr(() => ({ status: 200, body: {} }));
    await renderAdmin('/admin/shops/new');
    await screen.findByRole('heading', { name: 'Add New Gunsmith' });
    await fillValidShop();
    fireEvent.change(screen.getByLabelText('Map / Photo: Upload image'), {
      target: { files: [png('map.png')] },
    });
    await screen.findByText('Upload Successful');
    expect(saveButton()).toBeEnabled();
    await user().click(saveButton());
    const title = await screen.findByText('Error');
    expect(title.closest('.ant-notification-notice')).toHaveTextContent('Failed to create gunsmith');
    expect(location()).toBe('/admin/shops/new');
    expect(screen.getByLabelText('Name')).toHaveValue('Armería del Norte');
  });

  it('a new shop is not sent without a map image (the placeholder is empty on purpose)', async () => {
    const api = stubApi(base);
    await renderAdmin('/admin/shops/new');
    await screen.findByRole('heading', { name: 'Add New Gunsmith' });
    await fillValidShop();
    await user().click(saveButton());
    expect(await screen.findByText('Map image is required')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/shops')).toHaveLength(0);
  });

  it('the server\'s field errors are shown beside the field and "Failed to update gunsmith" when it says nothing', async () => {
    let withMessage = true;
    const shop = makeShop({ name: 'Taller Sur' });
    stubApi({
      ...base,
      [`GET /api/shops/${shop.id}`]: shop,
      [`PUT /api/admin/shops/${shop.id}`]: () =>
        withMessage
          ? apiError(400, 'Email must be a valid email address', {
              code: 'VALIDATION_FAILED',
              errors: [
                { field: 'email', code: 'INVALID_EMAIL', message: 'Email must be a valid email address' },
              ],
            })
          : new Response('', { status: 500 }),
    });
    await renderAdmin(`/admin/shops/edit/${shop.id}`);
    await user().click(await screen.findByRole('button', { name: /Update Gunsmith/ }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    // The toast and the field's message come from separate renders: wait for the field's too.
    const emailItem = screen.getByLabelText('Email').closest<HTMLElement>('.ant-form-item')!;
    expect(await within(emailItem).findByText('Email must be a valid email address')).toBeInTheDocument();
    expect(screen.getAllByText('Email must be a valid email address').length).toBeGreaterThanOrEqual(2); // toast + field
    withMessage = false;
    await clickWhenEnabled(() => screen.getByRole('button', { name: /Update Gunsmith/ }));
    expect(await screen.findByText('Failed to update gunsmith')).toBeInTheDocument();
    expect(location()).toBe(`/admin/shops/edit/${shop.id}`);
  });

  it('asks before leaving with unsaved changes (Cancel and Back), and guards the tab with beforeunload', async () => {
    stubApi(base);
    await renderAdmin('/admin/shops/new');
    await screen.findByRole('heading', { name: 'Add New Gunsmith' });
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(location()).toBe('/admin')); // nothing typed: leaves at once
    await user().click(await screen.findByRole('button', { name: /Add New Gunsmith/ }));
    fill('Name', 'Half typed');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await user().click(screen.getByRole('button', { name: /Back to Dashboard/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Leave without saving?');
    await user().click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(location()).toBe('/admin/shops/new');
    expect(screen.getByLabelText('Name')).toHaveValue('Half typed');
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    await user().click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    await waitFor(() => expect(location()).toBe('/admin'));
  });
});
