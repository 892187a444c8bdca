/**
 * GET /api/portal/account/getAccountInstanceList: the account's live instances, read by the mobile
 * login after its sign-in (a plain fetcher, no hint and no redirect on failure).
 */
import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const accountInstanceListEndpoint = endpoint(
  'getAccountInstanceList',
  'GET',
  '/api/portal/account/getAccountInstanceList',
);

export type TAccountInstance = TRouteData<'getAccountInstanceList'>[number];

export function listAccountInstances(): Promise<TAccountInstance[]> {
  return callApi(accountInstanceListEndpoint, { hints: false });
}
