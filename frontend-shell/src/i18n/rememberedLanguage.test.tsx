// Its own file: i18next is initialised once per module registry, and this test needs a stored choice first.
import { screen } from '@testing-library/react';

it('starts in the language remembered from an earlier visit', async () => {
  localStorage.setItem('atm.language', 'en');
  const { renderShell } = await import('../test/renderShell');
  renderShell('/nope', async () => {
    throw new Error('unused');
  });
  expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('en');
});
