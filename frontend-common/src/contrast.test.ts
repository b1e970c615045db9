import { theme } from 'antd';
import { atmTheme } from './antd';

/** An sRGB colour ('#rgb', '#rrggbb' or 'rgba(r, g, b, a)') drawn over an opaque background. */
function rgb(colour: string, background = [255, 255, 255]): number[] {
  if (colour.startsWith('#')) {
    const hex = colour.length === 4 ? colour.replace(/\w/g, (digit) => digit + digit) : colour;
    return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  }
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b].map((channel, i) => channel * a + background[i] * (1 - a));
}

const luminance = (channels: number[]) => {
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2 contrast ratio of `text` drawn on `background`. */
export function contrast(text: string, background: string): number {
  const back = rgb(background);
  const [light, dark] = [luminance(rgb(text, back)), luminance(back)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

const tokens = theme.getDesignToken(atmTheme);
const ADMIN_BACKGROUND = '#f5f5f5';

// Every pair of text and background antd draws with these tokens that the product shows.
const pairs: [string, string, string][] = [
  ['primary buttons (white on colorPrimary)', tokens.colorTextLightSolid, tokens.colorPrimary],
  ['links', tokens.colorLink, tokens.colorBgContainer],
  ['links on hover', tokens.colorLinkHover, tokens.colorBgContainer],
  ['danger buttons and "Eliminar"', tokens.colorError, tokens.colorBgContainer],
  ['danger buttons on hover', tokens.colorErrorHover, tokens.colorBgContainer],
  ['primary danger buttons (white on colorError)', tokens.colorTextLightSolid, tokens.colorError],
  ['error text on the error background', tokens.colorErrorText, tokens.colorErrorBg],
  ['success text', tokens.colorSuccessText, tokens.colorBgContainer],
  ['success tag ("Verificado", <Tag color="success">)', tokens.colorSuccess, tokens.colorSuccessBg],
  ['red tag (categories)', tokens.red7, tokens.red1],
  ['blue tag ("Tú")', tokens.blue7, tokens.blue1],
  ['info text on the info background', tokens.colorInfoText, tokens.colorInfoBg],
  ['warning text', tokens.colorWarningText, tokens.colorWarningBg],
  ['secondary text', tokens.colorTextSecondary, tokens.colorBgContainer],
  ['secondary text on the admin background', tokens.colorTextSecondary, ADMIN_BACKGROUND],
  ['descriptions', tokens.colorTextDescription, tokens.colorBgContainer],
  ['descriptions on the admin background', tokens.colorTextDescription, ADMIN_BACKGROUND],
  ['tertiary text', tokens.colorTextTertiary, tokens.colorBgContainer],
  ['placeholders', tokens.colorTextPlaceholder, tokens.colorBgContainer],
];

describe('the shared antd theme (WCAG 1.4.3, 4.5:1 for text)', () => {
  test.each(pairs)('%s: %s on %s reaches 4.5:1', (_, text, background) => {
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  test("antd's own danger red would fail (the check can fail)", () => {
    const defaults = theme.getDesignToken();
    expect(contrast(defaults.colorError, '#ffffff')).toBeLessThan(4.5);
    expect(contrast(defaults.green7, defaults.green1)).toBeLessThan(4.5);
  });
});
