/**
 * /findPassword?account=…&username=… (spec section 2 "Reset password"): without both names, back to
 * /login. Step 1 a 6-digit FIND_PASSWORD code to the user's phone or e-mail (a toggle when both
 * exist), addressed by the reset lookup; step 2 the new password and its confirmation under the
 * account's policy. Success ends the user's sessions and goes to /login with the account filled in.
 * After many lookups or code checks from the client's address the server asks for the image
 * captcha (the lookup shows it in the page, the check in a popover), and 429 while it is blocked.
 */
import type { TAuthCodeType } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { DefaultPasswordPolicy, type TPasswordRules } from '@console/contract/password-rules';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { checkAuthCode, type TCheckResult } from '@/api/check-auth-code';
import type { TCaptchaAnswer } from '@/api/generate-image-captcha';
import { getPasswordPolicy } from '@/api/get-password-policy';
import { sendAuthCode } from '@/api/send-auth-code';
import { CaptchaField, type TCaptchaFieldHandle } from '@/components/captcha/captcha-field';
import { isCaptchaAsked, useCaptchaGate } from '@/components/captcha/use-captcha-gate';
import { CodeInput } from '@/components/code-input/code-input';
import { codeErrorKey } from '@/components/code-input/code-rules';
import { NewPasswordFields, useNewPassword } from '@/components/new-password-fields';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Result } from '@/components/public-layout/result';
import { Steps } from '@/components/public-layout/steps';
import { SendCodeButton } from '@/components/send-code/send-code-button';
import { Alert } from '@/components/ui/alert';
import { AppLink } from '@/components/ui/app-link';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import { paths } from '@/config/paths';
import { notConfiguredText } from '@/lib/adapters';
import { asApiError, codeErrorText, errorCodeOf, type TCodeErrorTexts } from '@/lib/code-errors';
import { navigate } from '@/lib/history';
import { loginWithAccount } from '@/lib/login-link';
import { getMeta } from '@/lib/meta';
import { toast } from '@/lib/notifier';
import { isPolicyCode } from '@/lib/password-policy';
import { getPhrases, interpolate } from '@/lib/phrases';
import { getUserByUsername, type TResetLookup } from '../api/get-user-by-username';
import { resetPasswordWithoutLogin } from '../api/reset-password-without-login';
import '../recovery.css';

type TNames = { account: string; username: string };

function namesFromUrl(): TNames | null {
  const params = new URLSearchParams(window.location.search);
  const account = params.get('account')?.trim() ?? '';
  const username = params.get('username')?.trim() ?? '';
  return account && username ? { account, username } : null;
}

type TLookupState =
  | { status: 'loading' }
  /** `text`: why (e.g. the address is blocked), else the generic text. */
  | { status: 'failed'; text: string | null }
  /** The lookup needs the image captcha; `error`: why the last answer was refused. */
  | { status: 'captcha'; error: string | null }
  | { status: 'ready'; lookup: TResetLookup };

/** Codes after which the proof (or the code) is spent: verify again. */
const spentProof: readonly number[] = [
  ErrorCode.codeAlreadyUsed,
  ErrorCode.verificationFailed,
  ErrorCode.codeExpired,
  ErrorCode.codeMismatch,
  ErrorCode.tooManyVerifications,
];

/** The phone by default; the e-mail in the international edition, or when there is no phone. */
export function defaultResetChannel(lookup: Pick<TResetLookup, 'phone' | 'email'>, isInternational: boolean) {
  if (lookup.email && (isInternational || !lookup.phone)) return 'EMAIL';
  return 'SMS';
}

export default function FindPasswordPage() {
  const [names] = useState(namesFromUrl);
  useEffect(() => {
    if (!names) navigate(paths.login, { replace: true });
  }, [names]);
  return names ? <ResetPassword names={names} /> : null;
}

