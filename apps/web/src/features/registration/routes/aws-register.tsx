/**
 * /aws-register?token=…&offerType=… (spec sections 2 and 8): the registration from a cloud-marketplace
 * subscription. The token is AWS Marketplace's, or the reference the registration URL gave for the
 * one AWS posted (the server holds it). Without a token: the token-missing page; a token the server
 * refuses: the token-invalid (4029), token-expired (4210) or already-registered (4212) page; the
 * marketplace unable to answer now (4211): try again; else the registration steps, with the token
 * and offer type sent along.
 */
import { ErrorCode } from '@console/contract/codes';
import { useState } from 'react';
import { LinkChecking, LinkResult } from '@/components/public-layout/link-result';
import { PublicLayout } from '@/components/public-layout/public-layout';
import { notConfiguredText } from '@/lib/adapters';
import { getPhrases } from '@/lib/phrases';
import { useLinkRead } from '@/lib/use-link-read';
import { checkAwsMktToken } from '../api/check-aws-mkt-token';
import { RegisterFlow } from '../components/register-flow';
import '../registration.css';

/** The link's own refusals (and a token the server cannot read); anything else may be tried again. */
const refusals: readonly number[] = [
  ErrorCode.marketplaceTokenInvalid,
  ErrorCode.marketplaceTokenExpired,
  ErrorCode.marketplaceAccountRegistered,
  ErrorCode.badRequest,
];

type TProblem = 'missing' | 'invalid' | 'expired' | 'registered' | 'unavailable';

function problemOf(code: number | undefined): TProblem {
  if (code === ErrorCode.marketplaceTokenExpired) return 'expired';
  if (code === ErrorCode.marketplaceAccountRegistered) return 'registered';
  return 'invalid';
}

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

function TokenProblem({ kind, message }: { kind: TProblem; message?: string | null }) {
  const t = getPhrases('register');
  const c = getPhrases('common');
  const titles: Record<TProblem, string> = {
    missing: t.marketplace.missingTitle,
    invalid: t.marketplace.invalidTitle,
    expired: t.marketplace.expiredTitle,
    registered: t.marketplace.registeredTitle,
    unavailable: t.marketplace.unavailableTitle,
  };
  const title = titles[kind];
  return (
    <PublicLayout pageTitle={title} testId="aws-register-page">
      <LinkResult
        kind={kind === 'missing' || kind === 'unavailable' ? 'warning' : 'error'}
        title={title}
        text={message || (kind === 'missing' ? t.marketplace.missingText : t.marketplace.invalidText)}
        testId={`aws-token-${kind}`}
        login={{ label: c.backToLogin, testId: 'aws-back-login', isPrimary: true }}
      />
    </PublicLayout>
  );
}

function MarketplaceRegistration({ token, offerType }: { token: string; offerType: string | null }) {
  const t = getPhrases('register');
  const check = useLinkRead(
    token,
    (link) => checkAwsMktToken(link, offerType),
    refusals,
    getPhrases('common'),
  );
  const { state } = check;

  if (state.status === 'refused')
    return <TokenProblem kind={problemOf(state.code ?? undefined)} message={state.message} />;
  if (state.status === 'ready')
    return (
      <RegisterFlow
        marketplace={{
          awsMktToken: token,
          awsMktOfferType: state.value.offerType ?? offerType,
          awsCustomerId: state.value.customerId,
        }}
      />
    );
  return (
    <PublicLayout pageTitle={t.pageTitle} testId="aws-register-page">
      {state.status === 'loading' ? (
        <LinkChecking text={t.marketplace.checking} testId="aws-token-checking" />
      ) : (
        <LinkResult
          kind="error"
          title={t.marketplace.failedTitle}
          text={state.message}
          testId="aws-token-failed"
          retry={{ label: t.marketplace.retry, onRetry: check.retry }}
        />
      )}
    </PublicLayout>
  );
}
