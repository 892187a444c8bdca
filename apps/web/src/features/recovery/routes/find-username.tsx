/**
 * /findUsername (spec section 2 "Find username"): step 1 the account name, a phone number or an
 * e-mail address and its code; step 2 the usernames of that account's users with it, their count,
 * and the way to the login.
 */
import { useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Result } from '@/components/public-layout/result';
import { Steps } from '@/components/public-layout/steps';
import { AppLink } from '@/components/ui/app-link';
import { Button, linkButtonClass } from '@/components/ui/button';
import { loginWithAccount } from '@/lib/login-link';
import { getPhrases, interpolate } from '@/lib/phrases';
import { getUsernamesByPhoneOrEmail, type TFoundUsernames } from '../api/get-usernames-by-phone-or-email';
import { ContactForm } from '../components/contact-form';
import { contactText, registerFields } from '../lib/contact';
import '../recovery.css';

type TFound = TFoundUsernames & { target: string; account: string };

function accountFromUrl(): string {
  return new URLSearchParams(window.location.search).get('account')?.trim() ?? '';
}

export default function FindUsernamePage() {
  const t = getPhrases('recovery');
  const c = getPhrases('common');
  const [found, setFound] = useState<TFound | null>(null);
  const [initialAccount] = useState(accountFromUrl);
  const login = loginWithAccount(found?.account ?? initialAccount);

  return (
    <PublicLayout
      pageTitle={t.findUsername.pageTitle}
      testId="find-username-page"
      steps={<Steps labels={[t.steps.verify, t.steps.result]} current={found ? 1 : 0} />}
      title={found ? undefined : t.findUsername.title}
      subtitle={found ? undefined : t.findUsername.subtitle}
      below={
        <AppLink className="cz-link" href={login} data-testid="find-username-back">
          {c.backToLogin}
        </AppLink>
      }
    >
      {!found ? (
        <ContactForm
          purpose="FIND_USERNAME_FORM"
          withAccount
          initialAccount={initialAccount}
          testId="find-username"
          onVerified={async ({ contact, proof, accountName }) => {
            const answer = await getUsernamesByPhoneOrEmail(
              { accountName, ...registerFields(contact) },
              proof,
            );
            setFound({ ...answer, target: contactText(contact), account: accountName });
          }}
        />
      ) : found.usernames.length === 0 ? (
        <Result
          kind="warning"
          title={t.findUsername.none}
          text={interpolate(t.findUsername.noneText, { account: found.account, target: found.target })}
          testId="find-username-none"
          actions={
            <>
              <Button onClick={() => setFound(null)} data-testid="find-username-retry">
                {t.findUsername.tryAgain}
              </Button>
              <AppLink className={linkButtonClass('primary')} href={login} data-testid="find-username-login">
                {t.goToLogin}
              </AppLink>
            </>
          }
        />
      ) : (
        <section data-testid="find-username-result">
          <h1 className="cz-public__title">{t.findUsername.resultTitle}</h1>
          <p className="cz-public__subtitle" data-testid="find-username-count" data-count={found.count}>
            {interpolate(t.findUsername.count, {
              count: found.count,
              account: found.account,
              target: found.target,
            })}
          </p>
          <ul className="cz-found-usernames" aria-label={t.findUsername.resultTitle}>
            {found.usernames.map((name) => (
              <li key={name}>
                <span data-testid="found-username">{name}</span>
                <CopyButton
                  text={name}
                  texts={{ copy: t.copy, copied: t.copied }}
                  testId="found-username-copy"
                />
              </li>
            ))}
          </ul>
          <AppLink
            className={`${linkButtonClass('primary', 'large')} cz-btn--block`}
            href={login}
            data-testid="find-username-login"
          >
            {t.goToLogin}
          </AppLink>
        </section>
      )}
    </PublicLayout>
  );
}
