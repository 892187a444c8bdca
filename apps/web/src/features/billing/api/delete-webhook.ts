/** POST /api/portal/billing/webhook/delete (administrators): deletes a webhook. */
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshWebhooks } from './list-webhooks';

const deleteWebhookEndpoint = endpoint('deleteWebhook', 'POST', '/api/portal/billing/webhook/delete');

export function deleteWebhook(id: number) {
  return callApi(deleteWebhookEndpoint, { body: { id } });
}

export function useDeleteWebhook(options: { onDone?: () => void } = {}) {
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => options.onDone?.(),
    onSettled: () => refreshWebhooks(),
  });
}
