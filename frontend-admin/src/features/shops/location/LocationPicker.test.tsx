import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, stubApi } from 'frontend-common/jest/msw';
import { me, renderAdmin } from '../../../test/renderAdmin';
import { adminList } from '../../../test/adminShopList';

const base = {
  'GET /api/auth/me': () => json(me),
  'GET /api/admin/shops': adminList([]),
  'GET /api/admin/backup/stats': { lastFullBackupAt: new Date().toISOString() },
};
const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const coordinates = () => [valueOf('Latitude'), valueOf('Longitude')];

async function openMap() {
  stubApi(base);
  await renderAdmin('/admin/shops/new');
  return screen.findByRole('group', { name: "Map of the shop's location" });
}

describe('the shop placed on a map', () => {
  it('is named and described for assistive technology, and reachable with Tab', async () => {
    const map = await openMap();
    expect(map).toHaveAccessibleDescription(/Enter places the pin at the centre/);
    expect(map).toHaveAttribute('tabindex', '0');
  });

  it.each([
    ['@', 'https://www.google.com/maps/place/Armer%C3%ADa/@25.6866142,-100.3161126,17z/data=!3m1'],
    ['q=', 'https://maps.google.com/?q=25.6866142,-100.3161126'],
    ['query=', 'https://www.google.com/maps/search/?api=1&query=25.6866142%2C-100.3161126'],
  ])('fills the coordinates from a pasted %s link', async (_kind, link) => {
    await openMap();
    fill('Google Maps URL', link);
    await waitFor(() => expect(coordinates()).toEqual(['25.6866142', '-100.3161126']));
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Coordinates taken from the Google Maps link: 25.6866142, -100.3161126.',
    );
  });

  it('leaves the coordinates alone for a link without a point', async () => {
    await openMap();
    fill('Latitude', '19.4326');
    fill('Longitude', '-99.1332');
    fill('Google Maps URL', 'https://maps.app.goo.gl/AbCdEf123');
    expect(coordinates()).toEqual(['19.4326', '-99.1332']);
  });

  it('places the pin where the map is clicked, and at its centre with Enter', async () => {
    const map = await openMap();
    fireEvent.click(map, { clientX: 0, clientY: 0 });
    await waitFor(() => expect(valueOf('Latitude')).not.toBe(''));
    const [latitude, longitude] = coordinates().map(Number);
    expect(Number.isFinite(latitude) && Number.isFinite(longitude)).toBe(true);

    // Typed numbers move the pin into view; Enter places the pin at the map's centre, there.
    fill('Latitude', '20.6597');
    fill('Longitude', '-103.3496');
    fill('State', 'Jalisco');
    fireEvent.keyDown(map, { key: 'Enter' });
    expect(await screen.findByText('Pin placed at 20.6597, -103.3496.')).toBeInTheDocument();
    expect(coordinates()).toEqual(['20.6597', '-103.3496']);
    expect(screen.queryByTestId('location-far-from-state')).not.toBeInTheDocument();
  });

  it('refuses a point outside Mexico with the field error, at once', async () => {
    await openMap();
    // A wrong sign: the Pacific, south of the equator.
    fill('Google Maps URL', 'https://maps.google.com/?q=-19.4326,-99.1332');
    expect(await screen.findByText('Latitude must be in Mexico, between 14.5 and 32.75')).toBeInTheDocument();
    expect(screen.queryByTestId('location-far-from-state')).not.toBeInTheDocument();
  });

  it("warns, without refusing, of a point far from the state's usual area", async () => {
    await openMap();
    fill('State', 'Yucatán');
    fill('Google Maps URL', 'https://maps.google.com/?q=25.6866,-100.3161');
    expect(await screen.findByTestId('location-far-from-state')).toHaveTextContent(
      'This point is far from Yucatán. Check the coordinates or the state.',
    );
    fill('State', 'Nuevo León');
    await waitFor(() => expect(screen.queryByTestId('location-far-from-state')).not.toBeInTheDocument());
  });
});
