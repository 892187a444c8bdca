/**
 * POST /api/portal/billing/webhook/test (administrators): sends a test message now and answers the
 * outcome. A failed delivery may come back as 4072 (webhook send failed) or as `isSuccess: false`:
 * the dialog shows the spec's message either way.
 */
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshWebhooks } from './list-webhooks';

const testWebhookEndpoint = endpoint('testWebhook', 'POST', '/api/portal/billing/webhook/test');

export function testWebhook(id: number) {
  return callApi(testWebhookEndpoint, { body: { id }, hints: false });
}

export function useTestWebhook() {
  return useMutation({ mutationFn: testWebhook, onSettled: () => refreshWebhooks() });
}
