import type { ReactNode } from 'react';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from './i18n';

const antdLocales = { es: esES, en: enUS } satisfies Record<Language, unknown>;

/**
 * One theme for every frontend. Text tokens are darker than antd's defaults so secondary text,
 * descriptions and placeholders meet WCAG AA contrast (4.5:1) on white.
 */
export const atmTheme: ThemeConfig = {
  token: {
    colorPrimary: '#8c1d18',
    colorLink: '#8c1d18',
    colorTextSecondary: 'rgba(0, 0, 0, 0.72)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.64)',
    colorTextDescription: 'rgba(0, 0, 0, 0.64)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

/**
 * antd `ConfigProvider` (locale following the i18next language, shared theme) and, unless
 * `withApp` is false, antd `App` (so `App.useApp()` messages get theme and locale). antd is not
 * a shared module (see frontend-shell/README.md), so React context does not cross from the
 * shell's antd copy to a remote's: each frontend wraps its own antd components in this.
 * A remote that shows no toasts passes `withApp={false}` and saves App's message/notification/modal code.
 */
export function AntdProviders({ children, withApp = true }: { children: ReactNode; withApp?: boolean }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'es';
  return (
    <ConfigProvider locale={antdLocales[language]} theme={atmTheme}>
      {withApp ? <App>{children}</App> : children}
    </ConfigProvider>
  );
}
