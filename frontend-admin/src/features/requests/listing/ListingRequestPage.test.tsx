import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError, json, stubApi } from 'frontend-common/jest/msw';
import type { AdminRequestDto, ListingShopDto } from '../../../api/generated';
import { location, me, renderAdmin } from '../../../test/renderAdmin';

const ID = '00000000-0000-4000-8000-000000000007';
const LOGO = '/objects/quarantine/11111111-2222-4333-8444-555555555555';
const SHOP: ListingShopDto = {
  name: 'Taller Nuevo',
  description: 'Reparación y mantenimiento.',
  address: 'Calle 5 de Mayo 12',
  city: 'Morelia',
  state: 'Michoacán',
  phone: '443 111 2222',
  email: 'taller@nuevo.example',
  website: null,
  whatsapp: null,
  categories: ['Armería'],
  logo: LOGO,
  mapImageUrl: 'https://maps.example/static.png',
  googleMapsUrl: 'https://www.google.com/maps/search/?api=1&query=19.7,-101.19',
  latitude: null,
  longitude: null,
  openingHours: null,
  hoursNote: null,
};
const listing = (overrides: Partial<AdminRequestDto> = {}): AdminRequestDto => ({
  id: ID,
  reference: 'LST4-AB7K',
  type: 'listing',
  status: 'pending',
  shopId: null,
  shopName: 'Taller Nuevo',
  shopSlug: null,
  kind: null,
  currentValue: null,
  proposedValue: null,
  comment: null,
  proposedShop: SHOP,
  submitterName: 'Beto',
  submitterEmail: 'beto@example.com',
  duplicates: 0,
  createdAt: '2026-11-20T18:30:00.000Z',
  decidedAt: null,
  decidedBy: null,
  decisionReason: null,
  ...overrides,
});
const base = {
  'GET /api/auth/me': () => json(me),
  'GET /api/admin/requests/pending-count': { pending: 1 },
  'GET /api/admin/requests': { items: [listing()], total: 1, page: 1, pageSize: 20 },
  [`GET /api/admin/requests/${ID}`]: listing(),
};

describe('a listing request', () => {
  it('past the retention period says what was erased and what is kept, not "not found"', async () => {
    const erased = listing({
      status: 'rejected',
      proposedShop: null,
      shopName: null,
      submitterName: null,
      submitterEmail: null,
      decidedAt: '2026-10-01T18:00:00.000Z',
    });
    stubApi({ ...base, [`GET /api/admin/requests/${ID}`]: erased });
    await renderAdmin(`/admin/requests/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Listing request LST4-AB7K' })).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
    expect(
      screen.getByText(/Decided on October 1, 2026\. What the shop sent was erased/),
    ).toBeInTheDocument();
    expect(screen.queryByText('Request not found')).not.toBeInTheDocument();
  });

  it('is found with the kind filter and opens as the prefilled shop form, its logo previewed from quarantine', async () => {
    const api = stubApi(base);
    const user = userEvent.setup();
    await renderAdmin('/admin/requests');
    const row = (await screen.findByText('LST4-AB7K')).closest('tr')!;
    expect(row).toHaveTextContent('Listing request');
    expect(row).toHaveTextContent('Morelia, Michoacán');
    await user.click(screen.getByLabelText('Kind'));
    await user.click(await screen.findByTitle('Listing request'));
    await waitFor(() =>
      expect(
        api
          .callsTo('GET /api/admin/requests')
          .some((call) => new URL(call.url).searchParams.get('type') === 'listing'),
      ).toBe(true),
    );
    await user.click(within(row).getByRole('button', { name: 'Open request LST4-AB7K' }));
    // The page's heading says "Listing request" while the request loads, then adds its reference.
    await screen.findByRole('heading', { level: 1, name: 'Listing request LST4-AB7K' });
    expect(location()).toBe(`/admin/requests/${ID}`);
    expect(screen.getByLabelText('Name')).toHaveValue('Taller Nuevo');
    expect(screen.getByLabelText('Phone')).toHaveValue('443 111 2222');
    const preview = within(screen.getByTestId('image-field-logo')).getByRole('img');
    expect(preview).toHaveAttribute('src', '/api/admin/quarantine/11111111-2222-4333-8444-555555555555');
    expect(screen.queryByLabelText('Mark as verified gunsmith')).toBeNull();
  });

  it('approves with an edit, and a refusal shows on its field with every value kept', async () => {
    let answer = apiError(400, 'Invalid phone', {
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'shop.phone', code: 'INVALID_PHONE', message: 'Invalid phone' }],
    });
    const api = stubApi({
      ...base,
      [`POST /api/admin/requests/${ID}/approve`]: () => answer,
    });
    // Keystrokes without a timer between them: 21 of them, each a re-render of the whole form,
    // took this test past its 10 s on a loaded CI machine (1.7 s on a quiet one).
    const user = userEvent.setup({ delay: null });
    await renderAdmin(`/admin/requests/${ID}`, { language: 'es' });
    const phone = await screen.findByLabelText('Teléfono');
    await user.clear(phone);
    await user.type(phone, '443 999 0000');
    await user.clear(screen.getByLabelText('Ciudad'));
    await user.type(screen.getByLabelText('Ciudad'), 'Pátzcuaro');
    await user.click(screen.getByRole('button', { name: 'Aprobar y crear el taller' }));
    await waitFor(() => expect(api.callsTo(`POST /api/admin/requests/${ID}/approve`)).toHaveLength(1));
    const { shop } = (await api.callsTo(`POST /api/admin/requests/${ID}/approve`)[0].json()) as {
      shop: Record<string, unknown>;
    };
    expect(shop).toMatchObject({ phone: '443 999 0000', city: 'Pátzcuaro', logo: LOGO });
    expect(shop).not.toHaveProperty('isVerified');
    // The refusal, in the admin's language, on its field; nothing typed is lost.
    const phoneItem = phone.closest('.ant-form-item')!;
    await waitFor(() => expect(phoneItem.querySelector('.ant-form-item-explain')).not.toBeNull());
    expect(phoneItem.querySelector('.ant-form-item-explain')!.textContent).toMatch(/teléfono/i);
    expect(screen.getByLabelText('Ciudad')).toHaveValue('Pátzcuaro');
    answer = json(listing({ status: 'approved', shopId: 'shop-1' }));
    await user.click(screen.getByRole('button', { name: 'Aprobar y crear el taller' }));
    await waitFor(() => expect(location()).toBe('/admin/requests'));
  });
});
