/** GET /api/portal/billing/remittance/info (administrators): the bank account to transfer to. */
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const remittanceInfoEndpoint = endpoint('remittanceInfo', 'GET', '/api/portal/billing/remittance/info');

export function useRemittanceInfo(isEnabled = true) {
  return useQuery({
    queryKey: billingKeys.remittanceInfo,
    // The page shows a failure itself (4108: no receiving bank account on this installation).
    queryFn: ({ signal }) => callApi(remittanceInfoEndpoint, { signal, hints: false }),
    enabled: isEnabled,
  });
}
