import type { ReactElement, ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { render, type RenderOptions } from '@testing-library/react';

/**
 * antd's CSS-in-JS kept out of the test document (cssinjs' "server" mode: styles are computed,
 * not injected). jsdom's getComputedStyle matches every rule of every style sheet against the
 * element, and Testing Library calls it for each node it names or checks for visibility: with
 * antd's thousands of rules in the page, one `getByRole(..., { name })` on a form took seconds
 * (the admin suite took 6 minutes, 10 times its time without them). jsdom does no layout, so
 * those rules change nothing a test can see except class-based `display: none`, and antd's
 * closed modals, popups and messages are hidden by inline styles or unmounted.
 */
export function WithoutAntdStyles({ children }: { children: ReactNode }) {
  return <StyleProvider mock="server">{children}</StyleProvider>;
}

/** Testing Library's `render` for a frontend page: without antd's style sheets (see above). */
export function renderPage(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  return render(ui, { ...options, wrapper: WithoutAntdStyles });
}
