/**
 * The back office's sign-in (decision 0047): username and password, then the authenticator code;
 * at the first sign-in (and after an owner reset the second factor) the setup, which cannot be
 * skipped: replace the one-time password under the operators' password rules, then enrol an
 * authenticator app (QR code, or the key to copy) confirmed by its first code. Each step is the
 * server's: its token (the cookie) admits only that step's routes.
 *
 * Passkeys (decision 0050, passkey-steps.tsx): a passkey as the second step (first, where the
 * operator has one; the code one click away) and at the setup instead of the authenticator app
 * (`AuthenticatorStep`'s `alternative` slot).
 */
import { ErrorCode } from '@console/contract/codes';
import { OpsPasswordPolicy, type TOpsRouteData } from '@console/contract/ops';
import { checkPasswordPolicy } from '@console/contract/password-rules';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Steps, Typography } from 'antd';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthenticatorKey } from '@/components/authenticator-key';
import { useQrCode } from '@/lib/qr-code';
import { OpsLanguageSwitch } from '@/ops/components/ops-language-switch';
import { callOps, isOpsError, opsErrorText } from '@/ops/lib/ops-api';
import { opsMeKey } from '@/ops/lib/ops-session';
import { markSignedIn } from '@/ops/lib/session-end';
import { PasskeySetupStep, PasskeySignInStep, UsePasskeyInstead } from './passkey-steps';
import { Notice } from './sign-in-notice';

type TStep =
  | { kind: 'password' }
  | { kind: 'code'; hasPasskey: boolean }
  | { kind: 'passkey'; hasCode: boolean }
  | { kind: 'setupPassword' }
  | { kind: 'setupAuthenticator'; hadPasswordStep: boolean }
  | { kind: 'setupPasskey'; hadPasswordStep: boolean };

type TSignInStep = TOpsRouteData<'opsSignIn'>;

/** The step after the password: a passkey first where the operator has one (decision 0050). */
function nextStepOf(step: TSignInStep): TStep {
  if (step.stage === 'totp') {
    const hasPasskey = step.secondFactors.includes('passkey');
    const hasCode = step.secondFactors.includes('totp');
    return hasPasskey ? { kind: 'passkey', hasCode } : { kind: 'code', hasPasskey };
  }
  return step.mustChangePassword
    ? { kind: 'setupPassword' }
    : { kind: 'setupAuthenticator', hadPasswordStep: false };
}

function ErrorLine({ text }: { text: string | null }) {
  return text ? (
    <Alert type="error" title={text} showIcon data-testid="ops-sign-in-error" className="cz-ops-form-alert" />
  ) : null;
}

const codeRules = (message: string) => [{ required: true, pattern: /^\d{6}$/, message }];

/** The 6-digit code field; Form.Item gives it its value and change handler. */
function CodeInput({
  id,
  label,
  testId,
  ...control
}: {
  id: string;
  label: string;
  testId: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Input
      {...control}
      id={id}
      aria-label={label}
      data-testid={testId}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      autoFocus
    />
  );
}

