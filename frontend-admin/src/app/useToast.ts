import { useMemo } from 'react';
import { App } from 'antd';

/**
 * Each toast gets a key of its own. Reusing one key made antd update the toast in place and
 * keep the first one's timer, so a toast that replaced another 4 s later closed after 1 s; the
 * App's maxCount of 1 removes the previous toast instead.
 */
let shown = 0;
const nextKey = () => `atm-admin-toast-${++shown}`;

/**
 * Toasts through antd's `App.useApp()` (theme and locale apply; static `notification` would
 * ignore them). AdminProviders configures the App with maxCount 1 and 5 s. Each toast is a live
 * region that never takes focus: a success is a polite `status` (read after what is being read),
 * an error an assertive `alert`.
 */
export function useToast() {
  const { notification } = App.useApp();
  return useMemo(
    () => ({
      success: (title: string, description?: string) =>
        notification.success({ key: nextKey(), title, description, duration: 5, role: 'status' }),
      error: (title: string, description?: string) =>
        notification.error({ key: nextKey(), title, description, duration: 5, role: 'alert' }),
    }),
    [notification],
  );
}
