/**
 * GET /api/portal/insight/user/list (administrators): every user of the account with its Insight
 * status, in one page (pageNo 0, pageSize 9999, as the spec asks), e-mail addresses masked as the
 * user list masks them. A search goes to the server, which matches the whole stored address as
 * well as the names; the previous answer stays on screen while it is asked. While a user is being
 * enabled or disabled (0 or 3) the list refetches every 2 s until all settle.
 */
import type { TRouteData } from '@console/contract';
import { ServiceLimits } from '@console/contract/service-enums';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { insightUsersRefetchInterval } from '../lib/live-refetch';
import { serviceKeys } from './query-keys';

const insightUserListEndpoint = endpoint('insightUserList', 'GET', '/api/portal/insight/user/list');

export type TInsightUserList = TRouteData<'insightUserList'>;
export type TInsightUserRow = TInsightUserList['list'][number];

export function useInsightUsers(isEnabled = true, keyword = '') {
  const search = keyword.trim();
  return useQuery({
    queryKey: search ? [...serviceKeys.insightUsers, search] : serviceKeys.insightUsers,
    queryFn: ({ signal }) =>
      callApi(insightUserListEndpoint, {
        query: {
          pageNo: 0,
          pageSize: ServiceLimits.insightPageSizeMax,
          ...(search ? { keyword: search } : {}),
        },
        signal,
        hints: false,
      }),
    enabled: isEnabled,
    placeholderData: search ? keepPreviousData : undefined,
    refetchInterval: (query) => insightUsersRefetchInterval(query.state.data?.list),
  });
}

/** After enabling or disabling: the users, the counts and the sync status. */
export function refreshInsight(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: serviceKeys.insight });
}
