import { useMemo } from 'react';
import { App } from 'antd';

/** The one notification key: a new toast replaces the one shown (spec: one at a time). */
const TOAST_KEY = 'atm-admin-toast';

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
        notification.success({ key: TOAST_KEY, title, description, duration: 5, role: 'status' }),
      error: (title: string, description?: string) =>
        notification.error({ key: TOAST_KEY, title, description, duration: 5, role: 'alert' }),
    }),
    [notification],
  );
}
