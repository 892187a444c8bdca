/**
 * POST /api/portal/account/createAccount, or /createAwsMktAccount from a cloud-marketplace
 * subscription: registers the account (a 30-day trial) and its first user as administrator, after
 * the verified REGISTER_FORM code (headers `authCodeToken`, `authCodeType`) and the image captcha
 * (`captchaId`, `captcheCode`). Answers the account with the key of its questionnaire.
 */

import type { TCreateAccountRequest, TCreateAwsMktAccountRequest, TRouteData } from '@console/contract';
import { authCodeTokenHeaders, type TCheckResult } from '@/api/check-auth-code';
import { callApi, endpoint } from '@/lib/api-client';

const createAccountEndpoint = endpoint('createAccount', 'POST', '/api/portal/account/createAccount');
const createAwsMktAccountEndpoint = endpoint(
  'createAwsMktAccount',
  'POST',
  '/api/portal/account/createAwsMktAccount',
);

export type TCreatedAccount = TRouteData<'createAccount'>;

export type TMarketplace = Pick<
  TCreateAwsMktAccountRequest,
  'awsMktToken' | 'awsMktOfferType' | 'awsCustomerId'
>;

export function createAccount(
  body: TCreateAccountRequest,
  proof: TCheckResult,
  marketplace?: TMarketplace | null,
): Promise<TCreatedAccount> {
  const headers = { ...authCodeTokenHeaders(proof), authmethod: 'REGISTER_FORM' as const };
  const options = { headers, hints: false };
  return marketplace
    ? callApi(createAwsMktAccountEndpoint, { ...options, body: { ...body, ...marketplace } })
    : callApi(createAccountEndpoint, { ...options, body });
}
