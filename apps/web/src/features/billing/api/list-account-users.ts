/**
 * POST /api/portal/user/userList (administrators): the account's people (not service users), the
 * possible recipients of balance alerts. One page of the most the API gives.
 */
import { Limits } from '@console/contract/limits';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const userListEndpoint = endpoint('userList', 'POST', '/api/portal/user/userList');

export function useAccountUsers() {
  return useQuery({
    queryKey: billingKeys.users,
    queryFn: async ({ signal }) => {
      const page = await callApi(userListEndpoint, {
        body: { pageNo: 1, pageSize: Limits.pageSizeMax, kind: 'regular' },
        signal,
      });
      return page.list;
    },
  });
}
