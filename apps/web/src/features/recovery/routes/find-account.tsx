/**
 * /findAccount (spec section 2 "Find account"): step 1 a phone number or an e-mail address and its
 * code; step 2 every account registered with it (name, display name, login address, copy
 * buttons) and the way to its login.
 */
import { useState } from 'react';
import { Facts } from '@/components/public-layout/facts';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Result } from '@/components/public-layout/result';
import { Steps } from '@/components/public-layout/steps';
import { AppLink } from '@/components/ui/app-link';
import { Button, linkButtonClass } from '@/components/ui/button';
import { loginWithAccount } from '@/lib/login-link';
import { getPhrases, interpolate } from '@/lib/phrases';
import { findAccount, type TFoundAccounts } from '../api/find-account';
import { ContactForm } from '../components/contact-form';
import { contactText, registerFields } from '../lib/contact';
import '../recovery.css';

type TFound = { target: string; accounts: TFoundAccounts };

export default function FindAccountPage() {
  const t = getPhrases('recovery');
  const c = getPhrases('common');
  const [found, setFound] = useState<TFound | null>(null);
  const copyTexts = { copy: t.copy, copied: t.copied };
  const first = found?.accounts.length === 1 ? found.accounts[0] : undefined;

  return (
    <PublicLayout
      pageTitle={t.findAccount.pageTitle}
      testId="find-account-page"
      steps={<Steps labels={[t.steps.verify, t.steps.result]} current={found ? 1 : 0} />}
      title={found ? undefined : t.findAccount.title}
      subtitle={found ? undefined : t.findAccount.subtitle}
      below={
        <AppLink className="cz-link" href={loginWithAccount(first?.name)} data-testid="find-account-back">
          {c.backToLogin}
        </AppLink>
      }
    >
      {!found ? (
        <ContactForm
          purpose="FIND_ACCOUNT_FORM"
          testId="find-account"
          onVerified={async ({ contact, proof }) => {
            const accounts = await findAccount(registerFields(contact), proof);
            setFound({ target: contactText(contact), accounts });
          }}
        />
      ) : found.accounts.length === 0 ? (
        <Result
          kind="warning"
          title={t.findAccount.none}
          text={interpolate(t.findAccount.noneText, { target: found.target })}
          testId="find-account-none"
          actions={
            <>
              <Button onClick={() => setFound(null)} data-testid="find-account-retry">
                {t.findAccount.tryAgain}
              </Button>
              <AppLink
                className={linkButtonClass('primary')}
                href={loginWithAccount()}
                data-testid="find-account-login"
              >
                {t.goToLogin}
              </AppLink>
            </>
          }
        />
      ) : (
        <section data-testid="find-account-result" data-count={found.accounts.length}>
          <h1 className="cz-public__title">{t.findAccount.resultTitle}</h1>
          <p className="cz-public__subtitle">
            {interpolate(t.findAccount.resultSubtitle, { target: found.target })}
          </p>
          <ul className="cz-found-list">
            {found.accounts.map((account) => (
              <li key={account.name} className="cz-found-list__item" data-testid="found-account">
                <Facts
                  texts={copyTexts}
                  items={[
                    {
                      key: 'name',
                      label: t.findAccount.accountName,
                      value: account.name,
                      copy: account.name,
                      testId: 'found-account-name',
                    },
                    {
                      key: 'displayName',
                      label: t.findAccount.displayName,
                      value: account.displayName,
                      testId: 'found-account-display-name',
                    },
                    {
                      key: 'loginAddress',
                      label: t.findAccount.loginAddress,
                      value: account.loginAddress,
                      copy: account.loginAddress,
                      testId: 'found-account-address',
                    },
                  ]}
                />
                {found.accounts.length > 1 ? (
                  <AppLink
                    className="cz-link cz-found-list__login"
                    href={loginWithAccount(account.name)}
                    data-testid="found-account-login"
                  >
                    {t.findAccount.loginTo}
                  </AppLink>
                ) : null}
              </li>
            ))}
          </ul>
          <AppLink
            className={`${linkButtonClass('primary', 'large')} cz-btn--block`}
            href={loginWithAccount(first?.name)}
            data-testid="find-account-login"
          >
            {t.goToLogin}
          </AppLink>
        </section>
      )}
    </PublicLayout>
  );
}
