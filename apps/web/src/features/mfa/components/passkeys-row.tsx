import { KeyOutlined } from '@ant-design/icons';
import { Limits } from '@console/contract/limits';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMfaStatus } from '@/api/get-mfa-status';

/**
 * Login protection's passkeys line: how many the user has (from the protection status, which the
 * workbench's one call brings), and the button that manages them.
 */
export function PasskeysRow({ onManage, testId }: { onManage: () => void; testId: string }) {
  const { t } = useTranslation('mfa');
  const count = useMfaStatus().data?.passkeys;
  return (
    <div className="cz-mfa-passkeys" data-testid={testId}>
      <KeyOutlined className="cz-mfa-passkeys__icon" aria-hidden />
      <div className="cz-mfa-passkeys__text">
        <div className="cz-mfa-passkeys__label">{t('passkey.title')}</div>
        <div className="cz-mfa-passkeys__hint" data-testid={`${testId}-count`}>
          {count === undefined
            ? '\u00a0'
            : count === 0
              ? t('passkey.empty')
              : t('passkey.count', { count, max: Limits.passkeysPerUser })}
        </div>
      </div>
      <Button onClick={onManage} data-testid={`${testId}-manage`}>
        {t('protection.manage')}
      </Button>
    </div>
  );
}
