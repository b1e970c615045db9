import { act, fireEvent, render, screen } from '@testing-library/react';
import { useTypedFilter } from './useTypedFilter';

/** A filter box as the dashboard's search and the activity log's filters use the hook. */
function Filter({ value, commit }: { value: string; commit: (text: string) => void }) {
  const [text, setText] = useTypedFilter(value, commit, 50);
  return <input type="search" value={text} onChange={(event) => setText(event.target.value)} />;
}

describe('a typed filter kept in the URL', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps what was typed after its own value comes back through the URL', () => {
    jest.useFakeTimers();
    const commit = jest.fn();
    const { rerender } = render(<Filter value="" commit={commit} />);
    const box = screen.getByRole('searchbox');
    fireEvent.change(box, { target: { value: 'Armería de' } });
    act(() => jest.advanceTimersByTime(100));
    expect(commit).toHaveBeenLastCalledWith('Armería de');
    // A slow typist: a key arrives before the URL, and so the value, has followed.
    fireEvent.change(box, { target: { value: 'Armería del T' } });
    rerender(<Filter value="Armería de" commit={commit} />);
    expect(box).toHaveValue('Armería del T');
    act(() => jest.advanceTimersByTime(100));
    expect(commit).toHaveBeenLastCalledWith('Armería del T');
  });

  it('shows a value that comes from elsewhere (back, forward, a link, clearing the filters)', () => {
    const commit = jest.fn();
    const { rerender } = render(<Filter value="caza" commit={commit} />);
    rerender(<Filter value="norte" commit={commit} />);
    expect(screen.getByRole('searchbox')).toHaveValue('norte');
    rerender(<Filter value="" commit={commit} />);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(commit).not.toHaveBeenCalled();
  });
});
