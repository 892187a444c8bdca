/**
 * The workbench's data in one call: the overview answer is filed under each card's own query key
 * (the same key and data as the card's own call), so that the cards of the services, billing,
 * users and login protection features open without a call of their own, and every later screen
 * that reads the same key (the login protection dialog, the user list's count) shares the entry.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import { sessionKeys } from '@/api/query-keys';
import { billingKeys } from '@/features/billing/api/query-keys';
import { mfaKeys } from '@/features/mfa/api/query-keys';
import { serviceKeys } from '@/features/services/api/query-keys';
import { userKeys } from '@/features/users/api/users-api';
import {
  getWorkbenchOverview,
  type TWorkbenchOverview,
  workbenchKeys,
} from '@/features/workbench/api/get-workbench-overview';

/** The requests of the cards whose answers the overview carries (their query keys). */
export const workbenchCardRequests = {
  regularUsers: { pageNo: 1, pageSize: 1, kind: 'regular' },
  serviceUsers: { pageNo: 1, pageSize: 1, kind: 'service' },
  consumption: { range: 'last30Days' },
} as const;

/** Files each part of the overview under its card's query key (parts that are null are skipped). */
export function fileWorkbenchOverview(client: QueryClient, overview: TWorkbenchOverview): void {
  const put = (key: readonly unknown[], data: unknown) => {
    if (data !== null && data !== undefined) client.setQueryData(key, data);
  };
  put(serviceKeys.services, overview.services);
  put(serviceKeys.accountInstances, overview.instances);
  put(sessionKeys.mfaStatus, overview.mfaStatus);
  put(mfaKeys.policy, overview.mfaPolicy);
  put(userKeys.list({ ...workbenchCardRequests.regularUsers }), overview.users?.regular);
  put(userKeys.list({ ...workbenchCardRequests.serviceUsers }), overview.users?.service);
  put(billingKeys.count({ ...workbenchCardRequests.consumption }), overview.consumption);
  put(billingKeys.funds, overview.funds);
}

export function workbenchOverviewQueryOptions(client: QueryClient) {
  return queryOptions({
    queryKey: workbenchKeys.overview,
    queryFn: async ({ signal }) => {
      const overview = await getWorkbenchOverview(signal);
      fileWorkbenchOverview(client, overview);
      return overview;
    },
  });
}
