/**
 * GET /api/portal/billing/getAccount (administrators): cash balance, outstanding amount, vouchers
 * in effect, arrears and pause, invoice types. Not fetched on-premise (spec section 7).
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { billingKeys } from './query-keys';

const getFundsAccountEndpoint = endpoint('getFundsAccount', 'GET', '/api/portal/billing/getAccount');

export type TFundsAccountData = TRouteData<'getFundsAccount'>;

export function useFundsAccount(isEnabled = true) {
  return useQuery({
    queryKey: billingKeys.funds,
    queryFn: ({ signal }) => callApi(getFundsAccountEndpoint, { signal }),
    enabled: isEnabled,
  });
}

/** After money came in: the funds, the transactions and the vouchers. */
export async function refreshFunds(): Promise<void> {
  await Promise.all(
    [billingKeys.funds, ['billing', 'transactions'], ['billing', 'remittances']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
