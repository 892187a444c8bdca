/**
 * GET /api/portal/password/policy/get: the password policy (`requiredCharTypes`, `minLength`,
 * `expireDays`) of the session's account, or of the account named by `accountName` without a
 * session (an unknown name answers the default policy). A plain fetcher: the light pages use it
 * too; the console's query lives with the account feature.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint, type TRequestOptions } from '@/lib/api-client';

const getPasswordPolicyEndpoint = endpoint('getPasswordPolicy', 'GET', '/api/portal/password/policy/get');

export type TPasswordPolicy = TRouteData<'getPasswordPolicy'>;

type TOptions = Pick<TRequestOptions, 'hints' | 'signal'>;

export function getPasswordPolicy(
  query: { accountName?: string } = {},
  options: TOptions = {},
): Promise<TPasswordPolicy> {
  return callApi(getPasswordPolicyEndpoint, { query, ...options });
}
