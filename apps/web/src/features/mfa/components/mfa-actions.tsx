import { useTranslation } from 'react-i18next';
import type { TMfaStatus } from '@/api/get-mfa-status';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { getMeta } from '@/lib/meta';
import '../mfa.css';

/** What a dialog opens for; `require`: the confirmation of requiring protection of every user. */
export type TProtectionAction = 'manage' | 'enable' | 'disable' | 'rebind' | 'passkeys' | 'require';

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
      <Button variant="primary" onClick={() => onAction('enable')} data-testid={`${testIdPrefix}-enable`}>
        {t('protection.enable')}
      </Button>
    );
  }
  const disable = (
    <Button
      isDanger
      className="cz-mfa-actions__disable"
      disabled={state.accountRequired}
      onClick={() => onAction('disable')}
      data-testid={`${testIdPrefix}-disable`}
    >
      {t('protection.disable')}
    </Button>
  );
  return (
    <div className="cz-mfa-actions">
      {isInternational && state.mfaMethodType === 'GA' ? (
        <Button onClick={() => onAction('rebind')} data-testid={`${testIdPrefix}-rebind`}>
          {t('protection.rebind')}
        </Button>
      ) : null}
      {state.accountRequired ? <Tooltip title={t('protection.cannotDisable')}>{disable}</Tooltip> : disable}
    </div>
  );
}
