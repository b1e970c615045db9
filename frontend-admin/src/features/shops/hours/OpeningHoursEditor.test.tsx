import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerAdminTranslations } from '../../../i18n';
import { OpeningHoursEditor } from './OpeningHoursEditor';

registerAdminTranslations();

/** The editor as the form holds it: its value is the opening-hours text. */
function Harness({ initial, seen }: { initial?: string; seen: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <OpeningHoursEditor
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('the weekly opening hours editor', () => {
  it('opens a day, splits it in two intervals and copies it to other days', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Harness seen={seen} />);
    const monday = screen.getByRole('group', { name: 'Lunes' });
    await user.click(within(monday).getByRole('checkbox', { name: 'Abierto' }));
    expect(seen.at(-1)).toBe('Mo 09:00-18:00');

    const closes = within(monday).getByLabelText('Cierra (Lunes, intervalo 1)');
    await user.clear(closes);
    await user.type(closes, '14:00');
    await user.click(within(monday).getByRole('button', { name: 'Añadir intervalo al Lunes' }));
    expect(seen.at(-1)).toBe('incomplete');
    expect(
      within(monday)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Escribe las dos horas.']);
    await user.type(within(monday).getByLabelText('Abre (Lunes, intervalo 2)'), '16:00');
    await user.type(within(monday).getByLabelText('Cierra (Lunes, intervalo 2)'), '19:00');
    expect(seen.at(-1)).toBe('Mo 09:00-14:00,16:00-19:00');

    await user.click(
      within(monday).getByRole('button', { name: 'Copiar el horario del Lunes a otros días' }),
    );
    const targets = within(monday).getByRole('group', { name: 'Días a los que copiar el horario del Lunes' });
    for (const day of ['Martes', 'Miércoles', 'Jueves', 'Viernes'])
      await user.click(within(targets).getByRole('checkbox', { name: day }));
    await user.click(within(targets).getByRole('button', { name: 'Copiar' }));
    expect(seen.at(-1)).toBe('Mo-Fr 09:00-14:00,16:00-19:00');
  });

  it('names an interval that closes before it opens, or overlaps another, beside its times', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Harness initial="Sa 10:00-13:00" seen={seen} />);
    const saturday = screen.getByRole('group', { name: 'Sábado' });
    const closes = within(saturday).getByLabelText('Cierra (Sábado, intervalo 1)');
    await user.clear(closes);
    await user.type(closes, '09:00');
    expect(within(saturday).getByRole('alert')).toHaveTextContent('Debe cerrar después de abrir.');
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(closes).toHaveAccessibleDescription('Debe cerrar después de abrir.');
    expect(seen.at(-1)).toBe('Sa 10:00-09:00');
  });

  it('reads a day that closes at midnight as 00:00 and writes it as 24:00', () => {
    const seen: string[] = [];
    render(<Harness initial="Fr 18:00-24:00" seen={seen} />);
    expect(screen.getByLabelText('Cierra (Viernes, intervalo 1)')).toHaveValue('00:00');
  });
});
