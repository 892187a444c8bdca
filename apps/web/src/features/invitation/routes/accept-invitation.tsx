/**
 * /userManage/{userId}?token=… (spec section 2): accepting an invitation, without a session. The
 * page names the account and the username, asks for the password and its confirmation under the
 * account's policy and, when the account requires login protection, binds it: an authenticator app
 * (international edition: its key, then its first code) or, in the domestic edition, the phone or
 * e-mail that received the link (nothing to do: the page says so). Success leads to /login with the
 * account and username filled in. A missing token, another user's or unknown link (4174), an
 * accepted (4175), revoked (4176) or expired (4177) one shows its result.
 */
import { ErrorCode } from '@console/contract/codes';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AuthenticatorKey } from '@/components/authenticator-key';
import { CodeInput } from '@/components/code-input/code-input';
import { codeErrorKey } from '@/components/code-input/code-rules';
import { NewPasswordFields, useNewPassword } from '@/components/new-password-fields';
import { Facts } from '@/components/public-layout/facts';
import { LinkChecking, LinkResult } from '@/components/public-layout/link-result';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Steps } from '@/components/public-layout/steps';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { matchPath, paths } from '@/config/paths';
import { asApiError, codeErrorText, errorCodeOf, type TCodeErrorTexts } from '@/lib/code-errors';
import { encryptCode } from '@/lib/encrypt-code';
import { formatDateTime } from '@/lib/format';
import { isPolicyCode } from '@/lib/password-policy';
import { getPhrases, interpolate } from '@/lib/phrases';
import { useLinkRead } from '@/lib/use-link-read';
import { acceptInvitation, type TAcceptedInvitation } from '../api/accept-invitation';
import { getInvitation, type TInvitation } from '../api/get-invitation';
import { getInvitationMfaCode, type TInvitationMfaCode } from '../api/get-invitation-mfa-code';
import '../invitation.css';

type TLink = { userId: number; token: string };

/** The link's user id (path) and token (`?token=`); null when either is missing or malformed. */
export function linkFromLocation(pathname: string, search: string): TLink | null {
  const params = matchPath(paths.userInvite, pathname);
  const userId = Number(params?.userId);
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return Number.isInteger(userId) && userId > 0 && token ? { userId, token } : null;
}

/** `/login?account=…&username=…`: the login page with both names filled in. */
export function loginWithNames(account: string, username: string): string {
  return `${paths.login}?${new URLSearchParams({ account, username })}`;
}

/** The refusals of a link, each with its own result. */
const refusals: readonly number[] = [
  ErrorCode.invitationInvalid,
  ErrorCode.invitationUsed,
  ErrorCode.invitationRevoked,
  ErrorCode.invitationExpired,
  ErrorCode.userDeleted,
  ErrorCode.userDisabled,
  ErrorCode.badRequest,
];

/** Codes after which the authenticator key must be made again. */
const bindingEnded: readonly number[] = [ErrorCode.challengeExpired, ErrorCode.tooManyVerifications];

