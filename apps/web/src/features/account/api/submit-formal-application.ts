/**
 * POST /api/portal/account/formal/application (administrators): upgrade to the enterprise
 * edition. Afterwards the header shows "application in progress" (account detail refetched).
 */

import type { TRouteBody, TRouteData } from '@console/contract';
import { sessionKeys } from '@/api/query-keys';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountKeys } from './query-keys';

const formalApplicationEndpoint = endpoint(
  'formalApplication',
  'POST',
  '/api/portal/account/formal/application',
);

export async function submitFormalApplication(
  body: TRouteBody<'formalApplication'>,
): Promise<TRouteData<'formalApplication'>> {
  const result = await callApi(formalApplicationEndpoint, { body, hints: false });
  void queryClient.invalidateQueries({ queryKey: accountKeys.center });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.accountDetail });
  return result;
}
