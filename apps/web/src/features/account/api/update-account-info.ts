/** POST /api/portal/account/updateAccountInfo (administrators): the company name. */

import type { TRouteBody, TRouteData } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { sessionKeys } from '@/api/query-keys';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { accountKeys } from './query-keys';

const updateAccountInfoEndpoint = endpoint(
  'updateAccountInfo',
  'POST',
  '/api/portal/account/updateAccountInfo',
);

export function updateAccountInfo(
  body: TRouteBody<'updateAccountInfo'>,
): Promise<TRouteData<'updateAccountInfo'>> {
  return callApi(updateAccountInfoEndpoint, { body, hints: false });
}

export function useUpdateAccountInfo(options: { onSaved?: () => void } = {}) {
  return useMutation({
    mutationFn: updateAccountInfo,
    onSuccess: (center) => {
      queryClient.setQueryData(accountKeys.center, center);
      // The account's detail carries the company too (the upgrade form fills it in).
      void queryClient.invalidateQueries({ queryKey: sessionKeys.accountDetail });
      options.onSaved?.();
    },
  });
}
