/**
 * POST /api/portal/account/findAccount: every account registered with a phone number or e-mail
 * address whose FIND_ACCOUNT_FORM code was verified (headers `authCodeToken`, `authCodeType`,
 * `authMethod`). May be empty.
 */

import type { TFindAccountRequest, TRouteData } from '@console/contract';
import type { TCheckResult } from '@/api/check-auth-code';
import { callApi, endpoint } from '@/lib/api-client';
import { proofHeaders } from '../lib/contact';

const findAccountEndpoint = endpoint('findAccount', 'POST', '/api/portal/account/findAccount');

export type TFoundAccounts = TRouteData<'findAccount'>;

export function findAccount(body: TFindAccountRequest, proof: TCheckResult): Promise<TFoundAccounts> {
  return callApi(findAccountEndpoint, {
    body,
    headers: proofHeaders(proof, 'FIND_ACCOUNT_FORM'),
    hints: false,
  });
}
