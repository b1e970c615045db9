import { act, fireEvent, screen } from '@testing-library/react';
import { renderPage } from 'frontend-common/jest/render';
import { AdminProviders } from './AdminProviders';
import { useToast } from './useToast';

/** Two buttons that raise a toast each, as two failed attempts do. */
function ToastButtons() {
  const toast = useToast();
  return ['first', 'second'].map((text) => (
    <button key={text} onClick={() => toast.error('Login Failed', text)}>
      {`raise ${text}`}
    </button>
  ));
}
const raise = (text: string) => fireEvent.click(screen.getByRole('button', { name: `raise ${text}` }));

/** One toast at a time, each closing 5 s after it was shown. */
describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it("a toast that replaces another stays its own 5 s (defect 1: it closed after the first one's time)", async () => {
    renderPage(
      <AdminProviders>
        <ToastButtons />
      </AdminProviders>,
    );
    raise('first');
    expect(await screen.findByText('first')).toBeInTheDocument();
    await advance(4000);
    raise('second');
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(screen.queryByText('first')).not.toBeInTheDocument(); // one at a time
    await advance(2000); // 6 s after the first, 2 s after the second
    expect(screen.getByText('second')).toBeInTheDocument();
    await advance(3500);
    await advance(1000); // the leave animation
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });
});
