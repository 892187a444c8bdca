/**
 * The second step of the sign-in (spec section 4 "Login"), a chunk of its own loaded only when
 * the server asks for it: the authenticator code (international), binding an authenticator during
 * the sign-in when the account requires it, or a code sent to the phone or e-mail (domestic), with
 * the 60-second resend countdown and the captcha before a resend. The code is encrypted with the
 * sign-in's public key and the sign-in continues with `uniqueId`. A user with passkeys is offered a
 * passkey first (issue 22), with the code one click away.
 */
import type { TAuthCodeType, TMeta, TMfaMethodType } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AuthenticatorKey } from '@/components/authenticator-key';
import { CodeInput } from '@/components/code-input/code-input';
import { isCompleteCode } from '@/components/code-input/code-rules';
import { SendCodeButton } from '@/components/send-code/send-code-button';
import { Button } from '@/components/ui/button';
import { LineIcon } from '@/components/ui/line-icon';
import { notConfiguredText } from '@/lib/adapters';
import { asApiError, codeErrorText, errorCodeOf, type TCodeErrorTexts } from '@/lib/code-errors';
import { encryptCode } from '@/lib/encrypt-code';
import { chunkLoader } from '@/lib/lazy';
import { PasskeyError } from '@/lib/passkey';
import { getPhrases, interpolate } from '@/lib/phrases';
import { getLoginMfaCode, type TLoginMfaCode } from '../api/get-login-mfa-code';
import { login, type TLoginBody, type TLoginResult } from '../api/login';
import { sendLoginCode } from '../api/send-login-code';
import { addRecentAccount } from '../lib/recent-accounts';
import '../second-step.css';

export type TSecondStepProps = {
  meta: TMeta;
  /** The first step's answer: no token, the MFA requirement. */
  challenge: TLoginResult;
  /** The first step's payload, repeated by the second. */
  body: TLoginBody;
  onLoggedIn: (result: TLoginResult) => Promise<void> | void;
  /** Back to the password step, with a message to show there. */
  onBack: (message?: string) => void;
};

type TMode = 'ga' | 'bind' | 'code';

/** Outcomes that end this sign-in: the password step starts again. */
const endingCodes: readonly number[] = [
  ErrorCode.challengeExpired,
  ErrorCode.verificationFailed,
  ErrorCode.gaNotBound,
  ErrorCode.tooManyVerifications,
  ErrorCode.wrongPassword,
  ErrorCode.userDisabled,
  ErrorCode.userDeleted,
  ErrorCode.accountUnavailable,
  ErrorCode.passwordMustReset,
  ErrorCode.mfaTargetMissing,
];

/** The passkey sign-in's calls: loaded when the user asks for them. */
const passkeySignInChunk = chunkLoader(() => import('../api/passkey-sign-in'));

/** One binding request per sign-in (a second render must not make a second secret). */
const bindRequests = new Map<string, Promise<TLoginMfaCode>>();

function channelsOf(challenge: TLoginResult): TAuthCodeType[] {
  const out: TAuthCodeType[] = [];
  if (challenge.mfaStatus.phone) out.push('SMS');
  if (challenge.mfaStatus.email) out.push('EMAIL');
  return out;
}

