import type { TMeta } from '@console/contract';
import type { TLanguage } from '@console/contract/light-enums';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { getLanguage, switchLanguage } from '@/lib/language';
import { chunkLoader, lazyPage } from '@/lib/lazy';
import { getMeta } from '@/lib/meta';
import { getNotifier } from '@/lib/notify';
import { getPhrases, interpolate, loadPhrases } from '@/lib/phrases';
import { isPrerenderPass, isServerRender, setHydrating } from '@/lib/render-env';
import { takeSessionNotice } from '@/lib/session-notice';
import type { TLoginBody, TLoginResult } from '../api/login';
import { BrandPanel } from '../components/brand-panel';
import { HelpWidget } from '../components/help-widget';
import { LoginForm } from '../components/login-form';
import type { TMobileLoginProps } from '../components/mobile-login';
import type { TSecondStepProps } from '../components/second-step';
import { accountNameFromHost } from '../lib/login-address';
import { isMobileLoginHere } from '../lib/mobile-login-detect';
import '../login.css';

/** Phrase namespaces the page reads (loaded before it renders). */
export const loginNamespaces = ['common', 'login', 'validation'] as const;

/** The public IP lookup, loaded where the deployment names one (`ipLookupUrl`). */
const loadIpLookup = chunkLoader(() => import('../api/lookup-ip'));

/** The session helpers come with the query library: not on the login page's first load. */
const loadSession = chunkLoader(() => import('../lib/after-login'));

/** The Huawei-cloud license activation, loaded when its button is pressed. */
const HuaweiLicense = lazyPage<{ onBack: () => void }>(
  chunkLoader(() =>
    Promise.all([import('../components/huawei-license'), loadPhrases(['license', 'errors'])]).then(
      ([m]) => m,
    ),
  ),
);

/** The second step (login protection), loaded only when the server asks for it. */
const SecondStep = lazyPage<TSecondStepProps>(
  chunkLoader(() =>
    Promise.all([import('../components/second-step'), loadPhrases(['mfa', 'errors'])]).then(([m]) => m),
  ),
);

/** The simplified mobile login (phones on the configured hosts, the face pages), loaded only there. */
const MobileLogin = lazyPage<TMobileLoginProps>(chunkLoader(() => import('../components/mobile-login')));

/** What the first render takes from the address: the phone's login, the account and username known. */
type TLoginStart = {
  isMobile: boolean;
  /** The account name of an account's own login address (host). */
  presetAccount: string | null;
  /** `?account=` (from recovery and registration) fills the account name in. */
  queryAccount: string | null;
  /** `?username=` (from an accepted invitation) fills the username in. */
  queryUsername: string | null;
};

/** The start of the prerendered page (the server prerenders only the plain form, see decision 0027). */
const plainStart: TLoginStart = {
  isMobile: false,
  presetAccount: null,
  queryAccount: null,
  queryUsername: null,
};

function readStart(meta: TMeta): TLoginStart {
  const query = new URLSearchParams(window.location.search);
  return {
    isMobile: isMobileLoginHere(meta.mobileLoginHosts),
    presetAccount: accountNameFromHost(window.location.host, meta.consoleUrl),
    queryAccount: query.get('account'),
    queryUsername: query.get('username'),
  };
}

const isSameStart = (a: TLoginStart, b: TLoginStart) =>
  a.isMobile === b.isMobile &&
  a.presetAccount === b.presetAccount &&
  a.queryAccount === b.queryAccount &&
  a.queryUsername === b.queryUsername;

