/**
 * GET /api/portal/user/checkTenantAdmin: whether the signed-in user holds the account
 * administrator role, a user-role lookup made afresh rather than read from the session's user.
 * The account center shows the password policy's Edit button on it (spec section 6).
 */
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { accountKeys } from './query-keys';

const checkTenantAdminEndpoint = endpoint('checkTenantAdmin', 'GET', '/api/portal/user/checkTenantAdmin');

export function useIsTenantAdmin() {
  return useQuery({
    queryKey: accountKeys.tenantAdmin,
    queryFn: ({ signal }) => callApi(checkTenantAdminEndpoint, { signal }),
    select: (data) => data.isTenantAdmin,
    staleTime: 0,
  });
}
