/**
 * POST /api/portal/billing/webhook/save (administrators): creates a webhook, or updates one
 * (`id`). Field errors come back to the dialog's fields (no toast).
 */
import type { TWebhookInput } from '@console/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshWebhooks } from './list-webhooks';

const saveWebhookEndpoint = endpoint('saveWebhook', 'POST', '/api/portal/billing/webhook/save');

export function saveWebhook(body: TWebhookInput) {
  return callApi(saveWebhookEndpoint, { body, hints: false });
}

export function useSaveWebhook() {
  return useMutation({ mutationFn: saveWebhook, onSettled: () => refreshWebhooks() });
}
