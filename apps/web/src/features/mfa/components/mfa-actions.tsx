import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TMfaStatus } from '@/api/get-mfa-status';
import { getMeta } from '@/lib/meta';

export type TProtectionAction = 'manage' | 'enable' | 'disable' | 'rebind' | 'passkeys';

/** Turn on, or rebind (authenticator) and turn off; turning off is refused while the account requires it. */
export function MfaActions({
  state,
  onAction,
  testIdPrefix = 'mfa',
}: {
  state: TMfaStatus;
  onAction: (action: TProtectionAction) => void;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation('mfa');
  const isInternational = getMeta().edition === 'international';
  if (!state.enable) {
    return (
      <Button type="primary" onClick={() => onAction('enable')} data-testid={`${testIdPrefix}-enable`}>
        {t('protection.enable')}
      </Button>
    );
  }
  const disable = (
    <Button
      danger
      disabled={state.accountRequired}
      onClick={() => onAction('disable')}
      data-testid={`${testIdPrefix}-disable`}
    >
      {t('protection.disable')}
    </Button>
  );
  return (
    <Space wrap>
      {isInternational && state.mfaMethodType === 'GA' ? (
        <Button onClick={() => onAction('rebind')} data-testid={`${testIdPrefix}-rebind`}>
          {t('protection.rebind')}
        </Button>
      ) : null}
      {state.accountRequired ? (
        <Tooltip title={t('protection.cannotDisable')}>
          <span>{disable}</span>
        </Tooltip>
      ) : (
        disable
      )}
    </Space>
  );
}