export default function AcceptInvitationPage() {
  const t = getPhrases('invitation');
  const c = getPhrases('common');
  const [link] = useState(() => linkFromLocation(window.location.pathname, window.location.search));
  const invitation = useLinkRead(link, ({ userId, token }) => getInvitation(userId, token), refusals, c);
  const [accepted, setAccepted] = useState<TAcceptedInvitation | null>(null);
  const { state } = invitation;

  const login = { label: c.backToLogin, testId: 'invitation-login' };
  const isGa = state.status === 'ready' && state.value.loginProtection.method === 'GA';

  return (
    <PublicLayout
      pageTitle={t.pageTitle}
      testId="invitation-page"
      {...(state.status === 'ready' && !accepted
        ? {
            title: interpolate(t.title, { account: state.value.accountDisplayName }),
            subtitle: t.subtitle,
          }
        : {})}
    >
      {accepted ? (
        <LinkResult
          kind="success"
          title={t.doneTitle}
          text={
            <>
              {interpolate(t.doneText, { account: accepted.accountName, username: accepted.username })}
              {accepted.mfaMethodType ? <> {t.doneProtection}</> : null}
            </>
          }
          testId="invitation-done"
          login={{
            label: t.goToLogin,
            testId: 'invitation-go-login',
            href: loginWithNames(accepted.accountName, accepted.username),
            isPrimary: true,
          }}
        />
      ) : state.status === 'loading' ? (
        <LinkChecking text={t.loading} testId="invitation-loading" />
      ) : state.status === 'refused' ? (
        <LinkResult
          kind={state.code === ErrorCode.invitationUsed ? 'info' : 'error'}
          title={
            state.code === ErrorCode.invitationUsed
              ? t.usedTitle
              : state.code === ErrorCode.invitationRevoked
                ? t.revokedTitle
                : state.code === ErrorCode.invitationExpired
                  ? t.expiredTitle
                  : t.invalidTitle
          }
          text={state.message || t.missingText}
          testId="invitation-refused"
          login={login}
        />
      ) : state.status === 'failed' ? (
        <LinkResult
          kind="warning"
          title={t.failedTitle}
          text={state.message}
          testId="invitation-failed"
          login={login}
          retry={{ label: t.retry, onRetry: invitation.retry }}
        />
      ) : link ? (
        <AcceptForm
          link={link}
          invitation={state.value}
          isGa={isGa}
          onAccepted={setAccepted}
          onRefused={(cause) => invitation.fail(invitation.classify(cause))}
        />
      ) : null}
    </PublicLayout>
  );
}

