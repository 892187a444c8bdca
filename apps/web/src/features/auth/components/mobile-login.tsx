/**
 * The simplified mobile login (spec section 2 "Login"), a chunk of its own: in English only, a
 * welcome page with the product name and a Login button, then the form (account name, username,
 * password). It signs in with the page login's hook (`lib/use-sign-in`: the call, the reading of
 * its failures, the captcha and the countdowns) and its second step; afterwards the data assistant or the console (`lib/mobile-login-success`),
 * or, inside another page (the face pages), that page's `onSignedIn`.
 */
import { registerMobileLoginNamespace } from '@console/phrases/mobile-login-loaders';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { getPhrases, hasPhrases, loadPhrases } from '@/lib/phrases';
import type { TLoginBody, TLoginResult } from '../api/login';
import { formMessageText, useSignIn } from '../lib/use-sign-in';
import type { TLoginField, TLoginValues } from '../lib/validate-login';
import type { TLoginCaptchaProps } from './login-captcha';
import type { TSecondStepProps } from './second-step';
import '../mobile-login.css';

export type TMobileLoginProps = {
  /** Inside another page: called once signed in, instead of leaving for the data assistant or the console. */
  onSignedIn?: () => void;
  /** The public IP lookup, started when the page opened. */
  ipLookup?: (() => Promise<string | null>) | undefined;
};

registerMobileLoginNamespace();

/** The texts are English whatever the page language. */
const lang = 'en-US';
const namespaces = ['common', 'login', 'validation', 'mobileLogin'] as const;

/** What happens after a mobile sign-in (service lookup, redirect), loaded then. */
const loadMobileLoginSuccess = chunkLoader(() => import('../lib/mobile-login-success'));

// The texts start loading with the chunk.
loadPhrases(namespaces, lang).catch(() => {});

const SecondStep = lazyPage<TSecondStepProps>(
  chunkLoader(() =>
    Promise.all([import('./second-step'), loadPhrases(['mfa', 'errors', 'common'])]).then(([m]) => m),
  ),
);

const LoginCaptcha = lazyPage<TLoginCaptchaProps>(
  chunkLoader(() => Promise.all([import('./login-captcha'), loadPhrases(['mfa'])]).then(([m]) => m)),
);

const inputIds: Record<TLoginField, string> = {
  accountDisplayName: 'mobile-login-account',
  username: 'mobile-login-username',
  password: 'mobile-login-password',
};

export default function MobileLogin(props: TMobileLoginProps) {
  const [isReady, setIsReady] = useState(() => namespaces.every((ns) => hasPhrases(ns, lang)));
  useEffect(() => {
    if (isReady) return;
    let isCancelled = false;
    loadPhrases(namespaces, lang).then(
      () => !isCancelled && setIsReady(true),
      () => {},
    );
    return () => {
      isCancelled = true;
    };
  }, [isReady]);
  return isReady ? <MobileLoginScreens {...props} /> : <div className="cz-mlogin" aria-busy="true" />;
}

