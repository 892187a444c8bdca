/** `GET /api/ops/support/users/detail`: one user's account, status, factors, sessions, invitation. */
import { ErrorCode } from '@console/contract/codes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callOps } from '@/ops/lib/ops-api';
import { supportUsersKey } from './search-users';

export const supportUserKey = (userId: number) => [...supportUsersKey, 'detail', userId] as const;

export function userQuery(userId: number) {
  return queryOptions({
    queryKey: supportUserKey(userId),
    // An unknown id is the page's to say (4320), not a message.
    queryFn: ({ signal }) =>
      callOps('opsSupportGetUser', {
        query: { userId },
        signal,
        quietCodes: [ErrorCode.opsSupportUserNotFound],
      }),
    retry: false,
  });
}

export function useSupportUser(userId: number) {
  return useQuery(userQuery(userId));
}
