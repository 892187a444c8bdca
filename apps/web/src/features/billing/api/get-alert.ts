/** GET /api/portal/billing/alert/get (administrators): the balance alert settings. */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const getAlertEndpoint = endpoint('getAlert', 'GET', '/api/portal/billing/alert/get');

export type TAlertConfigData = TRouteData<'getAlert'>;

export function useAlertConfig() {
  return useQuery({
    queryKey: billingKeys.alert,
    queryFn: ({ signal }) => callApi(getAlertEndpoint, { signal }),
  });
}
