/** `GET /api/ops/support/users`: users of every account matching a text, paged. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callOps } from '@/ops/lib/ops-api';

export const supportUsersKey = ['ops', 'support', 'users'] as const;

export function searchUsersQuery(q: string, pageNo: number, pageSize: number) {
  return queryOptions({
    queryKey: [...supportUsersKey, 'search', q, pageNo, pageSize],
    queryFn: ({ signal }) => callOps('opsSupportSearchUsers', { query: { q, pageNo, pageSize }, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });
}

export function useSearchUsers(q: string, pageNo: number, pageSize: number) {
  return useQuery(searchUsersQuery(q, pageNo, pageSize));
}
