/** POST /api/portal/account/activate (administrators): an activation code or a cloud-marketplace code. */

import type { TRouteData } from '@console/contract';
import { sessionKeys } from '@/api/query-keys';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountKeys } from './query-keys';

const activateAccountEndpoint = endpoint('activateAccount', 'POST', '/api/portal/account/activate');

export async function activateAccount(code: string): Promise<TRouteData<'activateAccount'>> {
  const result = await callApi(activateAccountEndpoint, { body: { code }, hints: false });
  void queryClient.invalidateQueries({ queryKey: accountKeys.center });
  void queryClient.invalidateQueries({ queryKey: sessionKeys.accountDetail });
  return result;
}
