/**
 * /aws-register?token=…&offerType=… (spec sections 2 and 8): the registration from a cloud-marketplace
 * subscription. Without a token: the token-missing page; a token the server refuses (4029): the
 * token-invalid page; else the registration steps, with the token and offer type sent along.
 */
import { ErrorCode } from '@console/contract/codes';
import { useEffect, useState } from 'react';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { Result } from '@/components/public-layout/result';
import { AppLink } from '@/components/ui/app-link';
import { Button, linkButtonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { notConfiguredText } from '@/lib/adapters';
import { asApiError } from '@/lib/code-errors';
import { getPhrases } from '@/lib/phrases';
import { checkAwsMktToken, type TMarketplaceCustomer } from '../api/check-aws-mkt-token';
import { RegisterFlow } from '../components/register-flow';
import '../registration.css';

type TCheck =
  | { status: 'checking' }
  | { status: 'invalid'; message: string | null }
  | { status: 'failed'; message: string }
  | { status: 'valid'; customer: TMarketplaceCustomer };

function readQuery() {
  const params = new URLSearchParams(window.location.search);
  return { token: params.get('token')?.trim() || null, offerType: params.get('offerType')?.trim() || null };
}

export default function AwsRegisterPage() {
  const [{ token, offerType }] = useState(readQuery);
  // No marketplace API on this installation: no token can be resolved.
  const unavailable = notConfiguredText('marketplace', getPhrases('errors'));
  if (unavailable) return <TokenProblem kind="unavailable" message={unavailable} />;
  return token ? (
    <MarketplaceRegistration token={token} offerType={offerType} />
  ) : (
    <TokenProblem kind="missing" />
  );
}

function TokenProblem({
  kind,
  message,
}: {
  kind: 'missing' | 'invalid' | 'unavailable';
  message?: string | null;
}) {
  const t = getPhrases('register');
  const c = getPhrases('common');
  const title =
    kind === 'missing'
      ? t.marketplace.missingTitle
      : kind === 'invalid'
        ? t.marketplace.invalidTitle
        : t.marketplace.unavailableTitle;
  return (
    <PublicLayout pageTitle={title} testId="aws-register-page">
      <Result
        kind={kind === 'invalid' ? 'error' : 'warning'}
        title={title}
        text={message || (kind === 'missing' ? t.marketplace.missingText : t.marketplace.invalidText)}
        testId={`aws-token-${kind}`}
        actions={
          <AppLink className={linkButtonClass('primary')} href={paths.login} data-testid="aws-back-login">
            {c.backToLogin}
          </AppLink>
        }
      />
    </PublicLayout>
  );
}

function MarketplaceRegistration({ token, offerType }: { token: string; offerType: string | null }) {
  const t = getPhrases('register');
  const c = getPhrases('common');
  const [check, setCheck] = useState<TCheck>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for another check
  useEffect(() => {
    let isCancelled = false;
    setCheck({ status: 'checking' });
    checkAwsMktToken(token, offerType).then(
      (customer) => {
        if (!isCancelled) setCheck({ status: 'valid', customer });
      },
      (cause: unknown) => {
        if (isCancelled) return;
        const api = asApiError(cause);
        if (api?.code === ErrorCode.marketplaceTokenInvalid || api?.code === ErrorCode.badRequest)
          setCheck({
            status: 'invalid',
            message: api.code === ErrorCode.marketplaceTokenInvalid ? api.message : null,
          });
        else
          setCheck({
            status: 'failed',
            message: api?.kind === 'network' ? c.networkError : api?.message || c.requestFailed,
          });
      },
    );
    return () => {
      isCancelled = true;
    };
  }, [token, offerType, attempt]);

  if (check.status === 'invalid') return <TokenProblem kind="invalid" message={check.message} />;
  if (check.status === 'valid')
    return (
      <RegisterFlow
        marketplace={{
          awsMktToken: token,
          awsMktOfferType: check.customer.offerType ?? offerType,
          awsCustomerId: check.customer.customerId,
        }}
      />
    );
  return (
    <PublicLayout pageTitle={t.pageTitle} testId="aws-register-page">
      {check.status === 'checking' ? (
        <div className="cz-register-checking" aria-busy="true" data-testid="aws-token-checking">
          <span className="cz-spinner" aria-hidden="true" />
          <p>{t.marketplace.checking}</p>
        </div>
      ) : (
        <Result
          kind="error"
          title={t.marketplace.failedTitle}
          text={check.message}
          testId="aws-token-failed"
          actions={
            <Button variant="primary" onClick={() => setAttempt((n) => n + 1)}>
              {t.marketplace.retry}
            </Button>
          }
        />
      )}
    </PublicLayout>
  );
}
