/** POST /api/portal/billing/alert/update (administrators): saves the balance alert settings. */
import type { TRouteBody } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { billingKeys } from './query-keys';

const updateAlertEndpoint = endpoint('updateAlert', 'POST', '/api/portal/billing/alert/update');

export type TUpdateAlertBody = NonNullable<TRouteBody<'updateAlert'>>;

export function updateAlert(body: TUpdateAlertBody) {
  return callApi(updateAlertEndpoint, { body });
}

export function useUpdateAlert(options: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: updateAlert,
    onSuccess: (config) => {
      queryClient.setQueryData(billingKeys.alert, config);
      options.onDone?.();
    },
  });
}
