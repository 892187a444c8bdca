/**
 * Single sign-on on the login form (spec section 2 "Login"), loaded once an account name is
 * known: for an account that uses SSO, the SSO login button (the password fields are then
 * disabled), the switch to the administrators' password login and back; and the third-party
 * sign-ins the account allows. Each sign-in is a navigation to the server, which answers with a
 * redirect to the identity provider.
 */
import type { TPhrases } from '@console/phrases';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { interpolate } from '@/lib/phrases';
import { lookupSsoSuite, signInHref, ssoHrefOf, type TSsoSuite } from '../lib/sso';
import '../sso.css';

export type TSsoPanelProps = {
  /** The account name, checked (letters only) and trimmed. */
  accountName: string;
  /** The console meta's allow-list of fallback URL hosts. */
  fallbackHosts: readonly string[];
  texts: TPhrases['login'];
  /** Signs in with a passkey alone, where the account allows it (issue 22). */
  onPasskey?: () => void;
  /** A passkey sign-in is under way. */
  isPasskeyBusy?: boolean;
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
  onPasskey,
  isPasskeyBusy = false,
}: TSsoPanelProps) {
  const [suite, setSuite] = useState<TSsoSuite | null>(null);
  const [isAdminLogin, setIsAdminLogin] = useState(false);
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
      {suite.passkeySignIn && onPasskey && !ssoHref ? (
        <Button
          variant="default"
          size="large"
          isBlock
          isLoading={isPasskeyBusy}
          onClick={onPasskey}
          className="cz-sso__passkey"
          data-testid="login-passkey"
        >
          {t.passkeySignIn}
        </Button>
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
