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
 * antd `ConfigProvider` (locale following the i18next language, shared theme) plus antd `App`
 * (so `App.useApp()` messages get theme and locale). The shell owns the outer one; a remote
 * that bundles its own antd copy wraps itself in one too, because React context does not
 * cross two copies of antd.
 */
export function AntdProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'es';
  return (
    <ConfigProvider locale={antdLocales[language]} theme={atmTheme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
