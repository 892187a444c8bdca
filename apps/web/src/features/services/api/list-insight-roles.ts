/** GET /api/portal/insight/user/roles: Insight's own user roles, one of them the default. */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { serviceKeys } from './query-keys';

const insightUserRolesEndpoint = endpoint('insightUserRoles', 'GET', '/api/portal/insight/user/roles');

export type TInsightRoleItem = TRouteData<'insightUserRoles'>[number];

export function useInsightRoles(isEnabled = true) {
  return useQuery({
    queryKey: serviceKeys.insightRoles,
    queryFn: ({ signal }) => callApi(insightUserRolesEndpoint, { signal }),
    enabled: isEnabled,
  });
}
