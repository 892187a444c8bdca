/** antd for the console: theme from the design tokens, locale of the page language, the notifier. */
import type { TLanguage } from '@console/contract/enums';
import type { TPhrases } from '@console/phrases';
import { ConfigProvider, type ThemeConfig } from 'antd';
import useAppStyle from 'antd/es/app/style';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import useMessage from 'antd/es/message/useMessage';
import useNotification from 'antd/es/notification/useNotification';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast } from '@/components/toast/toast-store';
import { designTokens as d } from '@/config/design-tokens';
import { describeApiEvent, setNotifier, type TToast } from '@/lib/notifier';

export const consoleTheme: ThemeConfig = {
  hashed: false,
  token: {
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

/**
 * Registers antd's message/notification as the API client's notifier (one toast at a time). What
 * antd's App does for them, without its modal (no console page opens one through it), which would
 * add antd's modal to every page's first load: the holders of both, and App's root styles.
 */
function AntdNotifier({ children }: { children: ReactNode }) {
  const [message, messageHolder] = useMessage({ maxCount: 1 });
  const [notification, notificationHolder] = useNotification({ maxCount: 1, placement: 'topRight' });
  const [hashId, cssVarCls] = useAppStyle('ant-app');
  const { i18n } = useTranslation();
  useEffect(() => {
    const common = () => i18n.getResourceBundle(i18n.language, 'common') as TPhrases['common'];
    const show = (toast: TToast) => {
      dismissToast();
      message.destroy();
      notification.destroy();
      const props = { 'data-testid': 'toast', 'data-level': toast.level } as Record<string, string>;
      if ((toast.level === 'success' || toast.level === 'info') && !toast.description) {
        void message.open({
          type: toast.level,
          content: (
            <span data-testid="toast" data-level={toast.level}>
              {toast.title}
            </span>
          ),
        });
        return;
      }
      notification.open({
        type: toast.level,
        title: toast.title,
        description: toast.description,
        role: toast.level === 'error' || toast.level === 'warning' ? 'alert' : 'status',
        props,
      });
    };
    return setNotifier({ show, notifyApiEvent: (event) => show(describeApiEvent(event, common())) });
  }, [message, notification, i18n]);
  return (
    <div className={['ant-app', hashId, cssVarCls].filter(Boolean).join(' ')}>
      {messageHolder}
      {notificationHolder}
      {children}
    </div>
  );
}

export function AntdProvider({ lang, children }: { lang: TLanguage; children: ReactNode }) {
  return (
    <ConfigProvider theme={consoleTheme} locale={antdLocales[lang]}>
      <AntdNotifier>{children}</AntdNotifier>
    </ConfigProvider>
  );
}
