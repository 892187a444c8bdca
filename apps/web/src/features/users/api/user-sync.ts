/**
 * GET /api/portal/user/checkUserSyncStatus?ids=…: the sync state of a page of users in one call,
 * asked again while a row is syncing (with back-off, see `syncRefetchInterval`), and
 * POST /api/portal/user/retryUserSync: queues a failed synchronisation again.
 */
import type { TUserSyncState } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { syncRefetchInterval } from '../lib/sync-state';
import { userKeys } from './users-api';

const checkUserSyncStatusEndpoint = endpoint(
  'checkUserSyncStatus',
  'GET',
  '/api/portal/user/checkUserSyncStatus',
);
const retryUserSyncEndpoint = endpoint('retryUserSync', 'POST', '/api/portal/user/retryUserSync');

const syncKey = (ids: readonly number[]) => [...userKeys.all, 'sync', ids] as const;

export type TSyncStates = {
  /** The state of a user of the page, once known. */
  of: (id: number) => TUserSyncState | undefined;
  /** Whether the row was changed on this page, or seen syncing or failed, since the page opened. */
  wasBusy: (id: number) => boolean;
  /** Records users changed on this page: their result shows once the instances have applied it. */
  markChanged: (ids: readonly number[]) => void;
};

/** The sync states of the users of a page; asked again while one is syncing, stops once all settle. */
export function useUserSyncStates(ids: readonly number[]): TSyncStates {
  const polls = useRef(0);
  const [busy] = useState(() => new Set<number>());
  const query = useQuery({
    queryKey: syncKey(ids),
    enabled: ids.length > 0,
    queryFn: async ({ signal }) => {
      const data = await callApi(checkUserSyncStatusEndpoint, {
        query: { ids: ids.join(',') } as never,
        signal,
        hints: false,
      });
      for (const user of data.users) if (user.status !== 'synced') busy.add(user.id);
      polls.current = data.users.some((u) => u.status === 'syncing') ? polls.current + 1 : 0;
      return data;
    },
    refetchInterval: (q) => syncRefetchInterval(q.state.data?.users, polls.current - 1),
  });
  const states = new Map((query.data?.users ?? []).map((u) => [u.id, u.status]));
  return {
    of: (id) => states.get(id),
    wasBusy: (id) => busy.has(id),
    markChanged: (changed) => {
      for (const id of changed) busy.add(id);
    },
  };
}

export async function retryUserSync(ids: number[]) {
  const result = await callApi(retryUserSyncEndpoint, { body: { ids } });
  await queryClient.invalidateQueries({ queryKey: [...userKeys.all, 'sync'] });
  return result;
}
