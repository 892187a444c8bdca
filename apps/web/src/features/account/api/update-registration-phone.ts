/**
 * POST /api/portal/account/updateAccount (administrators): the registration phone, with the
 * checkToken of an EDIT_PHONE code sent to the new number (`authCodeToken`, `authCodeType`).
 */

import type { TRouteBody, TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountKeys } from './query-keys';

const updateAccountEndpoint = endpoint('updateAccount', 'POST', '/api/portal/account/updateAccount');

export async function updateRegistrationPhone(
  body: TRouteBody<'updateAccount'>,
  checkToken: string,
): Promise<TRouteData<'updateAccount'>> {
  const center = await callApi(updateAccountEndpoint, {
    body,
    headers: { authcodetoken: checkToken, authcodetype: 'SMS' },
    hints: false,
  });
  queryClient.setQueryData(accountKeys.center, center);
  return center;
}
