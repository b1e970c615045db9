import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { i18n } from '../../test/renderDirectory';
import { makeShop } from '../../test/shops';
import { registerDirectoryTranslations } from '../../i18n';
import { ClockProvider } from '../../app/clock';
import { OpeningHours, OpenMark } from './OpeningHours';

registerDirectoryTranslations();

const hours = 'Mo-Fr 09:00-14:00,16:00-19:00; Sa 10:00-13:00';
const tijuana = makeShop({ name: 'Frontera', state: 'Baja California', openingHours: hours });
const cancun = makeShop({
  name: 'Caribe',
  state: 'Quintana Roo',
  openingHours: hours,
  hoursNote: 'Sábados con cita',
});
// Wednesday 2026-11-25 16:30 UTC: 08:30 in Tijuana, 11:30 in Cancún.
const INSTANT = Date.UTC(2026, 10, 25, 16, 30);

describe("a shop's opening hours", () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: INSTANT });
  });
  afterEach(() => jest.useRealTimers());

  it("shows open or closed in the shop's own time zone, at the same instant", async () => {
    await act(() => i18n.changeLanguage('es'));
    render(
      <ClockProvider renderedAt={INSTANT}>
        <OpenMark shop={tijuana} />
        <OpenMark shop={cancun} />
      </ClockProvider>,
    );
    expect(screen.getByText('Cerrado · abre hoy a las 9:00')).toBeInTheDocument();
    expect(screen.getByText('Abierto ahora · cierra a las 14:00')).toBeInTheDocument();
  });

  it('shows the week with today marked, and the note, in English with 12-hour times', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(
      <ClockProvider renderedAt={INSTANT}>
        <OpeningHours shop={cancun} />
      </ClockProvider>,
    );
    expect(screen.getByText('Open now · closes at 2:00 PM')).toBeInTheDocument();
    const today = screen.getByRole('row', { name: /Wednesday/ });
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveTextContent('9:00 AM–2:00 PM, 4:00 PM–7:00 PM');
    expect(screen.getByRole('row', { name: /Sunday/ })).toHaveTextContent('Closed');
    expect(screen.getByText('Sábados con cita')).toBeInTheDocument();
  });

  it('hydrates the server’s markup without a mismatch, then follows the clock', async () => {
    await act(() => i18n.changeLanguage('es'));
    const tree = (
      <ClockProvider renderedAt={INSTANT}>
        <OpenMark shop={cancun} />
      </ClockProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // The visitor's clock is three hours on: Cancún has closed for lunch.
    jest.setSystemTime(INSTANT + 3 * 3_600_000);
    await act(async () => {
      hydrateRoot(container, tree);
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container).toHaveTextContent('Abierto ahora · cierra a las 14:00');
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(container).toHaveTextContent('Cerrado · abre hoy a las 16:00');
    errors.mockRestore();
    container.remove();
  });
});
