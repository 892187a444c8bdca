/**
 * /accountManage/sso, the single sign-on configuration (account administrators; spec sections 2,
 * 5, 6 and 7 "SSO"). The route needs the administrators' userManage menu; a member who gets here
 * anyway sees the no-permission state (the server answers 4037).
 */
import { ErrorCode } from '@console/contract/codes';
import { Alert, Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/api/get-current-user';
import { isApiError } from '@/lib/api-client';
import { useSsoConfig } from '../api/get-sso-config';
import { ScimProvisioning } from '../components/scim-provisioning';
import { SsoConfigForm } from '../components/sso-config-form';
import '../sso.css';

export default function SsoConfigPage() {
  const { t } = useTranslation(['ssoConfig', 'common']);
  const config = useSsoConfig();
  const user = useCurrentUser().data;
  const isForbidden =
    user?.isAccountAdmin === false ||
    (config.isError &&
      (isApiError(config.error, ErrorCode.notAccountAdmin) || isApiError(config.error, 403)));

  if (isForbidden) {
    return (
      <Result
        status="403"
        title={t('noAuthTitle', { ns: 'common' })}
        subTitle={t('noPermission')}
        data-testid="sso-no-permission"
      />
    );
  }
  return (
    <div className="cz-sso" data-testid="sso-page">
      {config.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={config.error.message}
          action={
            <Button size="small" onClick={() => void config.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          }
          data-testid="sso-load-failed"
        />
      ) : config.data ? (
        <>
          <SsoConfigForm config={config.data} accountName={user?.accountName ?? ''} />
          <ScimProvisioning />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
