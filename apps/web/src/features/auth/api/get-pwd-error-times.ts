/** GET /api/portal/user/getPwdErrorTimes: consecutive wrong passwords and the lock (public). */
import type { TRouteData } from '@console/contract';
import { callApi } from '@/lib/api-client';

export type TPwdErrorTimes = TRouteData<'getPwdErrorTimes'>;

export function getPwdErrorTimes(accountDisplayName: string, username: string): Promise<TPwdErrorTimes> {
  return callApi('getPwdErrorTimes', {
    query: { accountDisplayName, username },
    hints: false,
    redirectOn401: false,
  });
}
