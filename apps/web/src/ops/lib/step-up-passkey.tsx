/**
 * The step-up by passkey (decision 0050), inside the step-up dialog: one of the operator's
 * passkeys proves the second factor again (`opsStepUpPasskeyOptions`, then `opsStepUpPasskey`).
 * Also the query of the operator's own second factors, which tells the dialog what to offer and
 * which My account's second-factor card shares.
 */
import { KeyOutlined } from '@ant-design/icons';
import { Alert, Button, Divider } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerWithPasskey, canUsePasskeys, PasskeyError } from '@/lib/passkey';
import { callOps, isOpsError, opsErrorText } from './ops-api';

/** The query key of the signed-in operator's second factors (`opsMySecondFactors`). */
export const opsSecondFactorsKey = ['ops', 'me', 'second-factors'] as const;

export function StepUpPasskey({
  hasCode,
  onProven,
  onSessionEnd,
}: {
  /** The code is offered above: this is the other way. */
  hasCode: boolean;
  onProven: () => void;
  onSessionEnd: () => void;
}) {
  const { t } = useTranslation('opsPasskeys');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const use = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const options = await callOps('opsStepUpPasskeyOptions', { stepUp: false, hints: false });
      const credential = await answerWithPasskey(options);
      await callOps('opsStepUpPasskey', {
        body: { credential: credential as never },
        stepUp: false,
        hints: false,
      });
      onProven();
    } catch (failure) {
      if (isOpsError(failure) && failure.kind === 'session') onSessionEnd();
      else setError(failure instanceof PasskeyError ? t(failure.kind) : opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div data-testid="ops-step-up-passkey">
      {hasCode ? <Divider plain /> : <p>{t('stepHint')}</p>}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          className="cz-ops-form-alert"
          data-testid="ops-step-up-passkey-error"
        />
      ) : null}
      <Button
        block
        type={hasCode ? 'default' : 'primary'}
        icon={<KeyOutlined />}
        loading={isBusy}
        disabled={!canUsePasskeys()}
        onClick={() => void use()}
        data-testid="ops-step-up-use-passkey"
      >
        {isBusy ? t('waiting') : hasCode ? t('usePasskey') : t('use')}
      </Button>
    </div>
  );
}
