import type { TMeta } from '@console/contract';
import type { TPhrases } from '@console/phrases';
import { type FormEvent, Suspense, useEffect, useRef, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button, linkButtonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { TextField } from '@/components/ui/text-field';
import { findPasswordPath, paths } from '@/config/paths';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { interpolate, loadPhrases } from '@/lib/phrases';
import type { TLoginBody, TLoginResult } from '../api/login';
import { addRecentAccount, readRecentAccounts, removeRecentAccount } from '../lib/recent-accounts';
import type { TFieldErrors, TFormMessage, TLoginFailure } from '../lib/submit-login';
import {
  loginFields,
  type TLoginField,
  type TLoginValues,
  validateLogin,
  validateLoginField,
} from '../lib/validate-login';
import { AccountNameField } from './account-name-field';
import type { TCaptchaFieldHandle, TLoginCaptchaProps } from './login-captcha';
import type { TSsoPanelProps } from './sso-panel';

/** The image captcha after repeated failures: loaded only when the server asks for it. */
const LoginCaptcha = lazyPage<TLoginCaptchaProps>(
  chunkLoader(() => Promise.all([import('./login-captcha'), loadPhrases(['mfa'])]).then(([m]) => m)),
);

/** Single sign-on (SSO button, administrator login, third-party sign-ins): loaded once an account name is known. */
const SsoPanel = lazyPage<TSsoPanelProps>(chunkLoader(() => import('./sso-panel')));

export type TLoginFormTexts = {
  login: TPhrases['login'];
  validation: TPhrases['validation'];
  common: TPhrases['common'];
};

export type TLoginFormProps = {
  meta: TMeta;
  texts: TLoginFormTexts;
  /** Account name known from the login address (host); the field is then prefilled. */
  presetAccount?: string | null;
  /** The public IP lookup, started when the page opened (null when there is none). */
  ipLookup?: () => Promise<string | null>;
  /** Called after a successful login (token received). */
  onLoggedIn: (result: TLoginResult, values: TLoginValues) => Promise<void> | void;
  /** Called when the password is right and a second step is required (no token). */
  onSecondStep?: (challenge: TLoginResult, body: TLoginBody) => Promise<void> | void;
  /** A message to show (e.g. why the second step ended); a new object shows it again. */
  notice?: { text: string } | null;
};

const inputIds: Record<TLoginField, string> = {
  accountDisplayName: 'login-account',
  username: 'login-username',
  password: 'login-password',
};

/** The login form: account name, username, password; validation, submit and its outcomes. */
export function LoginForm({
  meta,
  texts,
  presetAccount,
  ipLookup,
  onLoggedIn,
  onSecondStep,
  notice,
}: TLoginFormProps) {
  const { login: t, validation: v, common: c } = texts;
  const [values, setValues] = useState<TLoginValues>({
    accountDisplayName: presetAccount ?? '',
    username: '',
    password: '',
  });
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [dirty, setDirty] = useState<Partial<Record<TLoginField, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [message, setMessage] = useState<TFormMessage | null>(null);
  // What screen readers hear: the message as it was given, not each tick of the lock countdown.
  const [announcement, setAnnouncement] = useState<{ seq: number; message: TFormMessage | null }>({
    seq: 0,
    message: null,
  });
  const show = (next: TFormMessage | null) => {
    setMessage(next);
    setAnnouncement((prev) => ({ seq: prev.seq + 1, message: next }));
  };
  const [recent, setRecent] = useState<string[]>(() => readRecentAccounts());
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const captchaRef = useRef<TCaptchaFieldHandle>(null);
  // The account name whose single sign-on is looked up: set on blur or after a pause in the typing.
  const [ssoName, setSsoName] = useState(presetAccount?.trim() ?? '');
  // Where the SSO sign-in starts while the form is in SSO mode (username and password disabled).
  const [ssoHref, setSsoHref] = useState<string | null>(null);
  useEffect(() => {
    const id = setTimeout(() => setSsoName(values.accountDisplayName.trim()), 600);
    return () => clearTimeout(id);
  }, [values.accountDisplayName]);
  const ssoAccount = validateLoginField('accountDisplayName', ssoName) ? '' : ssoName;

  useEffect(() => {
    if (!notice) return;
    const next: TFormMessage = { kind: 'error', text: notice.text };
    setMessage(next);
    setAnnouncement((prev) => ({ seq: prev.seq + 1, message: next }));
  }, [notice]);
  const refs = {
    accountDisplayName: useRef<HTMLInputElement>(null),
    username: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  // The lock (of the name, or the block of the address) counts down each second, then the message
  // goes away.
  const countingKind = message?.kind === 'locked' || message?.kind === 'blocked' ? message.kind : null;
  const countingSeconds = message?.kind === 'locked' || message?.kind === 'blocked' ? message.seconds : null;
  useEffect(() => {
    if (countingKind === null || countingSeconds === null) return;
    if (countingSeconds <= 0) {
      setMessage(null);
      return;
    }
    const id = setTimeout(() => setMessage({ kind: countingKind, seconds: countingSeconds - 1 }), 1000);
    return () => clearTimeout(id);
  }, [countingKind, countingSeconds]);

  const textOf = (field: TLoginField, value: string): string | undefined => {
    const key = validateLoginField(field, value);
    return key ? v[key] : undefined;
  };

  const change = (field: TLoginField, value: string) => {
    if (field === 'accountDisplayName') setSsoName('');
    setValues((prev) => ({ ...prev, [field]: value }));
    setDirty((prev) => ({ ...prev, [field]: true }));
    // Once an error shows, it follows the typing (so it goes away as soon as the value is fixed).
    if (errors[field] !== undefined || isSubmitted)
      setErrors((prev) => ({ ...prev, [field]: textOf(field, value) }));
  };

  const blur = (field: TLoginField) => {
    if (!dirty[field] && !isSubmitted) return;
    setErrors((prev) => ({ ...prev, [field]: textOf(field, values[field]) }));
  };

  const showFailure = (outcome: TLoginFailure): void => {
    if (outcome.needsCaptcha) setNeedsCaptcha(true);
    if (outcome.fieldErrors) {
      setErrors(outcome.fieldErrors);
      focusFirst(outcome.fieldErrors);
    } else if (outcome.message) show(outcome.message);
  };

  const focusFirst = (errs: TFieldErrors) => {
    const first = loginFields.find((f) => errs[f]);
    if (first) refs[first].current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ssoHref) return window.location.assign(ssoHref);
    if (isSubmitting) return;
    setIsSubmitted(true);
    const keys = validateLogin(values);
    const next: TFieldErrors = {};
    for (const field of loginFields) {
      const key = keys[field];
      if (key) next[field] = v[key];
    }
    setErrors(next);
    if (Object.keys(next).length > 0) {
      focusFirst(next);
      return;
    }
    // After repeated failures the captcha is required (its field shows what is missing).
    const captcha = needsCaptcha ? (captchaRef.current?.read() ?? false) : null;
    if (captcha === false) return;
    const current = {
      ...values,
      accountDisplayName: values.accountDisplayName.trim(),
      username: values.username.trim(),
    };
    setIsSubmitting(true);
    show(null);
    try {
      const { attemptLogin } = await import('../lib/submit-login');
      const outcome = await attemptLogin(current, meta, { ipLookup, captcha }, c);
      if (outcome.kind === 'failed') showFailure(outcome.failure);
      else if (outcome.kind === 'secondStep') await onSecondStep?.(outcome.challenge, outcome.body);
      else {
        const { result } = outcome;
        setRecent(addRecentAccount(result.userVo?.accountDisplayName ?? current.accountDisplayName));
        await onLoggedIn(result, current);
      }
    } catch {
      showFailure({ message: { kind: 'error', text: c.requestFailed } });
    } finally {
      setIsSubmitting(false);
      // A captcha answer serves once.
      if (captcha) captchaRef.current?.refresh();
    }
  };

  const messageTextOf = (m: TFormMessage | null): string =>
    m?.kind === 'locked'
      ? interpolate(t.locked, { seconds: m.seconds })
      : m?.kind === 'blocked'
        ? interpolate(t.addressBlocked, { seconds: m.seconds })
        : m?.kind === 'attempts'
          ? interpolate(t.attempts, { current: m.current, total: m.total })
          : (m?.text ?? '');
  const messageText = messageTextOf(message);

  return (
    <form
      className="cz-login-form"
      noValidate
      onSubmit={submit}
      aria-labelledby="login-title"
      data-testid="login-form"
    >
      <AccountNameField
        ref={refs.accountDisplayName}
        value={values.accountDisplayName}
        onValueChange={(value) => change('accountDisplayName', value)}
        onBlur={() => {
          blur('accountDisplayName');
          setSsoName(values.accountDisplayName.trim());
        }}
        error={errors.accountDisplayName ?? null}
        recent={recent}
        onRemoveRecent={(name) => setRecent(removeRecentAccount(name))}
        texts={{
          label: t.accountName,
          placeholder: t.accountNamePlaceholder,
          recentAccounts: t.recentAccounts,
          removeRecent: t.removeRecent,
        }}
      />
      <TextField
        ref={refs.username}
        id={inputIds.username}
        name="username"
        label={t.username}
        placeholder={t.usernamePlaceholder}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onValueChange={(value) => change('username', value)}
        onBlur={() => blur('username')}
        disabled={!!ssoHref}
        error={ssoHref ? null : (errors.username ?? null)}
        data-testid="login-username"
      />
      <TextField
        ref={refs.password}
        id={inputIds.password}
        name="password"
        type={isPasswordVisible ? 'text' : 'password'}
        label={t.password}
        placeholder={t.passwordPlaceholder}
        autoComplete="current-password"
        value={values.password}
        onValueChange={(value) => change('password', value)}
        onBlur={() => blur('password')}
        disabled={!!ssoHref}
        error={ssoHref ? null : (errors.password ?? null)}
        data-testid="login-password"
        suffix={
          <button
            type="button"
            className="cz-icon-btn"
            aria-label={isPasswordVisible ? t.hidePassword : t.showPassword}
            aria-pressed={isPasswordVisible}
            aria-controls={inputIds.password}
            data-testid="login-password-toggle"
            onClick={() => setIsPasswordVisible((shown) => !shown)}
          >
            <Icon name={isPasswordVisible ? 'eyeOff' : 'eye'} />
          </button>
        }
      />

      {needsCaptcha && !ssoHref ? (
        <Suspense fallback={null}>
          <LoginCaptcha ref={captchaRef} messages={v} />
        </Suspense>
      ) : null}

      <div className="cz-login-form__links">
        <AppLink className="cz-link" href={paths.findAccount} data-testid="login-forgot-account">
          {t.forgotAccount}
        </AppLink>
        <AppLink className="cz-link" href={paths.findUsername} data-testid="login-forgot-username">
          {t.forgotUsername}
        </AppLink>
        <AppLink
          className="cz-link"
          href={findPasswordPath(values.accountDisplayName, values.username)}
          onClick={(e) => {
            // The reset needs both names (spec section 5): say which is missing instead.
            const next: TFieldErrors = {};
            for (const f of loginFields.slice(0, 2)) next[f] = textOf(f, values[f]);
            if (next.accountDisplayName || next.username) {
              e.preventDefault();
              setErrors(next);
              focusFirst(next);
            }
          }}
          data-testid="login-forgot-password"
        >
          {t.forgotPassword}
        </AppLink>
      </div>

      <div className="cz-login-form__message">
        {message ? (
          <div
            className={`cz-alert cz-alert--${message.kind === 'attempts' ? 'warning' : 'error'}`}
            data-testid="login-message"
            data-kind={message.kind}
          >
            <Icon
              name={message.kind === 'attempts' ? 'warning' : 'error'}
              size={16}
              className="cz-alert__icon"
            />
            <span>{messageText}</span>
          </div>
        ) : null}
      </div>
      <p className="cz-visually-hidden" role="alert" key={announcement.seq}>
        {messageTextOf(announcement.message)}
      </p>

      <Button
        type="submit"
        variant="primary"
        size="large"
        isBlock
        isLoading={isSubmitting}
        hidden={!!ssoHref}
        data-testid="login-submit"
      >
        {isSubmitting ? t.submitting : t.submit}
      </Button>

      {ssoAccount ? (
        <Suspense fallback={null}>
          <SsoPanel
            accountName={ssoAccount}
            fallbackHosts={meta.fallbackHosts}
            texts={t}
            onSsoHref={setSsoHref}
          />
        </Suspense>
      ) : null}

      {meta.features.register ? (
        <div className="cz-login-form__register">
          <span className="cz-login-form__divider">{t.noAccount}</span>
          <AppLink
            className={`${linkButtonClass('default', 'large')} cz-btn--block`}
            href={paths.register}
            data-testid="login-register"
          >
            {t.register}
          </AppLink>
        </div>
      ) : null}
    </form>
  );
}
