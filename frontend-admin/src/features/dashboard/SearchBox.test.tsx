import { act, fireEvent, screen } from '@testing-library/react';
import { renderPage } from 'frontend-common/jest/render';
import { initI18n } from 'frontend-common';
import { SearchBox } from './SearchBox';

initI18n();

describe('the dashboard search box', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps what was typed after its own query comes back through the URL', () => {
    jest.useFakeTimers();
    const onSearch = jest.fn();
    const { rerender } = renderPage(<SearchBox value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'Armería de' } });
    act(() => jest.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenLastCalledWith('Armería de');
    // A slow typist: a key arrives before the URL, and so the value, has followed.
    fireEvent.change(box, { target: { value: 'Armería del T' } });
    rerender(<SearchBox value="Armería de" onSearch={onSearch} />);
    expect(box).toHaveValue('Armería del T');
    act(() => jest.advanceTimersByTime(100));
    expect(onSearch).toHaveBeenLastCalledWith('Armería del T');
  });

  it('shows a query that comes from elsewhere (back, forward, a link)', () => {
    const onSearch = jest.fn();
    const { rerender } = renderPage(<SearchBox value="caza" onSearch={onSearch} />);
    rerender(<SearchBox value="norte" onSearch={onSearch} />);
    expect(screen.getByRole('searchbox')).toHaveValue('norte');
    rerender(<SearchBox value="" onSearch={onSearch} />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
