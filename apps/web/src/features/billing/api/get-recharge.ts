/**
 * GET /api/portal/billing/recharge/{rechargeId} (administrators): a top-up order and its status;
 * asked every 2 s while the QR code waits for the payment. When it is paid, the funds refresh.
 */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { buildPath } from '@/config/console-paths';
import { endpoint, request } from '@/lib/api-client';
import { rechargeRefetchInterval } from '../lib/recharge-polling';
import { refreshFunds } from './get-funds-account';
import { billingKeys } from './query-keys';

const getRechargeEndpoint = endpoint('getRecharge', 'GET', '/api/portal/billing/recharge/:rechargeId');

export type TRechargeOrder = TRouteData<'getRecharge'>;

/** An order as polled, with the moment it was seen paid: funds fetched after it include the credit. */
export type TPolledRecharge = TRechargeOrder & { seenPaidAt: number | null };

export function getRecharge(rechargeId: string, signal?: AbortSignal): Promise<TRechargeOrder> {
  const path = buildPath(getRechargeEndpoint.path, { rechargeId });
  return request<TRechargeOrder>(getRechargeEndpoint.method, path, { signal, hints: false });
}

export function useRecharge(rechargeId: string | null) {
  return useQuery({
    queryKey: billingKeys.recharge(rechargeId ?? ''),
    queryFn: async ({ signal }): Promise<TPolledRecharge> => {
      const recharge = await getRecharge(rechargeId ?? '', signal);
      if (recharge.status !== 'paid') return { ...recharge, seenPaidAt: null };
      const seenPaidAt = Date.now();
      await refreshFunds();
      return { ...recharge, seenPaidAt };
    },
    enabled: rechargeId !== null,
    refetchInterval: (query) => rechargeRefetchInterval(query.state.data),
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}
