/**
 * The user-management calls (administrators): the paged user list, adding, editing, enabling and
 * disabling, deleting and recovering users, resetting a password, inline checks, what a user owns,
 * and the administrator role. Mutations refetch the list.
 */

import type { TRouteBody, TRouteData } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint, isApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const addManagedUserEndpoint = endpoint('addManagedUser', 'POST', '/api/portal/user/addManagedUser');
const addUserEndpoint = endpoint('addUser', 'POST', '/api/portal/user/addUser');
const checkPropertiesEndpoint = endpoint('checkProperties', 'POST', '/api/portal/user/checkProperties');
const deleteManagedUserEndpoint = endpoint('deleteManagedUser', 'POST', '/api/portal/user/deleteManagedUser');
const deleteRoleForUserEndpoint = endpoint('deleteRoleForUser', 'POST', '/api/portal/role/deleteRoleForUser');
const deleteUserEndpoint = endpoint('deleteUser', 'POST', '/api/portal/user/deleteUser');
const fetchUserEndpoint = endpoint('fetchUser', 'GET', '/api/portal/user/fetchUser');
const getPasswordPolicyEndpoint = endpoint('getPasswordPolicy', 'GET', '/api/portal/password/policy/get');
const grantRoleForUserEndpoint = endpoint('grantRoleForUser', 'POST', '/api/portal/role/grantRoleForUser');
const recoverManagedUserEndpoint = endpoint(
  'recoverManagedUser',
  'POST',
  '/api/portal/user/recoverManagedUser',
);
const recoverUserEndpoint = endpoint('recoverUser', 'POST', '/api/portal/user/recoverUser');
const resetManagedUserPasswordEndpoint = endpoint(
  'resetManagedUserPassword',
  'POST',
  '/api/portal/user/resetManagedUserPassword',
);
const revokePendingChangeEndpoint = endpoint(
  'revokePendingChange',
  'POST',
  '/api/portal/user/revokePendingChange',
);
const roleListEndpoint = endpoint('roleList', 'POST', '/api/portal/role/roleList');
const updateUserEndpoint = endpoint('updateUser', 'POST', '/api/portal/user/updateUser');
const updateUserStatusEndpoint = endpoint('updateUserStatus', 'POST', '/api/portal/user/updateUserStatus');
const userListEndpoint = endpoint('userList', 'POST', '/api/portal/user/userList');
const userOwnedResourcesEndpoint = endpoint('userOwnedResources', 'GET', '/api/portal/user/ownedResources');

export type TUserList = TRouteData<'userList'>;
export type TUserRow = TUserList['list'][number];
export type TUserListParams = NonNullable<TRouteBody<'userList'>>;

export const userKeys = {
  all: ['users'] as const,
  list: (params: TUserListParams) => ['users', 'list', params] as const,
  roles: ['users', 'roles'] as const,
  policy: ['users', 'policy'] as const,
};

export function useUserList(params: TUserListParams) {
  return useQuery({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => callApi(userListEndpoint, { body: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The account's roles; only 4037 (not an administrator) is ignored silently, as an empty list
 * (spec section 8): other failures show their notification and fail the query.
 */
export function useRoleList() {
  return useQuery({
    queryKey: userKeys.roles,
    queryFn: async ({ signal }) => {
      try {
        return await callApi(roleListEndpoint, { body: {}, signal, quietCodes: [ErrorCode.notAccountAdmin] });
      } catch (error) {
        if (isApiError(error, ErrorCode.notAccountAdmin)) return [];
        throw error;
      }
    },
  });
}

export function usePolicy() {
  return useQuery({
    queryKey: userKeys.policy,
    queryFn: ({ signal }) => callApi(getPasswordPolicyEndpoint, { signal }),
  });
}

export const refreshUsers = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

/** One call per kind of user of a selection (each family of calls acts on its own kind). */
async function byKind(
  users: readonly TUserRow[],
  run: (ids: number[], isService: boolean) => Promise<{ count: number }>,
): Promise<{ count: number }> {
  let count = 0;
  for (const isService of [false, true]) {
    const ids = users.filter((u) => (u.kind === 'service') === isService).map((u) => u.id);
    if (ids.length > 0) count += (await run(ids, isService)).count;
  }
  return { count };
}

export const usersApi = {
  addUser: (body: TRouteBody<'addUser'>) => callApi(addUserEndpoint, { body, hints: false }),
  addManagedUser: (body: TRouteBody<'addManagedUser'>) =>
    callApi(addManagedUserEndpoint, { body, hints: false }),
  updateUser: (body: TRouteBody<'updateUser'>) => callApi(updateUserEndpoint, { body, hints: false }),
  fetchUser: (id: number) => callApi(fetchUserEndpoint, { query: { id } }),
  setStatus: (ids: number[], enable: boolean) =>
    callApi(updateUserStatusEndpoint, { body: { ids, status: enable ? 1 : 0 } }),
  /** Regular users through deleteUser, service users through deleteManagedUser (decision 0020). */
  remove: (users: readonly TUserRow[], force: boolean) =>
    byKind(users, (ids, isService) =>
      callApi(isService ? deleteManagedUserEndpoint : deleteUserEndpoint, { body: { ids, force } }),
    ),
  recover: (users: readonly TUserRow[]) =>
    byKind(users, (ids, isService) =>
      callApi(isService ? recoverManagedUserEndpoint : recoverUserEndpoint, { body: { ids } }),
    ),
  /** A service user's password; a regular user's goes through resetPassword with an identity check. */
  resetServicePassword: (id: number, password: string) =>
    callApi(resetManagedUserPasswordEndpoint, { body: { id, password }, hints: false }),
  checkProperties: (body: TRouteBody<'checkProperties'>) =>
    callApi(checkPropertiesEndpoint, { body, hints: false }),
  owned: (ids: number[]) => callApi(userOwnedResourcesEndpoint, { query: { ids: ids.join(',') } as never }),
  grantRole: (userId: number, roleId: number) =>
    callApi(grantRoleForUserEndpoint, { body: { userId, roleId } }),
  removeRole: (userId: number, roleId: number) =>
    callApi(deleteRoleForUserEndpoint, { body: { userId, roleId } }),
  revokePending: (id: number) => callApi(revokePendingChangeEndpoint, { body: { id } }),
};
