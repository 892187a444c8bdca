/**
 * The roles view's calls (administrators, spec section 7 "Role"): a role with the resources it
 * grants (`roleDetail`), its holders page by page (`roleUserList`), the users who could be granted
 * it (the user list, searched), and granting or removing it (`grantRoleForUser`,
 * `deleteRoleForUser`; the last administrator keeps the administrator role). The role list itself
 * is `useRoleList` of users-api.ts. Every change refetches the users, the roles and their holders.
 */
import type { TRouteData } from '@console/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshUsers, type TUserRow, userKeys, usersApi } from './users-api';

const roleDetailEndpoint = endpoint('roleDetail', 'POST', '/api/portal/role/roleDetail');
const roleUserListEndpoint = endpoint('roleUserList', 'POST', '/api/portal/role/roleUserList');
const userListEndpoint = endpoint('userList', 'POST', '/api/portal/user/userList');

export type TRoleDetail = TRouteData<'roleDetail'>;
export type TRoleHolder = TRouteData<'roleUserList'>['list'][number];

/** Holders shown per page of the drawer. */
export const roleHoldersPageSize = 10;

export const roleKeys = {
  detail: (roleId: number) => [...userKeys.roles, 'detail', roleId] as const,
  holders: (roleId: number, pageNo: number) => [...userKeys.roles, 'holders', roleId, pageNo] as const,
  candidates: (keyword: string) => [...userKeys.roles, 'candidates', keyword] as const,
};

export function useRoleDetail(roleId: number) {
  return useQuery({
    queryKey: roleKeys.detail(roleId),
    queryFn: ({ signal }) => callApi(roleDetailEndpoint, { body: { roleId }, signal }),
  });
}

export function useRoleHolders(roleId: number, pageNo: number) {
  return useQuery({
    queryKey: roleKeys.holders(roleId, pageNo),
    queryFn: ({ signal }) =>
      callApi(roleUserListEndpoint, { body: { roleId, pageNo, pageSize: roleHoldersPageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Who may be granted the role: regular users, not deleted, not holding it yet. */
export function canHoldRole(user: TUserRow, holderIds: ReadonlySet<number>, isAdminRole: boolean): boolean {
  if (user.kind !== 'regular' || user.status === 'deleted') return false;
  if (isAdminRole && user.isAdmin) return false;
  return !holderIds.has(user.id);
}

/** The first users matching `keyword` (username, display name, phone or e-mail), for the grant picker. */
export function useGrantCandidates(keyword: string, isEnabled: boolean) {
  return useQuery({
    queryKey: roleKeys.candidates(keyword),
    queryFn: ({ signal }) =>
      callApi(userListEndpoint, {
        body: { pageNo: 1, pageSize: 20, ...(keyword ? { keyword } : {}) },
        signal,
      }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** Grants (`grant: true`) or removes a role; failures (4150: the last administrator keeps the role) show their toast. */
export function useChangeRole(options: { onDone: (grant: boolean) => void }) {
  return useMutation({
    mutationFn: ({ userId, roleId, grant }: { userId: number; roleId: number; grant: boolean }) =>
      grant ? usersApi.grantRole(userId, roleId) : usersApi.removeRole(userId, roleId),
    onSuccess: (_data, { grant }) => options.onDone(grant),
    onSettled: () => refreshUsers(),
  });
}
