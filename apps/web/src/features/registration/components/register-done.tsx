/** Step 3 of the registration: the new account's name and login address (copy buttons), and the login. */
import { Facts } from '@/components/public-layout/facts';
import { Result } from '@/components/public-layout/result';
import { AppLink } from '@/components/ui/app-link';
import { linkButtonClass } from '@/components/ui/button';
import { loginWithAccount } from '@/lib/login-link';
import { getPhrases } from '@/lib/phrases';
import type { TCreatedAccount } from '../api/create-account';

export function RegisterDone({ account, username }: { account: TCreatedAccount; username: string }) {
  const t = getPhrases('register').done;
  return (
    <Result
      kind="success"
      title={t.title}
      text={t.subtitle}
      testId="register-done"
      actions={
        <AppLink
          className={`${linkButtonClass('primary', 'large')} cz-result__wide`}
          href={loginWithAccount(account.name)}
          data-testid="register-go-login"
        >
          {t.goToLogin}
        </AppLink>
      }
    >
      <Facts
        texts={{ copy: t.copy, copied: t.copied }}
        testId="register-facts"
        items={[
          {
            key: 'name',
            label: t.accountName,
            value: account.name,
            copy: account.name,
            testId: 'register-account-name',
          },
          ...(account.displayName && account.displayName !== account.name
            ? [
                {
                  key: 'displayName',
                  label: t.displayName,
                  value: account.displayName,
                  testId: 'register-display-name',
                },
              ]
            : []),
          {
            key: 'loginAddress',
            label: t.loginAddress,
            value: account.loginAddress,
            copy: account.loginAddress,
            testId: 'register-login-address',
          },
          { key: 'username', label: t.username, value: username, testId: 'register-username-value' },
        ]}
      />
    </Result>
  );
}
