import { fireEvent, render, screen } from '@testing-library/react';
import { STORE_EMOJI } from './logo';
import { ShopLogo } from './ShopLogo';

describe('ShopLogo', () => {
  it('renders an image with its alt text for a path', () => {
    render(<ShopLogo logo="/objects/uploads/1" alt="Logo of Armería Norte" />);
    expect(screen.getByRole('img', { name: 'Logo of Armería Norte' })).toHaveAttribute(
      'src',
      '/objects/uploads/1',
    );
  });

  it('hides a failing image and shows the store emoji instead', () => {
    const { container } = render(<ShopLogo logo="https://cdn.example.com/missing.png" alt="Logo" />);
    fireEvent.error(screen.getByRole('img', { name: 'Logo' }));
    expect(screen.queryByRole('img', { name: 'Logo' })).not.toBeInTheDocument();
    expect(container).toHaveTextContent(STORE_EMOJI);
  });

  it('renders the matching icon for an icon key', () => {
    const { container } = render(<ShopLogo logo="bow-arrow" alt="Logo" />);
    expect(container.querySelector('[data-logo-icon="bow-arrow"] svg')).not.toBeNull();
    expect(container).not.toHaveTextContent(STORE_EMOJI);
  });

  it('shows the store emoji for anything else', () => {
    const { container } = render(<ShopLogo logo="armeria" alt="Logo" />);
    expect(container).toHaveTextContent(STORE_EMOJI);
    expect(container.querySelector('img')).toBeNull();
  });
});
