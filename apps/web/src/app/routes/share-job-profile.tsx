/**
 * /share/jobProfile as the app shows it: the shared job profile with the console's antd theme and
 * locale. A chunk of its own, loaded only by this page: the login page's first load never carries
 * antd (decision 0004; decision 0023 says why this shared page uses it).
 */
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { consoleTheme } from '@/components/antd/antd-provider';
import { loadAntdStyles } from '@/components/antd/antd-styles';
import ShareJobProfilePage from '@/features/share/routes/share-job-profile';
import { getLanguage } from '@/lib/language';

/**
 * antd's stylesheet where the build extracted it (decision 0036): the page's loader waits for it
 * with the chunk, so that the page never draws unstyled (and loads it again on a retry).
 */
export const loadStyles = loadAntdStyles;

export default function ShareJobProfileRoute() {
  return (
    <ConfigProvider theme={consoleTheme} locale={getLanguage() === 'en-US' ? enUS : zhCN}>
      <ShareJobProfilePage />
    </ConfigProvider>
  );
}
