/**
 * GET /api/portal/sso/account/suite?accountName= (spec section 3 "SSO info"): whether the account
 * signs in through single sign-on, whether its administrators may still use the password, where
 * the SSO sign-in starts, and the third-party sign-ins it allows. Called with hints off: a failed
 * lookup simply leaves the password form.
 */
import type { TSsoSuite } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const ssoAccountSuiteEndpoint = endpoint('ssoAccountSuite', 'GET', '/api/portal/sso/account/suite');

export type { TSsoSuite };

export function getSsoSuite(accountName: string): Promise<TSsoSuite> {
  return callApi(ssoAccountSuiteEndpoint, { query: { accountName }, hints: false });
}
