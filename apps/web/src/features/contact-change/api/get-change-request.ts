/**
 * GET /api/portal/user/getUserUpdateInfoByConfirmToken?token=… (hints off): the change request
 * behind a confirmation link (user name, operator, the new e-mail and phone, null when unchanged,
 * and when it was sent). 4032: the link is unknown, used, revoked or expired.
 */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getUserUpdateInfoByConfirmTokenEndpoint = endpoint(
  'getUserUpdateInfoByConfirmToken',
  'GET',
  '/api/portal/user/getUserUpdateInfoByConfirmToken',
);

export type TChangeRequest = TRouteData<'getUserUpdateInfoByConfirmToken'>;

export function getChangeRequest(token: string): Promise<TChangeRequest> {
  return callApi(getUserUpdateInfoByConfirmTokenEndpoint, {
    query: { token },
    hints: false,
  });
}
