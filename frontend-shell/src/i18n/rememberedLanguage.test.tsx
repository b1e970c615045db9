// Its own file: i18next is initialised once per module registry, and this test needs a stored choice first.
import { screen, waitFor } from '@testing-library/react';

it('takes a visitor who chose English from a Spanish page to its English twin', async () => {
  localStorage.setItem('atm.language', 'en');
  const { renderShell } = await import('../test/renderShell');
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
