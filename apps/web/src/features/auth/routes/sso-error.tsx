/**
 * /sso-error?errMsg=… (spec section 2 "SSO error"): single sign-on failed. The identity provider's
 * message is shown as text (never as HTML), with the way back to the login page.
 */
import { useState } from 'react';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Result } from '@/components/public-layout/result';
import { AppLink } from '@/components/ui/app-link';
import { linkButtonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { getPhrases } from '@/lib/phrases';

/** The message, trimmed and bounded (it comes from the address bar). */
export function ssoMessage(search: string): string {
  return (new URLSearchParams(search).get('errMsg') ?? '').trim().slice(0, 1000);
}

export default function SsoErrorPage() {
  const t = getPhrases('sso');
  const [message] = useState(() => ssoMessage(window.location.search));
  return (
    <PublicLayout pageTitle={t.errorPageTitle} testId="sso-error-page">
      <Result
        kind="error"
        title={t.errorTitle}
        text={t.errorText}
        testId="sso-error"
        actions={
          <AppLink
            className={linkButtonClass('primary')}
            href={paths.login}
            replace
            data-testid="sso-error-login"
          >
            {t.backToLogin}
          </AppLink>
        }
      >
        <div className="cz-result__box">
          <span className="cz-result__box-label">{t.details}</span>
          <span data-testid="sso-error-message">{message || t.noDetails}</span>
        </div>
      </Result>
    </PublicLayout>
  );
}
