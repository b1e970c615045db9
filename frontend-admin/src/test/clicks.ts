import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Clicks a button once it is enabled and no longer loading (antd ignores clicks on a loading
 * button without disabling it). A toast or field message can show a moment before the
 * form that sent the request is released; on a loaded machine a click in that moment lands on
 * a disabled button and is lost, and the test waits for an answer that never comes.
 */
export async function clickWhenEnabled(find: () => HTMLElement): Promise<void> {
  await waitFor(() => {
    expect(find()).toBeEnabled();
    expect(find()).not.toHaveClass('ant-btn-loading');
  });
  await userEvent.setup().click(find());
}
