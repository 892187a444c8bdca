/** GET /api/portal/billing/webhook/list (administrators): the account's webhooks with their last delivery. */
import type { TRouteData } from '@console/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { billingKeys } from './query-keys';

const webhookListEndpoint = endpoint('webhookList', 'GET', '/api/portal/billing/webhook/list');

export type TWebhookItem = TRouteData<'webhookList'>[number];

export function useWebhooks() {
  return useQuery({
    queryKey: billingKeys.webhooks,
    queryFn: ({ signal }) => callApi(webhookListEndpoint, { signal }),
  });
}

/** After a change or a test: the list (with its last delivery) and the delivery logs. */
export async function refreshWebhooks(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.webhooks }),
    queryClient.invalidateQueries({ queryKey: ['billing', 'deliveries'] }),
  ]);
}
