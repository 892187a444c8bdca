/** The sign-in page's notice: why the operator is here (the session ended, or they signed out). */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

export function Notice() {
  const { t } = useTranslation('opsShell');
  const [params] = useSearchParams();
  const notice = params.get('notice');
  if (notice === 'ended') {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('signIn.sessionEnded')}
        data-testid="ops-notice"
        className="cz-ops-form-alert"
      />
    );
  }
  if (notice === 'signedOut') {
    return (
      <Alert
        type="info"
        showIcon
        title={t('signIn.signedOut')}
        data-testid="ops-notice"
        className="cz-ops-form-alert"
      />
    );
  }
  return null;
}