function AcceptForm({
  link,
  invitation,
  isGa,
  onAccepted,
  onRefused,
}: {
  link: TLink;
  invitation: TInvitation;
  isGa: boolean;
  onAccepted: (accepted: TAcceptedInvitation) => void;
  onRefused: (cause: unknown) => void;
}) {
  const t = getPhrases('invitation');
  const p = getPhrases('password');
  const c = getPhrases('common');
  const v = getPhrases('validation');
  const mfa = getPhrases('mfa');
  const errors = getPhrases('errors');
  const texts = { errors, validation: v, password: p };
  const codeTexts: TCodeErrorTexts = { errors, mfa, common: c };
  const [step, setStep] = useState<'password' | 'protection'>('password');
  const newPassword = useNewPassword(invitation.passwordPolicy, texts);
  const [message, setMessage] = useState<{ kind: 'warning' | 'error'; text: string } | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [binding, setBinding] = useState<TInvitationMfaCode | null>(null);
  const [bindingAttempt, setBindingAttempt] = useState(0);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // The authenticator key, made when the protection step is first reached (again after it ended).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `bindingAttempt` asks for a new key
  useEffect(() => {
    if (!isGa || step !== 'protection' || binding) return;
    let isCancelled = false;
    getInvitationMfaCode(link.userId, link.token).then(
      (next) => {
        if (!isCancelled) setBinding(next);
      },
      (cause: unknown) => {
        if (isCancelled) return;
        const errorCode = errorCodeOf(cause);
        if (errorCode !== null && refusals.includes(errorCode)) onRefused(cause);
        else setCodeError(codeErrorText(cause, codeTexts));
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [isGa, step, binding, link, bindingAttempt]);

  const accept = async () => {
    if (isSubmitting) return;
    setIsSubmitting(true);
    setMessage(null);
    setCodeError(null);
    try {
      const mfaPart =
        isGa && binding
          ? { uniqueId: binding.uniqueId, code: await encryptCode(code, binding.publicKey) }
          : {};
      onAccepted(await acceptInvitation({ ...link, password: newPassword.password, ...mfaPart }));
    } catch (cause) {
      const errorCode = errorCodeOf(cause);
      const api = asApiError(cause);
      if (isPolicyCode(errorCode)) {
        // The server's text names the policy's minimum length and required types.
        setStep('password');
        setMessage({ kind: 'warning', text: api?.message || errors[errorCode] });
      } else if (errorCode !== null && bindingEnded.includes(errorCode)) {
        setBinding(null);
        setCode('');
        setBindingAttempt((n) => n + 1);
        setCodeError(codeErrorText(cause, codeTexts));
      } else if (errorCode !== null && errorCode !== ErrorCode.badRequest && refusals.includes(errorCode)) {
        onRefused(cause);
      } else if (step === 'protection') {
        setCodeError(codeErrorText(cause, codeTexts));
        codeRef.current?.focus();
      } else {
        setMessage({
          kind: 'error',
          text: api?.kind === 'network' ? c.networkError : api?.message || c.requestFailed,
        });
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!newPassword.check()) return;
    if (isGa) {
      setStep('protection');
      setMessage(null);
      return;
    }
    void accept();
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const key = codeErrorKey(code);
    if (key) {
      setCodeError(v[key]);
      codeRef.current?.focus();
      return;
    }
    if (!binding) return;
    void accept();
  };

  const facts = (
    <Facts
      texts={{ copy: c.copy, copied: c.copied }}
      testId="invitation-facts"
      items={[
        { key: 'account', label: t.account, value: invitation.accountName, testId: 'invitation-account' },
        { key: 'username', label: t.username, value: invitation.username, testId: 'invitation-username' },
        { key: 'sentTo', label: t.sentTo, value: invitation.sentTo, testId: 'invitation-sent-to' },
        {
          key: 'expires',
          label: t.expires,
          value: formatDateTime(invitation.expireTime),
          testId: 'invitation-expires',
        },
      ]}
    />
  );

  const method = invitation.loginProtection.method;
  const codeNote =
    method === 'PHONE' || method === 'EMAIL'
      ? interpolate(method === 'PHONE' ? t.protectionPhone : t.protectionEmail, {
          account: invitation.accountDisplayName,
          target: invitation.sentTo,
        })
      : null;

  return (
    <div className="cz-invitation" data-testid="invitation-form">
      {isGa ? (
        <Steps
          labels={[t.steps.password, t.steps.protection, t.steps.done]}
          current={step === 'password' ? 0 : 1}
        />
      ) : null}
      {step === 'password' ? (
        <form
          className="cz-public-form"
          noValidate
          onSubmit={submitPassword}
          data-testid="invitation-password-form"
        >
          {facts}
          <p className="cz-field__hint">{t.passwordHint}</p>
          <NewPasswordFields state={newPassword} id="invitation" username={invitation.username} />
          {codeNote ? (
            <Alert kind="info" testId="invitation-protection-note">
              {codeNote}
            </Alert>
          ) : null}
          {message ? (
            <Alert kind={message.kind} testId="invitation-message">
              {message.text}
            </Alert>
          ) : null}
          <Button
            type="submit"
            variant="primary"
            size="large"
            isBlock
            isLoading={isSubmitting}
            data-testid="invitation-submit"
          >
            {isGa ? t.next : isSubmitting ? t.submitting : t.submit}
          </Button>
        </form>
      ) : (
        <form
          className="cz-public-form"
          noValidate
          onSubmit={submitCode}
          data-testid="invitation-protection-form"
        >
          <h2 className="cz-invitation__subtitle">{t.protectionTitle}</h2>
          <p className="cz-field__hint">
            {interpolate(t.protectionHint, { account: invitation.accountDisplayName })}
          </p>
          <AuthenticatorKey
            qrCode={binding?.qrCode ?? null}
            secret={binding?.initialCode ?? null}
            label={binding?.label ?? invitation.username}
            texts={{ ...mfa.ga, copy: c.copy, copied: c.copied }}
          />
          <CodeInput
            ref={codeRef}
            id="invitation-code"
            label={mfa.code.authenticatorLabel}
            placeholder={mfa.code.placeholder}
            value={code}
            onChange={(next) => {
              setCode(next);
              if (codeError) setCodeError(null);
            }}
            error={codeError}
            variant="boxes"
            testId="invitation-code"
          />
          <div className="cz-invitation__actions">
            <Button
              variant="default"
              size="large"
              onClick={() => {
                setStep('password');
                setCodeError(null);
              }}
              data-testid="invitation-back"
            >
              {t.back}
            </Button>
            <Button
              type="submit"
              variant="primary"
              size="large"
              isLoading={isSubmitting}
              disabled={!binding}
              data-testid="invitation-accept"
            >
              {isSubmitting ? t.submitting : t.submit}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
