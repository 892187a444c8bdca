/** GET /api/portal/user/getPwdErrorTimes: consecutive wrong passwords and the lock (public). */

import type { TRouteData } from '@console/contract';
import { callApi, endpoint } from '@/lib/api-client';

const getPwdErrorTimesEndpoint = endpoint('getPwdErrorTimes', 'GET', '/api/portal/user/getPwdErrorTimes');

export type TPwdErrorTimes = TRouteData<'getPwdErrorTimes'>;

export function getPwdErrorTimes(accountDisplayName: string, username: string): Promise<TPwdErrorTimes> {
  return callApi(getPwdErrorTimesEndpoint, {
    query: { accountDisplayName, username },
    hints: false,
  });
}