export default function SecondStep({ meta, challenge, body, onLoggedIn, onBack }: TSecondStepProps) {
  const t = getPhrases('mfa');
  const errors = getPhrases('errors');
  const texts: TCodeErrorTexts = { errors, mfa: t, common: getPhrases('common') };
  const mode: TMode =
    meta.edition === 'international' ? (challenge.mfaStatus.gaAlreadyBinding ? 'ga' : 'bind') : 'code';
  const channels = channelsOf(challenge);
  /** Why a code cannot go by `value` here (its system is not configured), or null. */
  const closedBy = (value: TAuthCodeType) =>
    notConfiguredText(value === 'SMS' ? 'sms' : 'email', errors, meta);
  // The first channel this installation can send by (the reason shows when neither can).
  const [channel, setChannel] = useState<TAuthCodeType>(
    channels.find((value) => closedBy(value) === null) ?? channels[0] ?? 'SMS',
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [sent, setSent] = useState<{ target: string; minutes: number } | null>(null);
  const [binding, setBinding] = useState<TLoginMfaCode | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const uniqueId = challenge.uniqueId ?? '';
  // A user with passkeys is offered one first; a code (or the authenticator) stays one click away.
  const hasPasskey = challenge.mfaStatus.passkey === true;
  const [isPasskeyView, setIsPasskeyView] = useState(hasPasskey);
  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);
  /** The passkey request under way: switching to a code, going back or leaving cancels it. */
  const passkeyRequest = useRef<AbortController | null>(null);
  const cancelPasskey = () => {
    passkeyRequest.current?.abort();
    passkeyRequest.current = null;
    setIsPasskeyBusy(false);
  };
  useEffect(() => () => passkeyRequest.current?.abort(), []);

  /** The text of a failure; ends the sign-in when it is over (expired, too many attempts). */
  const fail = (cause: unknown): void => {
    const errorCode = errorCodeOf(cause);
    if (errorCode !== null && endingCodes.includes(errorCode)) {
      // A sign-in that can no longer go on (4094 included) reads as the expired sign-in it is.
      const text =
        errorCode === ErrorCode.challengeExpired || errorCode === ErrorCode.verificationFailed
          ? errors['4160']
          : errorCode === ErrorCode.tooManyVerifications
            ? errors['4096']
            : asApiError(cause)?.message || codeErrorText(cause, texts);
      onBack(text);
      return;
    }
    setError(codeErrorText(cause, texts));
    codeRef.current?.focus();
  };

  const failRef = useRef(fail);
  failRef.current = fail;

  useEffect(() => {
    if (mode !== 'bind' || isPasskeyView) return;
    let request = bindRequests.get(uniqueId);
    if (!request) {
      request = getLoginMfaCode({ accountName: body.accountDisplayName, userName: body.username, uniqueId });
      bindRequests.set(uniqueId, request);
    }
    let isCancelled = false;
    request.then(
      (answer) => {
        if (!isCancelled) setBinding(answer);
      },
      (cause: unknown) => {
        bindRequests.delete(uniqueId);
        if (!isCancelled) failRef.current(cause);
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [mode, isPasskeyView, uniqueId, body.accountDisplayName, body.username]);

  /**
   * The second step answered by a passkey of the user's (options, the device's prompt, sign-in).
   * A request the user left (for a code, or back) ends quietly: it was cancelled on purpose.
   */
  const signInByPasskey = async () => {
    if (passkeyRequest.current) return;
    const request = new AbortController();
    passkeyRequest.current = request;
    setIsPasskeyBusy(true);
    setError(null);
    try {
      const { signInWithPasskey } = await passkeySignInChunk();
      const answer = await signInWithPasskey(
        { uniqueId, accountDisplayName: body.accountDisplayName, username: body.username },
        request.signal,
      );
      if (request.signal.aborted) return;
      if (!answer.data.token) {
        onBack(errors['4160']);
        return;
      }
      addRecentAccount(answer.data.userVo?.accountDisplayName ?? body.accountDisplayName);
      await onLoggedIn(answer.data);
    } catch (cause) {
      if (request.signal.aborted) return;
      if (cause instanceof PasskeyError) setError(t.passkey[cause.kind]);
      else fail(cause);
    } finally {
      if (passkeyRequest.current === request) {
        passkeyRequest.current = null;
        setIsPasskeyBusy(false);
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(code) || isSubmitting) return;
    const key = mode === 'bind' ? binding : { publicKey: challenge.publicKey, uniqueId };
    if (!key?.publicKey) return;
    setIsSubmitting(true);
    setError(null);
    try {
      const encrypted = await encryptCode(code, key.publicKey);
      const method: TMfaMethodType = mode === 'code' ? (channel === 'SMS' ? 'PHONE' : 'EMAIL') : 'GA';
      const answer = await login({
        ...body,
        uniqueId: key.uniqueId,
        code: encrypted,
        authMethod: 'MFA_LOGIN',
        mfaMethodType: method,
        ...(mode === 'bind' ? { isMfaReset: true } : {}),
      });
      if (!answer.data.token) {
        onBack(errors['4160']);
        return;
      }
      addRecentAccount(answer.data.userVo?.accountDisplayName ?? body.accountDisplayName);
      await onLoggedIn(answer.data);
    } catch (cause) {
      fail(cause);
    } finally {
      setIsSubmitting(false);
    }
  };

  const title = isPasskeyView ? t.passkey.stepTitle : mode === 'bind' ? t.step.bindTitle : t.step.title;
  const hint = isPasskeyView
    ? t.passkey.stepHint
    : mode === 'bind'
      ? t.step.bindHint
      : mode === 'ga'
        ? t.step.gaHint
        : t.step.codeHint;

  /** The link between the passkey and the code (or the authenticator). */
  const switchLink = (toPasskey: boolean, label: string, testId: string) => (
    <button
      type="button"
      className="cz-link-button cz-second-step__switch"
      onClick={() => {
        // Leaving the passkey cancels its request at once: the device's prompt closes.
        if (!toPasskey) cancelPasskey();
        setError(null);
        setIsPasskeyView(toPasskey);
      }}
      data-testid={testId}
    >
      {label}
    </button>
  );
  const isBoxes = mode !== 'code';

  const unavailable =
    mode === 'code' ? notConfiguredText(channel === 'SMS' ? 'sms' : 'email', errors, meta) : null;
  const codeInput = (
    <CodeInput
      ref={codeRef}
      id="mfa-code"
      label={mode === 'code' ? t.code.label : t.code.authenticatorLabel}
      value={code}
      onChange={(next) => {
        setCode(next);
        if (error) setError(null);
      }}
      error={error ?? unavailable}
      variant={isBoxes ? 'boxes' : 'field'}
      placeholder={t.code.placeholder}
      autoFocus={mode === 'ga'}
      testId="mfa-code"
      suffix={
        mode === 'code' ? (
          <SendCodeButton
            key={channel}
            texts={{ ...t.send, captcha: t.captcha }}
            unavailable={unavailable}
            send={async (captcha) => {
              setError(null);
              const result = await sendLoginCode(uniqueId, channel, captcha);
              setSent({ target: result.target, minutes: Math.round(result.expiresInSeconds / 60) });
              codeRef.current?.focus();
              return result;
            }}
            onError={fail}
            describe={(cause) => codeErrorText(cause, texts)}
            testId="mfa-send-code"
          />
        ) : undefined
      }
    />
  );

  return (
    <section
      className="cz-second-step"
      data-testid="mfa-step"
      data-mode={isPasskeyView ? 'passkey' : mode}
      aria-labelledby="mfa-step-title"
    >
      <button
        type="button"
        className="cz-second-step__back"
        onClick={() => {
          cancelPasskey();
          onBack();
        }}
        data-testid="mfa-back"
      >
        <LineIcon name="arrowLeft" size={15} />
        {t.step.back}
      </button>
      <div className="cz-second-step__badge" aria-hidden="true">
        <LineIcon name={mode === 'code' || isPasskeyView ? 'shield' : 'app'} size={26} />
      </div>
      <h1 className="cz-login__title" id="mfa-step-title">
        {title}
      </h1>
      <p className="cz-second-step__hint">{hint}</p>
      <p className="cz-second-step__who" data-testid="mfa-step-user">
        {interpolate(t.step.signedInAs, { user: body.username, account: body.accountDisplayName })}
      </p>

      {isPasskeyView ? (
        <div className="cz-second-step__form">
          {error ? (
            <p className="cz-alert cz-alert--error" role="alert" data-testid="passkey-error">
              {error}
            </p>
          ) : null}
          <Button
            type="button"
            variant="primary"
            size="large"
            isBlock
            isLoading={isPasskeyBusy}
            onClick={() => void signInByPasskey()}
            data-testid="passkey-use"
          >
            {isPasskeyBusy ? t.passkey.waiting : t.passkey.use}
          </Button>
          {/* A user without an authenticator bound has no other factor than the passkey: binding
              one now would let the password alone past the second step. */}
          {mode === 'bind'
            ? null
            : switchLink(
                false,
                mode === 'code' ? t.passkey.useCode : t.passkey.useAuthenticator,
                'passkey-other-method',
              )}
        </div>
      ) : (
        <form className="cz-second-step__form" noValidate onSubmit={submit}>
          {mode === 'code' && channels.length > 1 ? (
            <fieldset className="cz-channel" data-testid="mfa-channels">
              <legend className="cz-channel__legend">{t.channel.label}</legend>
              {channels.map((value) => (
                <label
                  key={value}
                  className={`cz-channel__option${value === channel ? ' is-checked' : ''}${closedBy(value) ? ' is-disabled' : ''}`}
                >
                  <input
                    type="radio"
                    name="mfa-channel"
                    value={value}
                    checked={value === channel}
                    disabled={closedBy(value) !== null}
                    onChange={() => {
                      setChannel(value);
                      setCode('');
                      setError(null);
                      setSent(null);
                    }}
                    data-testid={`mfa-channel-${value}`}
                  />
                  <LineIcon name={value === 'SMS' ? 'phone' : 'mail'} size={18} />
                  <span className="cz-channel__text">
                    <span className="cz-channel__name">{t.channel[value]}</span>
                    <span className="cz-channel__target">
                      {value === 'SMS' ? challenge.mfaStatus.phone : challenge.mfaStatus.email}
                    </span>
                  </span>
                </label>
              ))}
              {/* A channel not configured here is offered disabled, with the reason written out. */}
              {channels.map((value) =>
                closedBy(value) && value !== channel ? (
                  <p
                    key={value}
                    className="cz-channel__reason"
                    data-testid={`mfa-channel-${value}-unavailable`}
                  >
                    {closedBy(value)}
                  </p>
                ) : null,
              )}
            </fieldset>
          ) : mode === 'code' ? (
            <p className="cz-second-step__target" data-testid="mfa-target">
              <LineIcon name={channel === 'SMS' ? 'phone' : 'mail'} size={16} />
              {t.channel[channel]} ·{' '}
              {channel === 'SMS' ? challenge.mfaStatus.phone : challenge.mfaStatus.email}
            </p>
          ) : null}

          {mode === 'bind' ? (
            <ol className="cz-bind-steps">
              <li>
                <span className="cz-bind-steps__title">{t.ga.installTitle}</span>
                <span className="cz-bind-steps__text">{t.ga.installText}</span>
              </li>
              <li>
                <span className="cz-bind-steps__title">{t.ga.stepBind}</span>
                <AuthenticatorKey
                  qrCode={binding?.qrCode ?? null}
                  secret={binding?.initialCode ?? null}
                  label={binding?.label ?? body.username}
                  texts={{ ...t.ga, copy: texts.common.copy, copied: texts.common.copied }}
                />
              </li>
              <li>
                <span className="cz-bind-steps__title">{t.ga.stepVerify}</span>
                {codeInput}
              </li>
            </ol>
          ) : (
            codeInput
          )}

          {sent && mode === 'code' ? (
            <p className="cz-second-step__sent" data-testid="mfa-sent" role="status">
              {interpolate(t.channel.sentTo, { target: sent.target, minutes: sent.minutes })}
            </p>
          ) : null}

          <Button
            type="submit"
            variant="primary"
            size="large"
            isBlock
            isLoading={isSubmitting}
            disabled={!isCompleteCode(code) || (mode === 'bind' && !binding)}
            data-testid="mfa-submit"
          >
            {isSubmitting ? t.step.confirming : t.step.confirm}
          </Button>
          {hasPasskey ? switchLink(true, t.passkey.usePasskey, 'passkey-switch') : null}
        </form>
      )}
    </section>
  );
}
