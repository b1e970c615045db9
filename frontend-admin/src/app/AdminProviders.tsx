import type { ReactNode } from 'react';
import { App } from 'antd';
import { AntdProviders } from 'frontend-common';

/**
 * The shared antd providers (own copy: antd is not a shared module), plus an inner `App`
 * that sets this remote's toast rules: one at a time, closing after 5 s.
 * `component={false}` adds no wrapper element. Toasts sit at the top centre: at the top right they
 * covered the header's Logout and language switch for their 5 seconds.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  return (
    <AntdProviders>
      <App
        component={false}
        notification={{ maxCount: 1, duration: 5, placement: 'top' }}
        message={{ maxCount: 1, duration: 5 }}
      >
        {children}
      </App>
    </AntdProviders>
  );
}
