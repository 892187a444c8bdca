/**
 * Active sessions (issue 22): the signed-in user's own (`/api/portal/user/sessions…`) and, for
 * administrators, a user's (`/api/portal/user/userSessions…`).
 */
import type { TRouteData } from '@console/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

const listMine = endpoint('listMySessions', 'GET', '/api/portal/user/sessions');
const endMine = endpoint('endMySession', 'POST', '/api/portal/user/sessions/end');
const endMyOthers = endpoint('endMyOtherSessions', 'POST', '/api/portal/user/sessions/endOthers');
const listUsers = endpoint('listUserSessions', 'GET', '/api/portal/user/userSessions');
const endUsers = endpoint('endUserSessions', 'POST', '/api/portal/user/userSessions/end');

export type TSession = TRouteData<'listMySessions'>['list'][number];

/** Whose sessions: the signed-in user's, or a user's that an administrator manages. */
export type TSessionOwner = { kind: 'mine' } | { kind: 'user'; userId: number; username: string };

export const sessionKeys = {
  all: ['sessions'] as const,
  of: (owner: TSessionOwner) => ['sessions', owner.kind === 'mine' ? 'mine' : owner.userId] as const,
};

export function useSessions(owner: TSessionOwner) {
  return useQuery({
    queryKey: sessionKeys.of(owner),
    queryFn: ({ signal }) =>
      owner.kind === 'mine'
        ? callApi(listMine, { signal })
        : callApi(listUsers, { signal, query: { userId: owner.userId } }),
    select: (data) => data.list,
    staleTime: 0,
  });
}

/** Ends one session (`id`), or all but the current one (mine) / all (a user's) without `id`. */
export function endSessions(owner: TSessionOwner, id?: number): Promise<{ count: number }> {
  if (owner.kind === 'mine') {
    return id === undefined ? callApi(endMyOthers) : callApi(endMine, { body: { id } });
  }
  return callApi(endUsers, {
    body: id === undefined ? { userId: owner.userId } : { userId: owner.userId, id },
  });
}

export function useEndSessions(owner: TSessionOwner) {
  return useMutation({
    mutationFn: (id?: number) => endSessions(owner, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.of(owner) }),
  });
}
