import { Limits } from '@console/contract/limits';
import { useTranslation } from 'react-i18next';
import { useMfaStatus } from '@/api/get-mfa-status';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import '../mfa.css';

/**
 * Login protection's passkeys line: how many the user has (from the protection status, which the
 * workbench's one call brings), and the button that manages them.
 */
export function PasskeysRow({ onManage, testId }: { onManage: () => void; testId: string }) {
  const { t } = useTranslation('mfa');
  const count = useMfaStatus().data?.passkeys;
  return (
    <div className="cz-mfa-passkeys" data-testid={testId}>
      <LineIcon name="key" size={18} className="cz-mfa-passkeys__icon" />
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
