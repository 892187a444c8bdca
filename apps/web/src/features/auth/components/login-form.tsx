import type { TMeta } from '@console/contract';
import type { TPhrases } from '@console/phrases';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import { AppLink } from '@/components/ui/app-link';
import { Button, linkButtonClass } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { TextField } from '@/components/ui/text-field';
import { findPasswordPath, publicPaths } from '@/config/public-paths';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { loadPhrases } from '@/lib/phrases';
import { isPrerenderPass, takeHeldSubmit } from '@/lib/render-env';
import type { TLoginBody, TLoginResult } from '../api/login';
import { addRecentAccount, readRecentAccounts, removeRecentAccount } from '../lib/recent-accounts';
import type { TFieldErrors } from '../lib/submit-login';
import { formMessageText, useSignIn } from '../lib/use-sign-in';
import { loginFields, type TLoginField, type TLoginValues, validateLoginField } from '../lib/validate-login';
import { AccountNameField } from './account-name-field';
import type { TLoginCaptchaProps } from './login-captcha';
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
  /** Username known from the address (`?username=`); the field is then prefilled. */
  presetUsername?: string | null;
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
  presetUsername,
  ipLookup,
  onLoggedIn,
  onSecondStep,
  notice,
}: TLoginFormProps) {
  const { login: t, validation: v, common: c } = texts;
  const [values, setValues] = useState<TLoginValues>({
    accountDisplayName: presetAccount ?? '',
    username: presetUsername?.trim() ?? '',
    password: '',
  });
  const [dirty, setDirty] = useState<Partial<Record<TLoginField, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  // The prerendered form knows no cookie: the recent accounts come once it is hydrated.
  const [recent, setRecent] = useState<string[]>(() => (isPrerenderPass() ? [] : readRecentAccounts()));
  const signIn = useSignIn({
    meta,
    texts: { validation: v, common: c },
    ipLookup,
    onSignedIn: async (result, current) => {
      setRecent(addRecentAccount(result.userVo?.accountDisplayName ?? current.accountDisplayName));
      await onLoggedIn(result, current);
    },
    onSecondStep: async (challenge, body) => {
      await onSecondStep?.(challenge, body);
    },
  });
  const { refs, errors, setErrors, message, announcement, show, needsCaptcha, captchaRef, focusFirst } =
    signIn;
  // The account name whose single sign-on is looked up: set on blur or after a pause in the typing.
  const [ssoName, setSsoName] = useState(presetAccount?.trim() ?? '');
  // Where the SSO sign-in starts while the form is in SSO mode (username and password disabled).
  const [ssoHref, setSsoHref] = useState<string | null>(null);
  useEffect(() => {
    const id = setTimeout(() => setSsoName(values.accountDisplayName.trim()), 600);
    return () => clearTimeout(id);
  }, [values.accountDisplayName]);
  const ssoAccount = validateLoginField('accountDisplayName', ssoName) ? '' : ssoName;

  // Once hydrated: the recent accounts, what was typed (or filled in by the browser) into the
  // prerendered form before its script ran, and the submit made meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the first render's inputs
  useEffect(() => {
    setRecent((prev) => (prev.length > 0 ? prev : readRecentAccounts()));
    const typed: Partial<TLoginValues> = {};
    for (const field of loginFields) {
      const value = refs[field].current?.value ?? '';
      if (value !== values[field]) typed[field] = value;
    }
    if (Object.keys(typed).length > 0) setValues((prev) => ({ ...prev, ...typed }));
    if (takeHeldSubmit()) {
      setIsSubmitted(true);
      void signIn.submit({ ...values, ...typed });
    }
  }, []);

  // A new notice object shows it again.
  useEffect(() => {
    if (notice) show({ kind: 'error', text: notice.text });
  }, [notice, show]);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ssoHref) return window.location.assign(ssoHref);
    if (signIn.isSubmitting) return;
    setIsSubmitted(true);
    void signIn.submit(values);
  };

  return (
    <form
      className="cz-login-form"
      // The prerendered form, before its script runs, posts a submit (never a query with the
      // password in the address); the server answers it by showing the login again.
      method={isPrerenderPass() ? 'post' : undefined}
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
        <AppLink className="cz-link" href={publicPaths.findAccount} data-testid="login-forgot-account">
          {t.forgotAccount}
        </AppLink>
        <AppLink className="cz-link" href={publicPaths.findUsername} data-testid="login-forgot-username">
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
            <span>{formMessageText(message, t)}</span>
          </div>
        ) : null}
      </div>
      <p className="cz-visually-hidden" role="alert" key={announcement.seq}>
        {formMessageText(announcement.message, t)}
      </p>

      <Button
        type="submit"
        variant="primary"
        size="large"
        isBlock
        isLoading={signIn.isSubmitting}
        hidden={!!ssoHref}
        data-testid="login-submit"
      >
        {signIn.isSubmitting ? t.submitting : t.submit}
      </Button>

      {ssoAccount ? (
        <Suspense fallback={null}>
          <SsoPanel
            accountName={ssoAccount}
            fallbackHosts={meta.fallbackHosts}
            texts={t}
            onSsoHref={setSsoHref}
            // Sign-in by passkey alone (issue 22), offered by the SSO panel where the account allows it.
            onPasskeySignedIn={async (result) => {
              setRecent(addRecentAccount(result.userVo?.accountDisplayName ?? ssoAccount));
              await onLoggedIn(result, { ...values, accountDisplayName: ssoAccount });
            }}
            onMessage={(text) => show(text === null ? null : { kind: 'error', text })}
          />
        </Suspense>
      ) : null}

      {meta.features.register ? (
        <div className="cz-login-form__register">
          <span className="cz-login-form__divider">{t.noAccount}</span>
          <AppLink
            className={`${linkButtonClass('default', 'large')} cz-btn--block`}
            href={publicPaths.register}
            data-testid="login-register"
          >
            {t.register}
          </AppLink>
        </div>
      ) : null}
    </form>
  );
}