function PasswordStep({
  onNext,
  alternative,
}: {
  onNext: (step: TSignInStep) => void;
  alternative?: ReactNode;
}) {
  const { t } = useTranslation('opsShell');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async (values: { username: string; password: string }) => {
    setIsBusy(true);
    setError(null);
    try {
      onNext(await callOps('opsSignIn', { body: values, hints: false }));
    } catch (failure) {
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <>
      <Typography.Title level={2} className="cz-ops-auth__title">
        {t('signIn.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('signIn.intro')}</Typography.Paragraph>
      <ErrorLine text={error} />
      <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="username"
          label={t('signIn.username')}
          rules={[{ required: true, whitespace: true, message: t('signIn.usernameRequired') }]}
        >
          <Input autoComplete="username" data-testid="ops-username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('signIn.password')}
          rules={[{ required: true, message: t('signIn.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" data-testid="ops-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isBusy} data-testid="ops-sign-in-submit">
          {t('signIn.submit')}
        </Button>
      </Form>
      {alternative}
    </>
  );
}

function CodeStep({
  onDone,
  onRestart,
  alternative,
}: {
  onDone: () => void;
  onRestart: () => void;
  alternative?: ReactNode;
}) {
  const { t } = useTranslation('opsShell');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const submit = async ({ code }: { code: string }) => {
    setIsBusy(true);
    setError(null);
    try {
      await callOps('opsSignInTotp', { body: { code }, hints: false });
      onDone();
    } catch (failure) {
      if (
        isOpsError(failure) &&
        (failure.kind === 'session' || failure.code === ErrorCode.opsChallengeExpired)
      ) {
        onRestart();
      }
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <>
      <Typography.Title level={2} className="cz-ops-auth__title">
        {t('signIn.codeTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('signIn.codeIntro')}</Typography.Paragraph>
      <ErrorLine text={error} />
      <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="code" label={t('signIn.code')} rules={codeRules(t('signIn.codeRequired'))}>
          <CodeInput id="ops-code" label={t('signIn.code')} testId="ops-code" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isBusy} data-testid="ops-code-submit">
          {t('signIn.verify')}
        </Button>
      </Form>
      {alternative}
      <Button type="link" block onClick={onRestart} className="cz-ops-auth__restart">
        {t('signIn.startOver')}
      </Button>
    </>
  );
}

function SetupPasswordStep({ onNext, onRestart }: { onNext: () => void; onRestart: () => void }) {
  const { t } = useTranslation(['opsShell', 'errors']);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const types = OpsPasswordPolicy.requiredCharTypes
    .map((type) => t(`charType${type}`, { ns: 'errors' }))
    .join(t('charTypesJoin', { ns: 'errors' }));
  const rule = t('setup.rule', { minLength: OpsPasswordPolicy.minLength, types });
  const submit = async ({ password }: { password: string }) => {
    setIsBusy(true);
    setError(null);
    try {
      await callOps('opsSetupPassword', { body: { password }, hints: false });
      onNext();
    } catch (failure) {
      if (
        isOpsError(failure) &&
        (failure.kind === 'session' || failure.code === ErrorCode.opsChallengeExpired)
      ) {
        onRestart();
      }
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <>
      <Typography.Title level={3} className="cz-ops-auth__title">
        {t('setup.passwordTitle')}
      </Typography.Title>
      <ErrorLine text={error} />
      <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="password"
          label={t('setup.newPassword')}
          extra={<span data-testid="ops-password-rule">{rule}</span>}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                value && checkPasswordPolicy(value, OpsPasswordPolicy) === null
                  ? Promise.resolve()
                  : Promise.reject(new Error(rule)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="ops-new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('setup.confirmPassword')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('setup.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('setup.mismatch'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="ops-confirm-password" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={isBusy}
          data-testid="ops-setup-password-submit"
        >
          {t('setup.savePassword')}
        </Button>
      </Form>
    </>
  );
}

type TEnrolment = TOpsRouteData<'opsSetupTotp'>;

function AuthenticatorStep({
  onDone,
  onRestart,
  alternative,
}: {
  onDone: () => void;
  onRestart: () => void;
  alternative?: ReactNode;
}) {
  const { t } = useTranslation('opsShell');
  const [enrolment, setEnrolment] = useState<TEnrolment | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const qr = useQrCode(enrolment?.otpauthUri ?? null, { width: 156, margin: 1 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let isLive = true;
    setLoadError(null);
    callOps('opsSetupTotp', { hints: false }).then(
      (value) => isLive && setEnrolment(value),
      (failure: unknown) => {
        if (!isLive) return;
        if (
          isOpsError(failure) &&
          (failure.kind === 'session' || failure.code === ErrorCode.opsChallengeExpired)
        ) {
          onRestart();
        }
        setLoadError(opsErrorText(failure));
      },
    );
    return () => {
      isLive = false;
    };
  }, [attempt]);

  const submit = async ({ code }: { code: string }) => {
    setIsBusy(true);
    setError(null);
    try {
      await callOps('opsSetupTotpConfirm', { body: { code }, hints: false });
      onDone();
    } catch (failure) {
      if (
        isOpsError(failure) &&
        (failure.kind === 'session' || failure.code === ErrorCode.opsChallengeExpired)
      ) {
        onRestart();
      }
      setError(opsErrorText(failure));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <Typography.Title level={3} className="cz-ops-auth__title">
        {t('setup.authenticatorTitle')}
      </Typography.Title>
      {loadError ? (
        <Alert
          type="error"
          showIcon
          title={t('setup.loadFailed')}
          description={loadError}
          action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('setup.retry')}</Button>}
        />
      ) : (
        <AuthenticatorKey
          qrCode={qr.status === 'ready' ? qr.src : null}
          secret={enrolment?.secret ?? null}
          label={enrolment?.label ?? ''}
          texts={{
            scan: t('setup.scan'),
            manual: t('setup.manual'),
            manualFields: t('setup.manualFields', { label: '{{label}}' }),
            qrAlt: t('setup.qrAlt'),
            secret: t('setup.secret'),
            copy: t('setup.copy'),
            copied: t('setup.copied'),
          }}
        />
      )}
      <ErrorLine text={error} />
      <Form layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="code" label={t('setup.confirmCode')} rules={codeRules(t('signIn.codeRequired'))}>
          <CodeInput id="ops-setup-code" label={t('setup.confirmCode')} testId="ops-setup-code" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={isBusy}
          disabled={!enrolment}
          data-testid="ops-setup-code-submit"
        >
          {t('setup.confirm')}
        </Button>
      </Form>
      {alternative}
    </>
  );
}

export function SignInPage() {
  const { t } = useTranslation('opsShell');
  const [step, setStep] = useState<TStep>({ kind: 'password' });
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const restart = () => setStep({ kind: 'password' });
  const done = () => {
    markSignedIn();
    queryClient.clear();
    void queryClient.invalidateQueries({ queryKey: opsMeKey });
    const from = params.get('from');
    navigate(from?.startsWith('/') && !from.startsWith('//') ? from : '/', { replace: true });
  };
  const isSetup =
    step.kind === 'setupPassword' || step.kind === 'setupAuthenticator' || step.kind === 'setupPasskey';
  const setupSteps =
    (step.kind === 'setupAuthenticator' || step.kind === 'setupPasskey') && !step.hadPasswordStep
      ? [{ title: t('setup.stepAuthenticator') }]
      : [{ title: t('setup.stepPassword') }, { title: t('setup.stepAuthenticator') }];

  return (
    <div className="cz-ops-auth" data-testid="ops-sign-in">
      <header className="cz-ops-auth__top">
        <span className="cz-ops-brand">
          <span className="cz-ops-brand__mark" aria-hidden="true">
            O
          </span>
          <span className="cz-ops-brand__text">
            <strong>{t('appName')}</strong>
          </span>
        </span>
        <OpsLanguageSwitch />
      </header>
      <main className="cz-ops-auth__main">
        <Card className="cz-ops-auth__card">
          {step.kind === 'password' ? <Notice /> : null}
          {isSetup ? (
            <>
              <Typography.Title level={2} className="cz-ops-auth__title">
                {t('setup.title')}
              </Typography.Title>
              <Typography.Paragraph type="secondary">{t('setup.intro')}</Typography.Paragraph>
              <Steps
                size="small"
                className="cz-ops-auth__steps"
                current={step.kind === 'setupPassword' || setupSteps.length === 1 ? 0 : 1}
                items={setupSteps}
              />
            </>
          ) : null}
          {step.kind === 'password' ? <PasswordStep onNext={(next) => setStep(nextStepOf(next))} /> : null}
          {step.kind === 'code' ? (
            <CodeStep
              onDone={done}
              onRestart={restart}
              alternative={
                step.hasPasskey ? (
                  <UsePasskeyInstead
                    testId="ops-code-use-passkey"
                    onChoose={() => setStep({ kind: 'passkey', hasCode: true })}
                  />
                ) : null
              }
            />
          ) : null}
          {step.kind === 'passkey' ? (
            <PasskeySignInStep
              onDone={done}
              onRestart={restart}
              onUseCode={step.hasCode ? () => setStep({ kind: 'code', hasPasskey: true }) : null}
            />
          ) : null}
          {step.kind === 'setupPassword' ? (
            <SetupPasswordStep
              onNext={() => setStep({ kind: 'setupAuthenticator', hadPasswordStep: true })}
              onRestart={restart}
            />
          ) : null}
          {step.kind === 'setupAuthenticator' ? (
            <AuthenticatorStep
              onDone={done}
              onRestart={restart}
              alternative={
                <UsePasskeyInstead
                  testId="ops-setup-use-passkey"
                  onChoose={() => setStep({ kind: 'setupPasskey', hadPasswordStep: step.hadPasswordStep })}
                />
              }
            />
          ) : null}
          {step.kind === 'setupPasskey' ? (
            <PasskeySetupStep
              onDone={done}
              onRestart={restart}
              onUseAuthenticator={() =>
                setStep({ kind: 'setupAuthenticator', hadPasswordStep: step.hadPasswordStep })
              }
            />
          ) : null}
        </Card>
      </main>
    </div>
  );
}
