/** POST /api/portal/billing/webhook/deliveries (administrators): a webhook's deliveries, newest first. */
import type { TRouteData } from '@console/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { billingKeys } from './query-keys';

const webhookDeliveriesEndpoint = endpoint(
  'webhookDeliveries',
  'POST',
  '/api/portal/billing/webhook/deliveries',
);

export type TDeliveryRow = TRouteData<'webhookDeliveries'>['list'][number];

export function useWebhookDeliveries(webhookId: number | null, pageNo: number, pageSize = 10) {
  return useQuery({
    queryKey: billingKeys.deliveries(webhookId ?? 0, pageNo),
    queryFn: ({ signal }) =>
      callApi(webhookDeliveriesEndpoint, { body: { webhookId: webhookId ?? 0, pageNo, pageSize }, signal }),
    enabled: webhookId !== null,
    placeholderData: keepPreviousData,
  });
}