function ResetPassword({ names }: { names: TNames }) {
  const t = getPhrases('recovery');
  const c = getPhrases('common');
  const mfa = getPhrases('mfa');
  const texts: TCodeErrorTexts = { errors: getPhrases('errors'), mfa, common: c };
  const [state, setState] = useState<TLookupState>({ status: 'loading' });
  const captchaRef = useRef<TCaptchaFieldHandle>(null);
  const [isLooking, setIsLooking] = useState(false);
  const [policy, setPolicy] = useState<TPasswordRules>(DefaultPasswordPolicy);
  const [proof, setProof] = useState<TCheckResult | null>(null);
  const [restart, setRestart] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  /** The lookup's next state from its failure. */
  const failedLookup = (cause: unknown, captcha: TCaptchaAnswer | null): TLookupState =>
    isCaptchaAsked(cause)
      ? { status: 'captcha', error: captcha ? codeErrorText(cause, texts) : null }
      : {
          status: 'failed',
          text: errorCodeOf(cause) === ErrorCode.tooManyRequests ? codeErrorText(cause, texts) : null,
        };

  const lookWithCaptcha = async (event: FormEvent) => {
    event.preventDefault();
    const captcha = captchaRef.current?.read() ?? null;
    if (!captcha || isLooking) return;
    setIsLooking(true);
    try {
      setState({ status: 'ready', lookup: await getUserByUsername(names.account, names.username, captcha) });
    } catch (cause) {
      const next = failedLookup(cause, captcha);
      setState(next);
      if (next.status === 'captcha' && next.error) captchaRef.current?.fail(next.error);
    } finally {
      setIsLooking(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for another lookup
  useEffect(() => {
    let isCancelled = false;
    setState({ status: 'loading' });
    getUserByUsername(names.account, names.username).then(
      (lookup) => {
        if (!isCancelled) setState({ status: 'ready', lookup });
      },
      (cause: unknown) => {
        if (!isCancelled) setState(failedLookup(cause, null));
      },
    );
    getPasswordPolicy({ accountName: names.account }, { hints: false }).then(
      (loaded) => {
        if (!isCancelled) setPolicy(loaded);
      },
      () => {},
    );
    return () => {
      isCancelled = true;
    };
  }, [names, attempt]);

  const lookup = state.status === 'ready' ? state.lookup : null;
  const hasTarget = Boolean(lookup?.phone || lookup?.email);

  return (
    <PublicLayout
      pageTitle={t.resetPassword.pageTitle}
      testId="reset-password-page"
      steps={<Steps labels={[t.steps.verify, t.steps.password]} current={proof ? 1 : 0} />}
      title={t.resetPassword.title}
      subtitle={interpolate(t.resetPassword.subtitle, { username: names.username, account: names.account })}
      below={
        <AppLink className="cz-link" href={loginWithAccount(names.account)} data-testid="reset-back">
          {c.backToLogin}
        </AppLink>
      }
    >
      {state.status === 'loading' ? (
        <div className="cz-reset-loading" aria-busy="true">
          <span className="cz-spinner" aria-hidden="true" />
          <span className="cz-visually-hidden">{c.loading}</span>
        </div>
      ) : state.status === 'captcha' ? (
        <form className="cz-public-form" noValidate onSubmit={lookWithCaptcha} data-testid="reset-captcha">
          <CaptchaField
            ref={captchaRef}
            id="reset-captcha"
            testId="reset-captcha"
            texts={{ ...mfa.captcha, label: mfa.captcha.fieldLabel, hint: t.resetPassword.captchaHint }}
            messages={getPhrases('validation')}
          />
          <Button
            type="submit"
            variant="primary"
            size="large"
            isBlock
            isLoading={isLooking}
            data-testid="reset-captcha-continue"
          >
            {t.resetPassword.continue}
          </Button>
        </form>
      ) : state.status === 'failed' ? (
        <Alert testId="reset-load-failed">
          {state.text ?? t.resetPassword.loadFailed}{' '}
          <button type="button" className="cz-link-button" onClick={() => setAttempt((n) => n + 1)}>
            {t.resetPassword.retry}
          </button>
        </Alert>
      ) : !lookup || !hasTarget ? (
        <Result
          kind="warning"
          title={t.resetPassword.title}
          text={t.resetPassword.noContact}
          testId="reset-no-contact"
        />
      ) : proof ? (
        <PasswordStep
          names={names}
          policy={policy}
          proof={proof}
          onRestart={(text) => {
            setProof(null);
            setRestart(text);
          }}
        />
      ) : (
        <VerifyStep
          lookup={lookup}
          restart={restart}
          onVerified={(next) => {
            setRestart(null);
            setProof(next);
          }}
        />
      )}
    </PublicLayout>
  );
}

function VerifyStep({
  lookup,
  restart,
  onVerified,
}: {
  lookup: TResetLookup;
  restart: string | null;
  onVerified: (proof: TCheckResult) => void;
}) {
  const t = getPhrases('recovery');
  const v = getPhrases('validation');
  const mfa = getPhrases('mfa');
  const texts: TCodeErrorTexts = { errors: getPhrases('errors'), mfa, common: getPhrases('common') };
  const isInternational = getMeta().edition === 'international';
  const [channel, setChannel] = useState<TAuthCodeType>(() => defaultResetChannel(lookup, isInternational));
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(restart);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const gate = useCaptchaGate(mfa.captcha, (cause) => codeErrorText(cause, texts));
  const codeRef = useRef<HTMLInputElement>(null);
  const target = channel === 'SMS' ? lookup.phone : lookup.email;
  const canToggle = Boolean(lookup.phone && lookup.email);
  const unavailable = notConfiguredText(channel === 'SMS' ? 'sms' : 'email', texts.errors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const key = codeErrorKey(code);
    if (key) {
      setError(v[key]);
      codeRef.current?.focus();
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      onVerified(
        await gate.run((captcha) =>
          checkAuthCode({
            authMethod: 'FIND_PASSWORD',
            authCodeType: channel,
            lookupId: lookup.lookupId,
            code,
            captcha,
          }),
        ),
      );
    } catch (cause) {
      setError(codeErrorText(cause, texts));
      codeRef.current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="cz-public-form" noValidate onSubmit={submit} data-testid="reset-verify">
      <p className="cz-field__hint">{t.resetPassword.verifyHint}</p>
      <div className="cz-reset-target" data-testid="reset-target" data-channel={channel}>
        <LineIcon name={channel === 'SMS' ? 'phone' : 'mail'} size={18} />
        <span className="cz-reset-target__label">
          {channel === 'SMS' ? t.resetPassword.phone : t.resetPassword.email}
        </span>
        <strong data-testid="reset-target-value">{target}</strong>
        {canToggle ? (
          <button
            type="button"
            className="cz-link-button cz-reset-target__toggle"
            onClick={() => {
              setChannel(channel === 'SMS' ? 'EMAIL' : 'SMS');
              setCode('');
              setError(null);
            }}
            data-testid="reset-toggle"
          >
            {channel === 'SMS' ? t.method.useEmail : t.method.usePhone}
          </button>
        ) : null}
      </div>
      <CodeInput
        ref={codeRef}
        id="reset-code"
        label={mfa.code.label}
        placeholder={mfa.code.placeholder}
        value={code}
        onChange={(next) => {
          setCode(next);
          if (error) setError(null);
        }}
        error={error ?? unavailable}
        testId="reset-code"
        suffix={
          <SendCodeButton
            key={channel}
            texts={{ ...mfa.send, captcha: mfa.captcha }}
            unavailable={unavailable}
            send={async (captcha) => {
              setError(null);
              const result = await sendAuthCode({
                authMethod: 'FIND_PASSWORD',
                authCodeType: channel,
                lookupId: lookup.lookupId,
                captcha,
              });
              codeRef.current?.focus();
              return result;
            }}
            onError={(cause) => setError(codeErrorText(cause, texts))}
            describe={(cause) => codeErrorText(cause, texts)}
            testId="reset-send-code"
          />
        }
      />
      <div className="cz-captcha-anchor">{gate.popover}</div>
      <Button
        type="submit"
        variant="primary"
        size="large"
        isBlock
        isLoading={isSubmitting}
        data-testid="reset-next"
      >
        {isSubmitting ? t.verifying : t.next}
      </Button>
    </form>
  );
}

function PasswordStep({
  names,
  policy,
  proof,
  onRestart,
}: {
  names: TNames;
  policy: TPasswordRules;
  proof: TCheckResult;
  onRestart: (message: string) => void;
}) {
  const t = getPhrases('recovery');
  const p = getPhrases('password');
  const errors = getPhrases('errors');
  const texts = { errors, validation: getPhrases('validation'), password: p };
  const common = getPhrases('common');
  const newPassword = useNewPassword(policy, texts);
  const [message, setMessage] = useState<{ kind: 'warning' | 'error'; text: string } | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting || !newPassword.check()) return;
    setIsSubmitting(true);
    setMessage(null);
    try {
      await resetPasswordWithoutLogin(newPassword.password, proof);
      toast({ level: 'success', title: t.resetPassword.success });
      navigate(loginWithAccount(names.account), { replace: true });
    } catch (cause) {
      const code = errorCodeOf(cause);
      const api = asApiError(cause);
      if (isPolicyCode(code)) {
        // The server's text names the policy's minimum length and required types.
        setMessage({ kind: 'warning', text: api?.message || errors[code] });
        newPassword.focus();
      } else if (code !== null && spentProof.includes(code)) {
        onRestart(t.resetPassword.restart);
      } else {
        setMessage({
          kind: 'error',
          text: api?.kind === 'network' ? common.networkError : api?.message || common.requestFailed,
        });
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="cz-public-form" noValidate onSubmit={submit} data-testid="reset-password-form">
      <p className="cz-field__hint">{t.resetPassword.passwordHint}</p>
      <NewPasswordFields state={newPassword} id="reset" username={names.username} />
      {message ? (
        <Alert kind={message.kind} testId="reset-message">
          {message.text}
        </Alert>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        size="large"
        isBlock
        isLoading={isSubmitting}
        data-testid="reset-submit"
      >
        {isSubmitting ? t.resetPassword.submitting : t.resetPassword.submit}
      </Button>
    </form>
  );
}
