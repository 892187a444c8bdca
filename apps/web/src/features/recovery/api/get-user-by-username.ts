/**
 * POST /api/portal/user/getUserByUsername: the reset lookup. Where a FIND_PASSWORD code can go
 * (masked phone and e-mail) and the `lookupId` that addresses it; names that do not exist get
 * consistent decoys, so the answer never tells whether they exist.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getUserByUsernameEndpoint = endpoint('getUserByUsername', 'POST', '/api/portal/user/getUserByUsername');

export type TResetLookup = TRouteData<'getUserByUsername'>;

export function getUserByUsername(accountName: string, username: string): Promise<TResetLookup> {
  return callApi(getUserByUsernameEndpoint, {
    body: { accountName, username },
    hints: false,
    redirectOn401: false,
  });
}
