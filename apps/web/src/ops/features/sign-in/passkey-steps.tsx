/**
 * Passkeys at the back office's sign-in (decision 0050): the second step by a passkey (the
 * operator's passkeys allowed; the code one click away when they have an authenticator too), and
 * a passkey instead of an authenticator app at the first sign-in's setup (named, then the
 * device's prompt). The browser's side is the customers' (`@/lib/passkey`: the WebAuthn library
 * loads on the first passkey action only); the relying party is the back office's own origin.
 */
import { KeyOutlined } from '@ant-design/icons';
import { ErrorCode } from '@console/contract/codes';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerWithPasskey, canUsePasskeys, createPasskey, PasskeyError } from '@/lib/passkey';
import { callOps, isOpsError, opsErrorText } from '@/ops/lib/ops-api';

/** The words of a failure: the device's (cancelled, unsupported…) or the server's. */
function useFailureText() {
  const { t } = useTranslation('opsPasskeys');
  return (failure: unknown): string =>
    failure instanceof PasskeyError ? t(failure.kind) : opsErrorText(failure);
}

/** A failure that ends the sign-in step: the sign-in starts over. */
function endsTheStep(failure: unknown): boolean {
  return (
    isOpsError(failure) && (failure.kind === 'session' || failure.code === ErrorCode.opsChallengeExpired)
  );
}

function FailureLine({ text }: { text: string | null }) {
  return text ? (
    <Alert type="error" title={text} showIcon data-testid="ops-passkey-error" className="cz-ops-form-alert" />
  ) : null;
}

/** "Use a passkey instead", below another way of proving the second factor. */
export function UsePasskeyInstead({ onChoose, testId }: { onChoose: () => void; testId: string }) {
  const { t } = useTranslation('opsPasskeys');
  return (
    <>
      <Divider plain />
      <Button block icon={<KeyOutlined />} onClick={onChoose} data-testid={testId}>
        {t('usePasskey')}
      </Button>
    </>
  );
}

/** The second step of a sign-in by one of the operator's passkeys. */
export function PasskeySignInStep({
  onDone,
  onRestart,
  onUseCode,
}: {
  onDone: () => void;
  onRestart: () => void;
  /** Offered when the operator has an authenticator too. */
  onUseCode: (() => void) | null;
}) {
  const { t } = useTranslation(['opsPasskeys', 'opsShell']);
  const failureText = useFailureText();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const use = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const options = await callOps('opsSignInPasskeyOptions', { hints: false });
      const credential = await answerWithPasskey(options);
      await callOps('opsSignInPasskey', { body: { credential: credential as never }, hints: false });
      onDone();
    } catch (failure) {
      if (endsTheStep(failure)) onRestart();
      setError(failureText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <>
      <Typography.Title level={2} className="cz-ops-auth__title">
        {t('stepTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('stepHint')}</Typography.Paragraph>
      {canUsePasskeys() ? null : <Alert type="warning" showIcon title={t('unsupported')} />}
      <FailureLine text={error} />
      <Button
        type="primary"
        block
        icon={<KeyOutlined />}
        loading={isBusy}
        onClick={() => void use()}
        data-testid="ops-passkey-use"
        autoFocus
      >
        {isBusy ? t('waiting') : t('use')}
      </Button>
      {onUseCode ? (
        <Button
          block
          className="cz-ops-passkey__other"
          onClick={onUseCode}
          data-testid="ops-passkey-use-code"
        >
          {t('useCode')}
        </Button>
      ) : null}
      <Button type="link" block onClick={onRestart} className="cz-ops-auth__restart">
        {t('signIn.startOver', { ns: 'opsShell' })}
      </Button>
    </>
  );
}

/** The first sign-in's setup by a passkey: a name, then the device's prompt; the setup is complete. */
export function PasskeySetupStep({
  onDone,
  onRestart,
  onUseAuthenticator,
}: {
  onDone: () => void;
  onRestart: () => void;
  onUseAuthenticator: () => void;
}) {
  const { t } = useTranslation('opsPasskeys');
  const failureText = useFailureText();
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const create = async ({ name }: { name: string }) => {
    setIsBusy(true);
    setError(null);
    try {
      const options = await callOps('opsSetupPasskeyOptions', { hints: false });
      const credential = await createPasskey(options);
      await callOps('opsSetupPasskey', {
        body: { name: name.trim(), credential: credential as never },
        hints: false,
      });
      onDone();
    } catch (failure) {
      if (endsTheStep(failure)) onRestart();
      setError(failureText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <>
      <Typography.Title level={3} className="cz-ops-auth__title">
        {t('setupPasskeyTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('setupPasskeyHint')}</Typography.Paragraph>
      {canUsePasskeys() ? null : <Alert type="warning" showIcon title={t('unsupported')} />}
      <FailureLine text={error} />
      <Form
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: t('defaultName') }}
        onFinish={(values) => void create(values)}
      >
        <Form.Item
          name="name"
          label={t('nameLabel')}
          rules={[{ required: true, whitespace: true, max: 64, message: t('nameRequired') }]}
        >
          <Input placeholder={t('namePlaceholder')} maxLength={64} data-testid="ops-setup-passkey-name" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          icon={<KeyOutlined />}
          loading={isBusy}
          disabled={!canUsePasskeys()}
          data-testid="ops-setup-passkey-create"
        >
          {isBusy ? t('creating') : t('create')}
        </Button>
      </Form>
      <Divider plain />
      <Button block onClick={onUseAuthenticator} data-testid="ops-setup-use-authenticator">
        {t('useAuthenticator')}
      </Button>
    </>
  );
}
