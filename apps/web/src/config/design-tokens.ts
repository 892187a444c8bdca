/**
 * Design tokens of the console: the antd theme of the console pages and the CSS variables of the
 * light public pages are both built from these values, so the two look alike.
 */
export const designTokens = {
  colorPrimary: '#1f5bd8',
  colorPrimaryHover: '#3d74e8',
  colorPrimaryActive: '#1546b0',
  colorPrimaryBg: '#edf3ff',
  colorSuccess: '#1f9d55',
  colorWarning: '#d97706',
  colorError: '#d92d20',
  /** The status colours as text: 4.5:1 on white and on their own light backgrounds (WCAG AA). */
  colorSuccessText: '#166e3b',
  colorWarningText: '#b45309',
  colorErrorText: '#b42318',
  colorInfo: '#1f5bd8',
  colorText: '#1d2129',
  colorTextSecondary: '#4e5969',
  colorTextTertiary: '#67707c',
  colorTextQuaternary: '#c9cdd4',
  colorBorder: '#d9dde4',
  colorBorderSecondary: '#e8ebf0',
  colorBgLayout: '#f4f6fa',
  colorBgContainer: '#ffffff',
  colorBgElevated: '#ffffff',
  colorFill: '#f2f3f5',
  colorFillSecondary: '#f7f8fa',
  colorLink: '#1f5bd8',
  brandGradient: 'linear-gradient(150deg, #0f2b6b 0%, #1f5bd8 58%, #3fa3ff 100%)',
  siderBg: '#0f1b33',
  borderRadius: 8,
  borderRadiusSM: 6,
  borderRadiusLG: 12,
  controlHeight: 36,
  controlHeightLG: 42,
  fontSize: 14,
  // Latin faces first, then the CJK ones: a browser takes each character from the first face that
  // has it, so English is never set in a CJK face (on Linux, Noto CJK's Latin is wide), and Chinese
  // still comes from PingFang, YaHei or Noto CJK.
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  boxShadowPopup: '0 6px 24px rgba(15, 27, 51, 0.12), 0 2px 6px rgba(15, 27, 51, 0.06)',
} as const;

/**
 * The tokens as CSS custom properties (`--cz-…`) of the public pages: src/styles/tokens.css holds
 * them statically (a test keeps the two equal), so the light pages carry no token code.
 */
export function cssVariables(t = designTokens): Record<string, string> {
  return {
    '--cz-color-primary': t.colorPrimary,
    '--cz-color-primary-hover': t.colorPrimaryHover,
    '--cz-color-primary-active': t.colorPrimaryActive,
    '--cz-color-primary-bg': t.colorPrimaryBg,
    '--cz-color-success': t.colorSuccess,
    '--cz-color-warning': t.colorWarning,
    '--cz-color-error': t.colorError,
    '--cz-color-success-text': t.colorSuccessText,
    '--cz-color-warning-text': t.colorWarningText,
    '--cz-color-error-text': t.colorErrorText,
    '--cz-color-text': t.colorText,
    '--cz-color-text-secondary': t.colorTextSecondary,
    '--cz-color-text-tertiary': t.colorTextTertiary,
    '--cz-color-text-quaternary': t.colorTextQuaternary,
    '--cz-color-border': t.colorBorder,
    '--cz-color-border-secondary': t.colorBorderSecondary,
    '--cz-color-bg-layout': t.colorBgLayout,
    '--cz-color-bg-container': t.colorBgContainer,
    '--cz-color-bg-elevated': t.colorBgElevated,
    '--cz-color-fill': t.colorFill,
    '--cz-color-fill-secondary': t.colorFillSecondary,
    '--cz-brand-gradient': t.brandGradient,
    '--cz-radius': `${t.borderRadius}px`,
    '--cz-radius-sm': `${t.borderRadiusSM}px`,
    '--cz-radius-lg': `${t.borderRadiusLG}px`,
    '--cz-control-height': `${t.controlHeight}px`,
    '--cz-control-height-lg': `${t.controlHeightLG}px`,
    '--cz-font-size': `${t.fontSize}px`,
    '--cz-font-family': t.fontFamily,
    '--cz-shadow-popup': t.boxShadowPopup,
  };
}
