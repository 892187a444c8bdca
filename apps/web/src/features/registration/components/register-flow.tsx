/**
 * The three steps of the registration (spec section 4 "Registration"): form, reason
 * questionnaire, success. Shared by /register and /aws-register (which adds the marketplace).
 */
import { useEffect, useState } from 'react';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Steps } from '@/components/public-layout/steps';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';
import { getPhrases, interpolate } from '@/lib/phrases';
import type { TCreatedAccount, TMarketplace } from '../api/create-account';
import { ReasonForm } from './reason-form';
import { RegisterDone } from './register-done';
import { RegisterForm } from './register-form';
import '../registration.css';

type TState =
  | { step: 'form' }
  | { step: 'reason'; account: TCreatedAccount; username: string }
  | { step: 'done'; account: TCreatedAccount; username: string };

const stepIndex = { form: 0, reason: 1, done: 2 } as const;

export function RegisterFlow({ marketplace }: { marketplace?: TMarketplace | null }) {
  const t = getPhrases('register');
  const [state, setState] = useState<TState>({ step: 'form' });

  // Each step starts at the top of the page.
  useEffect(() => {
    if (state.step !== 'form') window.scrollTo(0, 0);
  }, [state.step]);

  const steps = (
    <Steps labels={[t.steps.form, t.steps.reason, t.steps.done]} current={stepIndex[state.step]} />
  );
  return (
    <PublicLayout
      pageTitle={t.pageTitle}
      testId="register-page"
      size={state.step === 'form' ? 'wide' : 'normal'}
      steps={steps}
      title={
        state.step === 'form'
          ? marketplace
            ? t.marketplaceTitle
            : t.title
          : state.step === 'reason'
            ? t.reason.title
            : undefined
      }
      subtitle={
        state.step === 'form'
          ? marketplace
            ? interpolate(t.marketplaceSubtitle, { customerId: marketplace.awsCustomerId ?? '' })
            : t.subtitle
          : state.step === 'reason'
            ? t.reason.subtitle
            : undefined
      }
      below={
        state.step === 'form' ? (
          <>
            {t.haveAccount}{' '}
            <AppLink className="cz-link" href={paths.login} data-testid="register-login">
              {t.login}
            </AppLink>
          </>
        ) : undefined
      }
    >
      {state.step === 'form' ? (
        <RegisterForm
          marketplace={marketplace ?? null}
          onCreated={(account, username) => setState({ step: 'reason', account, username })}
        />
      ) : state.step === 'reason' ? (
        <ReasonForm
          account={state.account}
          onDone={() => setState({ step: 'done', account: state.account, username: state.username })}
        />
      ) : (
        <RegisterDone account={state.account} username={state.username} />
      )}
    </PublicLayout>
  );
}
