/**
 * Single sign-on on the login form (spec section 2 "Login"), loaded once an account name is
 * known: for an account that uses SSO, the SSO login button (the password fields are then
 * disabled), the switch to the administrators' password login and back; the third-party
 * sign-ins the account allows, each a navigation to the server, which answers with a redirect to
 * the identity provider; and the sign-in by passkey alone where the account allows it (issue 22).
 */
import type { TPhrases } from '@console/phrases';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { chunkLoader } from '@/lib/lazy';
import { interpolate } from '@/lib/phrases';
import type { TLoginResult } from '../api/login';
import { lookupSsoSuite, signInHref, ssoHrefOf, type TSsoSuite } from '../lib/sso';
import '../sso.css';

/** Sign-in by passkey alone: loaded when the user asks for it. */
const passkeyChunks = chunkLoader(() =>
  Promise.all([import('../api/passkey-sign-in'), import('@/lib/passkey')]),
);

export type TSsoPanelProps = {
  /** The account name, checked (letters only) and trimmed. */
  accountName: string;
  /** The console meta's allow-list of fallback URL hosts. */
  fallbackHosts: readonly string[];
  texts: TPhrases['login'];
  /** After a sign-in by passkey alone (a session token received). */
  onPasskeySignedIn: (result: TLoginResult) => Promise<void>;
  /** What the form says above its button (why a passkey sign-in failed), or null to clear it. */
  onMessage: (text: string | null) => void;
  /**
   * Told where the SSO sign-in starts while the form is in SSO mode (the username and password
   * are then disabled), and null otherwise (password login, or another account name).
   */
  onSsoHref: (href: string | null) => void;
};

export default function SsoPanel({
  accountName,
  fallbackHosts,
  texts: t,
  onSsoHref,
  onPasskeySignedIn,
  onMessage,
}: TSsoPanelProps) {
  const [suite, setSuite] = useState<TSsoSuite | null>(null);
  const [isAdminLogin, setIsAdminLogin] = useState(false);
  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);
  /** Cancels the pending passkey request (the browser's dialog and the calls around it). */
  const passkeyAbort = useRef<AbortController | null>(null);
  const hasSwitched = useRef(false);

  useEffect(() => {
    let isCancelled = false;
    setSuite(null);
    setIsAdminLogin(false);
    // A failed lookup leaves the password form.
    lookupSsoSuite(accountName).then(
      (next) => {
        if (!isCancelled) setSuite(next);
      },
      () => {},
    );
    return () => {
      isCancelled = true;
    };
  }, [accountName]);

  const ssoHref = suite && !isAdminLogin ? ssoHrefOf(suite, fallbackHosts) : null;
  // Before paint, so that the SSO button never shows beside enabled password fields.
  useLayoutEffect(() => {
    onSsoHref(ssoHref);
    return () => onSsoHref(null);
  }, [ssoHref, onSsoHref]);

  // After a switch, the focus goes where the user continues: the username, or the SSO button.
  useEffect(() => {
    if (!hasSwitched.current) return;
    const id = requestAnimationFrame(() =>
      document.getElementById(isAdminLogin ? 'login-username' : 'login-sso-button')?.focus(),
    );
    return () => cancelAnimationFrame(id);
  }, [isAdminLogin]);

  const switchTo = (admin: boolean) => {
    hasSwitched.current = true;
    setIsAdminLogin(admin);
  };

  const signInByPasskey = async () => {
    if (isPasskeyBusy) return;
    setIsPasskeyBusy(true);
    onMessage(null);
    const abort = new AbortController();
    passkeyAbort.current = abort;
    try {
      const [{ signInWithPasskey }, { PasskeyError }] = await passkeyChunks();
      try {
        const answer = await signInWithPasskey({ accountDisplayName: accountName }, abort.signal);
        await onPasskeySignedIn(answer.data);
      } catch (cause) {
        // Cancelled by the user here: nothing to say.
        if (abort.signal.aborted) return;
        onMessage(
          cause instanceof PasskeyError
            ? t.passkeyErrors[cause.kind]
            : cause instanceof Error && cause.message
              ? cause.message
              : t.passkeyErrors.failed,
        );
      }
    } finally {
      if (passkeyAbort.current === abort) passkeyAbort.current = null;
      setIsPasskeyBusy(false);
    }
  };

  // Leaving the login page cancels a pending request.
  useEffect(() => () => passkeyAbort.current?.abort(), []);

  if (!suite) return null;
  const thirdParty = suite.thirdParty;
  return (
    <div className="cz-sso" data-testid="login-sso">
      {ssoHref ? (
        <>
          <p className="cz-sso__hint" data-testid="login-sso-hint">
            {t.ssoHint}
          </p>
          <Button
            id="login-sso-button"
            variant="primary"
            size="large"
            isBlock
            onClick={() => window.location.assign(ssoHref)}
            data-testid="login-sso-button"
          >
            {t.ssoLogin}
          </Button>
          {suite.supportAdminLogin === 1 ? (
            <button
              type="button"
              className="cz-link-button cz-sso__switch"
              onClick={() => switchTo(true)}
              data-testid="login-sso-admin"
            >
              {t.ssoAdminLogin}
            </button>
          ) : null}
        </>
      ) : isAdminLogin ? (
        <button
          type="button"
          className="cz-link-button cz-sso__switch"
          onClick={() => switchTo(false)}
          data-testid="login-sso-back"
        >
          {t.ssoBack}
        </button>
      ) : null}
      {suite.passkeySignIn && !ssoHref ? (
        <Button
          variant="default"
          size="large"
          isBlock
          isLoading={isPasskeyBusy}
          onClick={() => void signInByPasskey()}
          className="cz-sso__passkey"
          data-testid="login-passkey"
        >
          {t.passkeySignIn}
        </Button>
      ) : null}
      {isPasskeyBusy ? (
        <button
          type="button"
          className="cz-link-button cz-sso__switch"
          onClick={() => passkeyAbort.current?.abort()}
          data-testid="login-passkey-cancel"
        >
          {t.passkeyCancel}
        </button>
      ) : null}
      {thirdParty.length > 0 ? (
        <div className="cz-sso__others">
          <span className="cz-login-form__divider">{t.otherSignIn}</span>
          <ul className="cz-sso__list">
            {thirdParty.map((p) => (
              <li key={p.provider}>
                <a
                  className="cz-link"
                  href={signInHref(p.loginUrl, fallbackHosts)}
                  data-testid={`login-third-party-${p.provider}`}
                >
                  {interpolate(t.thirdPartyLogin, { name: p.name })}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
