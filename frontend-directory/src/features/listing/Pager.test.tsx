import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi } from 'frontend-common/jest/msw';
import { renderDirectory } from '../../test/renderDirectory';
import { listingRoute } from '../../test/listingRoute';
import { makeShop } from '../../test/shops';
import { LISTING_PAGE_SIZE as PAGE_SIZE } from 'contract';
import { pageList } from './Pager';

describe('pageList', () => {
  it('lists every page when there are few', () => {
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(2, 3)).toEqual([1, 2, 3]);
  });
  it('keeps first, last and neighbours, with 0 for gaps', () => {
    expect(pageList(5, 10)).toEqual([1, 0, 4, 5, 6, 0, 10]);
    expect(pageList(1, 10)).toEqual([1, 2, 0, 10]);
  });
});

it('shows 12 cards per page and keeps the page in the URL', async () => {
  const shops = Array.from({ length: 18 }, (_, i) =>
    makeShop({ name: `Taller ${String(i + 1).padStart(2, '0')}` }),
  );
  stubApi({
    'GET /api/shops/listing': listingRoute(() => shops),
    'GET /api/shops/categories': [],
    'GET /api/shops/cities': [],
    'GET /api/shops/states': [],
  });
  await renderDirectory('/');
  const cards = () => screen.queryAllByRole('article');
  await waitFor(() => expect(cards()).toHaveLength(PAGE_SIZE));
  expect(PAGE_SIZE).toBe(12);
  // Real links (they work without JavaScript on the server-rendered page), keeping the filters.
  expect(screen.getByRole('link', { name: 'Página 2' })).toHaveAttribute('href', '/?page=2');
  expect(screen.getByRole('link', { name: 'Página siguiente' })).toHaveAttribute('href', '/?page=2');
  expect(screen.queryByRole('link', { name: 'Página anterior' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Página 2' }));
  await waitFor(() => expect(cards()).toHaveLength(6));
  expect(screen.getByTestId('location')).toHaveTextContent('/?page=2');
  expect(screen.getByRole('link', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
  expect(screen.getByRole('link', { name: 'Página anterior' })).toHaveAttribute('href', '/');
});