function MobileLoginScreens({ onSignedIn, ipLookup }: TMobileLoginProps) {
  const meta = getMeta();
  const c = getPhrases('common', lang);
  const t = getPhrases('login', lang);
  const v = getPhrases('validation', lang);
  const m = getPhrases('mobileLogin', lang);
  const [screen, setScreen] = useState<'welcome' | 'form'>('welcome');
  const [step, setStep] = useState<{ challenge: TLoginResult; body: TLoginBody } | null>(null);
  const [values, setValues] = useState<TLoginValues>({ accountDisplayName: '', username: '', password: '' });
  const [isLeaving, setIsLeaving] = useState(false);

  useEffect(() => {
    document.title = `${m.pageTitle} · ${c.productName}`;
  }, [m.pageTitle, c.productName]);

  const signedIn = async (result: TLoginResult) => {
    if (onSignedIn) return onSignedIn();
    setIsLeaving(true);
    try {
      const { finishMobileLogin } = await loadMobileLoginSuccess();
      await finishMobileLogin(result, t.success);
    } catch (error) {
      setIsLeaving(false); // the form shows the failure (the load error for a chunk that did not arrive)
      throw error;
    }
  };

  const signIn = useSignIn({
    meta,
    texts: { validation: v, common: c },
    ipLookup,
    onSignedIn: signedIn,
    onSecondStep: async (challenge, body) => {
      await SecondStep.preload();
      setStep({ challenge, body });
    },
  });
  const { refs, errors, setErrors, message, announcement, show, needsCaptcha, captchaRef } = signIn;

  useEffect(() => {
    if (screen === 'form' && !step) refs.accountDisplayName.current?.focus();
  }, [screen, step, refs.accountDisplayName]);

  const change = (field: TLoginField, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const submit = (event: FormEvent) => void signIn.submit(values, event);

  if (screen === 'welcome') {
    return (
      <div className="cz-mlogin cz-mlogin--welcome" lang={lang} data-testid="mobile-login-welcome">
        <div className="cz-mlogin__welcome">
          <BrandMark size={56} />
          <h1 className="cz-mlogin__product">{c.productName}</h1>
          <p className="cz-mlogin__title">{m.welcomeTitle}</p>
          <p className="cz-mlogin__text">{m.welcomeText}</p>
        </div>
        <Button
          variant="primary"
          size="large"
          isBlock
          className="cz-mlogin__action"
          onClick={() => setScreen('form')}
          data-testid="mobile-login-start"
        >
          {m.start}
        </Button>
      </div>
    );
  }

  return (
    <div className="cz-mlogin" lang={lang} data-testid="mobile-login">
      {step ? (
        <Suspense fallback={null}>
          <SecondStep
            meta={meta}
            challenge={step.challenge}
            body={step.body}
            onLoggedIn={signedIn}
            onBack={(text) => {
              setStep(null);
              show(text ? { kind: 'error', text } : null);
            }}
          />
        </Suspense>
      ) : (
        <form className="cz-mlogin__form" noValidate onSubmit={submit} aria-labelledby="mobile-login-title">
          <header className="cz-mlogin__head">
            <button
              type="button"
              className="cz-link-button cz-mlogin__back"
              onClick={() => setScreen('welcome')}
              data-testid="mobile-login-back"
            >
              <span aria-hidden="true">‹</span> {m.back}
            </button>
            <h1 className="cz-mlogin__heading" id="mobile-login-title">
              {m.formTitle}
            </h1>
          </header>
          <TextField
            ref={refs.accountDisplayName}
            id={inputIds.accountDisplayName}
            name="account"
            label={t.accountName}
            placeholder={t.accountNamePlaceholder}
            autoComplete="organization"
            autoCapitalize="none"
            spellCheck={false}
            value={values.accountDisplayName}
            onValueChange={(value) => change('accountDisplayName', value)}
            error={errors.accountDisplayName ?? null}
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
            error={errors.username ?? null}
          />
          <TextField
            ref={refs.password}
            id={inputIds.password}
            name="password"
            type="password"
            label={t.password}
            placeholder={t.passwordPlaceholder}
            autoComplete="current-password"
            value={values.password}
            onValueChange={(value) => change('password', value)}
            error={errors.password ?? null}
          />
          {needsCaptcha ? (
            <Suspense fallback={null}>
              <LoginCaptcha ref={captchaRef} messages={v} />
            </Suspense>
          ) : null}
          <div className="cz-mlogin__message">
            {message ? (
              <div
                className={`cz-alert cz-alert--${message.kind === 'attempts' ? 'warning' : 'error'}`}
                data-testid="mobile-login-message"
                data-kind={message.kind}
              >
                {formMessageText(message, t)}
              </div>
            ) : isLeaving && !onSignedIn ? (
              <p className="cz-mlogin__text">{m.redirecting}</p>
            ) : null}
          </div>
          {/* Heard once as given, not at each tick of a countdown. */}
          <p className="cz-visually-hidden" role="alert" key={announcement.seq}>
            {announcement.message
              ? formMessageText(announcement.message, t)
              : isLeaving && !onSignedIn
                ? m.redirecting
                : ''}
          </p>
          <Button
            type="submit"
            variant="primary"
            size="large"
            isBlock
            isLoading={signIn.isSubmitting || isLeaving}
            className="cz-mlogin__action"
            data-testid="mobile-login-submit"
          >
            {signIn.isSubmitting ? t.submitting : t.submit}
          </Button>
        </form>
      )}
    </div>
  );
}
