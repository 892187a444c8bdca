/** antd for the console's pages and dialogs: theme from the design tokens, locale of the page language. */
import { ConfigProvider, type ThemeConfig } from 'antd';
import useAppStyle from 'antd/es/app/style';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { designTokens as d } from '@/config/design-tokens';
import { getLanguage } from '@/lib/language';
import { antdZeroRuntime } from './antd-styles';
import './antd-overrides.css';

/** The user asked the system for less motion: antd then opens and closes without animating. */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

export const consoleTheme: ThemeConfig = {
  hashed: false,
  // A production build draws from antd's extracted stylesheet, which the provider's load brings
  // (decision 0036); antd then generates no styles of its own but the theme's CSS variables.
  zeroRuntime: antdZeroRuntime,
  token: {
    motion: !prefersReducedMotion(),
    colorPrimary: d.colorPrimary,
    colorSuccess: d.colorSuccess,
    colorWarning: d.colorWarning,
    colorError: d.colorError,
    colorInfo: d.colorInfo,
    colorLink: d.colorLink,
    colorTextBase: d.colorText,
    // antd's own tertiary text (45 % of the base) falls short of 4.5:1 on white (WCAG AA): the
    // token's grey, also the secondary text of Typography and the labels of Descriptions.
    colorTextTertiary: d.colorTextTertiary,
    // Placeholders too: a select's placeholder is text on the page (axe color-contrast), and
    // antd's 25 % grey reads 1.7:1.
    colorTextPlaceholder: d.colorTextTertiary,
    colorBgLayout: d.colorBgLayout,
    colorBorder: d.colorBorder,
    colorBorderSecondary: d.colorBorderSecondary,
    borderRadius: d.borderRadius,
    borderRadiusSM: d.borderRadiusSM,
    borderRadiusLG: d.borderRadiusLG,
    controlHeight: d.controlHeight,
    controlHeightLG: d.controlHeightLG,
    fontSize: d.fontSize,
    fontFamily: d.fontFamily,
    boxShadowSecondary: d.boxShadowPopup,
  },
  components: {
    Layout: {
      siderBg: d.colorBgContainer,
      headerBg: d.colorBgContainer,
      bodyBg: d.colorBgLayout,
      headerHeight: 60,
    },
    Menu: {
      itemBg: 'transparent',
      subMenuItemBg: 'transparent',
      itemSelectedBg: d.colorPrimaryBg,
      itemSelectedColor: d.colorPrimary,
      itemBorderRadius: d.borderRadius,
      itemHeight: 40,
      itemMarginInline: 8,
      activeBarBorderWidth: 0,
    },
    Card: { headerFontSize: 15 },
    // Tag text darkened (same hues) to 4.5:1 on the tags' light backgrounds (WCAG AA): the status
    // tags (success, warning, error) and the preset colours the console uses that fell short.
    Tag: {
      colorSuccess: '#166e3b',
      colorWarning: '#a85d05',
      colorError: '#c92a1e',
      gold7: '#a16705',
      green7: '#2f840b',
      orange7: '#b25a07',
    },
  },
};

const antdLocales = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/** The container with antd App's root styles, drawn inside the provider so that it takes its theme. */
function AppRoot({ children }: { children: ReactNode }) {
  const [hashId, cssVarCls] = useAppStyle('ant-app');
  return <div className={['ant-app', hashId, cssVarCls].filter(Boolean).join(' ')}>{children}</div>;
}

/**
 * antd's theme and locale for a subtree that uses antd: a console page, or a dialog opened from
 * the antd-free shell or workbench (decision 0033). The container carries antd App's root styles;
 * messages go through the app's light toaster, like every other toast of the console.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={consoleTheme} locale={antdLocales[getLanguage()]}>
      <AppRoot>{children}</AppRoot>
    </ConfigProvider>
  );
}
