import { cloneElement, isValidElement, useCallback, useContext, type ReactNode } from 'react';
import { App, ConfigProvider, type PaginationProps, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import { useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from './a11y';
import { isLanguage, type Language } from './i18n';

const antdLocales = { es: esES, en: enUS } satisfies Record<Language, unknown>;

/**
 * One theme (antd design tokens) for every frontend (shell, directory, admin), tuned for WCAG 2.2
 * AA: every text colour reaches 4.5:1 on the background it is drawn on (WCAG 1.4.3). antd's
 * defaults do not: danger text `#ff4d4f` on white is 3.27:1, the green tag's `#389e0d` on
 * `#f6ffed` 3.37:1, info `#1677ff` 4.10:1. The ratios are written beside each colour and
 * `contrast.test.ts` recomputes them from the tokens antd derives from this theme, so a change
 * that breaks one fails; the end-to-end suite's axe check sees the rendered colours.
 */
export const atmTheme: ThemeConfig = {
  token: {
    colorPrimary: '#8c1d18', // 9.11:1 on white, and white on it (primary buttons)
    colorLink: '#8c1d18',
    colorLinkHover: '#a8071a', // 7.75:1 (the derived hover, #a65b51, is 4.96:1 but pale)
    // Danger buttons, "Eliminar", error texts: 5.93:1 on white, 5.42:1 on colorErrorBg.
    colorError: '#c41d1f',
    colorErrorHover: '#a8071a', // 7.75:1: hovering darkens (the derived hover is 4.57:1)
    colorErrorTextHover: '#a8071a',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    // Success texts and the status tag: 5.59:1 on white, 5.44:1 on colorSuccessBg. The light
    // background and border are set too: derived from this dark seed they would turn grey.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    // Info (processing tags, info alerts' links): 6.16:1 on white, 5.50:1 on colorInfoBg.
    colorInfo: '#0958d9',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    // Warning text (Typography type="warning"): 6.53:1 on colorWarningBg, 7.2:1 on white.
    colorWarningText: '#874d00',
    // Preset-colour tags draw palette step 7 on step 1, and the palette follows antd's seeds, not
    // tokens set here: green's is 3.37:1, so the green tags are status tags (<Tag color="success">,
    // the colours above). Red 7 on red 1 (5.07:1) and blue 7 on blue 1 (5.50:1) pass as they are.
    // Secondary and tertiary texts (descriptions, hints, placeholders): black at 72%/64%/60% is
    // 9.29:1, 6.69:1 and 5.74:1 on white, and 8.79:1 to 5.59:1 on the admin's #f5f5f5.
    colorTextSecondary: 'rgba(0, 0, 0, 0.72)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.64)',
    colorTextDescription: 'rgba(0, 0, 0, 0.64)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 8,
    fontFamily:
      "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
};

/** The theme for visitors who asked for reduced motion: the same colours, no animation. */
export const stillTheme: ThemeConfig = { ...atmTheme, token: { ...atmTheme.token, motion: false } };

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
  // prefers-reduced-motion: antd's opening, closing and wave animations are decoration, so off.
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider locale={antdLocales[language]} theme={reducedMotion ? stillTheme : atmTheme}>
      {withApp ? <App>{children}</App> : children}
    </ConfigProvider>
  );
}

type ItemRender = NonNullable<PaginationProps['itemRender']>;

/**
 * A pager's `itemRender` that names its arrow buttons in the page's language ("Página
 * anterior", "Página siguiente", antd's own locale texts): antd draws them as a button or
 * link holding only an icon, and icons are decoration here (src/icons/decorative.tsx), so
 * without this they would have no name at all.
 */
export function useNamedPagerItems(): ItemRender {
  const labels = useContext(ConfigProvider.ConfigContext).locale?.Pagination;
  return useCallback<ItemRender>(
    (_page, type, element) => {
      if (!isValidElement<{ 'aria-label'?: string; rel?: string; href?: string }>(element)) return element;
      // The "•••" jumps are plain <a> without href inside a titled list item: no name to add.
      const label = type === 'prev' ? labels?.prev_page : type === 'next' ? labels?.next_page : undefined;
      // antd's page numbers are <a rel="nofollow"> without href: `rel` is only allowed on a link
      // with one (HTML; the Nu checker's error), and a crawler finds no link there anyway.
      const placeholder = element.type === 'a' && !element.props.href;
      if (!label && !(placeholder && element.props.rel)) return element;
      return cloneElement(element, {
        ...(label ? { 'aria-label': label } : {}),
        ...(placeholder ? { rel: undefined } : {}),
      });
    },
    [labels],
  );
}