/** /login (spec section 2 "Login"). */
export default function LoginPage() {
  const meta = getMeta();
  const lang = getLanguage();
  const t = getPhrases('login');
  const c = getPhrases('common');
  const v = getPhrases('validation');
  const [step, setStep] = useState<{ challenge: TLoginResult; body: TLoginBody } | null>(null);
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  const [isLicense, setIsLicense] = useState(false);
  // A render that must equal the prerendered page reads nothing of the address; once hydrated,
  // the page reads it (the server serves the prerendered page only where it is the same).
  const [start, setStart] = useState(() => (isPrerenderPass() ? plainStart : readStart(meta)));
  const { isMobile, presetAccount, queryAccount, queryUsername } = start;
  useEffect(() => {
    setHydrating(false);
    const read = readStart(meta);
    setStart((prev) => (isSameStart(prev, read) ? prev : read));
  }, [meta]);

  // The public IP lookup starts with the page, so that the login does not wait for it.
  const ipLookup = useMemo(() => {
    const url = meta.ipLookupUrl;
    if (!url || isServerRender) return undefined;
    const lookup = loadIpLookup().then(
      (m) => m.lookupPublicIp(url),
      () => null,
    );
    return () =>
      Promise.race([lookup, new Promise<null>((resolve) => setTimeout(() => resolve(null), 1500))]);
  }, [meta.ipLookupUrl]);

  useEffect(() => {
    document.title = `${t.pageTitle} · ${c.productName}`;
  }, [t.pageTitle, c.productName]);

  // A session that ended under the user: its warning, kept by the console for this page, once.
  useEffect(() => {
    const event = takeSessionNotice();
    if (event) getNotifier().notifyApiEvent(event);
  }, []);

  // An existing session goes straight to the console (no hint, no redirect on 401); without one,
  // `?ssoRedirect=true` starts single sign-on for the known account.
  const knownAccount = presetAccount ?? queryAccount;
  useEffect(() => {
    let isCancelled = false;
    loadSession()
      .then((m) => m.resumeSession(knownAccount, () => isCancelled))
      .catch(() => {});
    return () => {
      isCancelled = true;
    };
  }, [knownAccount]);

  const onLoggedIn = async (result: TLoginResult) => (await loadSession()).finishLogin(result, t.success);

  if (isMobile)
    return (
      <Suspense fallback={null}>
        <MobileLogin ipLookup={ipLookup} />
      </Suspense>
    );

  return (
    <div className="cz-login">
      <BrandPanel productName={c.productName} texts={t} />
      <main className="cz-login__main">
        <header className="cz-login__top">
          <div className="cz-login__mobile-logo">
            <BrandMark size={28} />
            <span>{c.productName}</span>
          </div>
          <LanguageSwitch
            value={lang}
            names={c.languages}
            label={c.language}
            onChange={(next: TLanguage) => switchLanguage(next)}
          />
        </header>
        <div className="cz-login__center">
          {step ? (
            <div className="cz-login__panel">
              <Suspense fallback={null}>
                <SecondStep
                  meta={meta}
                  challenge={step.challenge}
                  body={step.body}
                  onLoggedIn={onLoggedIn}
                  onBack={(text) => {
                    setStep(null);
                    setNotice(text ? { text } : null);
                  }}
                />
              </Suspense>
            </div>
          ) : null}
          {isLicense ? (
            <div className="cz-login__panel">
              <Suspense fallback={null}>
                <HuaweiLicense onBack={() => setIsLicense(false)} />
              </Suspense>
            </div>
          ) : null}
          <div className="cz-login__panel" hidden={step !== null || isLicense}>
            <h1 className="cz-login__title" id="login-title">
              {t.formTitle}
            </h1>
            {presetAccount ? (
              <p className="cz-login__hint" data-testid="login-address-hint">
                {interpolate(t.loginAddressHint, { name: presetAccount })}
              </p>
            ) : null}
            <LoginForm
              key={`${knownAccount ?? ''}\n${queryUsername ?? ''}`}
              meta={meta}
              texts={{ login: t, validation: v, common: c }}
              presetAccount={knownAccount}
              presetUsername={queryUsername}
              {...(ipLookup ? { ipLookup } : {})}
              onLoggedIn={onLoggedIn}
              onSecondStep={async (challenge, body) => {
                await SecondStep.preload();
                setStep({ challenge, body });
              }}
              notice={notice}
            />
            {meta.features.huaweiLicense ? (
              <button
                type="button"
                className="cz-link-button cz-login__license"
                onClick={() => setIsLicense(true)}
                data-testid="login-license"
              >
                {t.license}
              </button>
            ) : null}
          </div>
        </div>
        <footer className="cz-login__footer">
          © {new Date().getFullYear()} {c.productName}
        </footer>
      </main>
      <HelpWidget meta={meta} texts={c.help} />
    </div>
  );
}
