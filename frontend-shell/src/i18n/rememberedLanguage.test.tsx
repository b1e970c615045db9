import { screen, waitFor } from '@testing-library/react';
import { renderShell } from '../test/renderShell';

afterEach(() => localStorage.clear());

it('takes a visitor who chose English from a Spanish page to its English twin', async () => {
  // The choice is read when a page opens, not when i18next starts (public pages are in their URL's language).
  localStorage.setItem('atm.language', 'en');
  renderShell('/nope', async () => {
    throw new Error('unused');
  });
  // A page without a twin stays where it is, in its URL's language.
  expect(screen.getByRole('heading', { name: '404 Página no encontrada' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('es');
  screen.getByRole('link', { name: 'Ir al directorio' }).click();
  expect(await screen.findByRole('heading', { level: 1, name: 'ATM Gunsmiths' })).toBeInTheDocument();
  await waitFor(() => expect(document.documentElement.lang).toBe('en'));
});
