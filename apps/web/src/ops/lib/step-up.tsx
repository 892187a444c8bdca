/**
 * The step-up (decision 0047): an act marked `stepUp` in the contract answers 4302 when the second
 * factor was last proven more than 15 minutes ago. The API client then opens this dialog (one for
 * every act waiting), which proves it again (`POST /api/ops/step-up`) and lets the act be sent once
 * more; cancelling leaves the act undone. Mounted once by the app; pages do nothing for it.
 * The operator proves it with the authenticator code or one of their passkeys (decision 0050):
 * the dialog offers what they have.
 */
import { ErrorCode } from '@console/contract/codes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callOps, configureOpsClient, isOpsError, opsErrorText } from './ops-api';
import { opsMeKey } from './ops-session';
import { opsSecondFactorsKey, StepUpPasskey } from './step-up-passkey';

type TWaiting = { resolve: (isProven: boolean) => void };

export function StepUpDialog() {
  const { t } = useTranslation('opsShell');
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const waiting = useRef<TWaiting[]>([]);
  const factors = useQuery({
    queryKey: opsSecondFactorsKey,
    queryFn: () => callOps('opsMySecondFactors', { hints: false, stepUp: false }),
    enabled: isOpen,
  });
  // Until the factors are known (or if they cannot be), the code is offered.
  const hasCode = factors.data?.hasAuthenticator ?? true;
  const hasPasskey = (factors.data?.passkeys.length ?? 0) > 0;
  const proven = () => {
    void queryClient.invalidateQueries({ queryKey: opsMeKey });
    finish(true);
  };

  useEffect(
    () =>
      configureOpsClient({
        onStepUp: () =>
          new Promise<boolean>((resolve) => {
            waiting.current.push({ resolve });
            setIsOpen(true);
          }),
      }),
    [],
  );

  const finish = (isProven: boolean) => {
    for (const w of waiting.current.splice(0)) w.resolve(isProven);
    setIsOpen(false);
    setCode('');
    setError(null);
  };

  const confirm = async () => {
    if (!/^\d{6}$/.test(code)) {
      setError(t('signIn.codeRequired'));
      return;
    }
    setIsBusy(true);
    try {
      await callOps('opsStepUp', { body: { code }, stepUp: false, hints: false });
      proven();
    } catch (failure) {
      if (isOpsError(failure) && failure.kind === 'session') finish(false);
      else setError(isOpsError(failure, ErrorCode.opsCodeWrong) ? failure.message : opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      title={t('stepUp.title')}
      okText={t('stepUp.confirm')}
      cancelText={t('stepUp.cancel')}
      confirmLoading={isBusy}
      onOk={() => void confirm()}
      onCancel={() => finish(false)}
      okButtonProps={{ hidden: !hasCode }}
      destroyOnHidden
    >
      <p>{t('stepUp.intro')}</p>
      {hasCode ? (
        <Form layout="vertical" onFinish={() => void confirm()}>
          <Form.Item
            label={t('stepUp.code')}
            htmlFor="ops-step-up-code"
            validateStatus={error ? 'error' : undefined}
            help={error ?? undefined}
          >
            <Input
              id="ops-step-up-code"
              data-testid="ops-step-up-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
          </Form.Item>
        </Form>
      ) : null}
      {hasPasskey ? (
        <Suspense fallback={null}>
          <StepUpPasskey hasCode={hasCode} onProven={proven} onSessionEnd={() => finish(false)} />
        </Suspense>
      ) : null}
    </Modal>
  );
}
