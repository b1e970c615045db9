import { act, screen } from '@testing-library/react';
import { renderPage } from 'frontend-common/jest/render';
import { AdminProviders } from './AdminProviders';
import { useToast } from './useToast';

let toast: ReturnType<typeof useToast>;
function ToastProbe() {
  toast = useToast();
  return null;
}

/** Spec section 9: one toast at a time, each closing 5 s after it was shown. */
describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

  it("a toast that replaces another stays its own 5 s (defect 1: it closed after the first one's time)", async () => {
    renderPage(
      <AdminProviders>
        <ToastProbe />
      </AdminProviders>,
    );
    act(() => toast.error('Login Failed', 'first'));
    expect(await screen.findByText('first')).toBeInTheDocument();
    await advance(4000);
    act(() => toast.error('Login Failed', 'second'));
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(screen.queryByText('first')).not.toBeInTheDocument(); // one at a time
    await advance(2000); // 6 s after the first, 2 s after the second
    expect(screen.getByText('second')).toBeInTheDocument();
    await advance(3500);
    await advance(1000); // the leave animation
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });
});
