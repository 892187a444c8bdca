/**
 * POST /api/portal/billing/webhook/test (administrators): sends a test message now and answers the
 * outcome; a failed test comes back as 4072 (webhook send failed) with the same result in `data`.
 * A test is settled by its one attempt: the webhook's row shows its result (success or failed) at
 * once, from the answer, and the list and the delivery logs are fetched again. No toast: the panel
 * shows the one message of the test.
 */
import type { TWebhookTestResult } from '@console/contract';
import { ErrorCode } from '@console/contract/codes';
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { asApiError } from '@/lib/code-errors';
import { queryClient } from '@/lib/query-client';
import { refreshWebhooks, type TWebhookItem } from './list-webhooks';
import { billingKeys } from './query-keys';

const testWebhookEndpoint = endpoint('testWebhook', 'POST', '/api/portal/billing/webhook/test');

export function testWebhook(id: number) {
  return callApi(testWebhookEndpoint, { body: { id }, hints: false });
}

/** The result a failed test carries (4072 with the delivery), or null for any other failure. */
export function failedTestResult(error: unknown): TWebhookTestResult | null {
  const api = asApiError(error);
  if (api?.code !== ErrorCode.webhookSendFailed) return null;
  const data = api.data as Partial<TWebhookTestResult> | null;
  return data && typeof data.isSuccess === 'boolean' && data.delivery ? (data as TWebhookTestResult) : null;
}

/** The test's delivery as the webhook's last delivery in the cached list. */
function showLastDelivery({ delivery }: TWebhookTestResult): void {
  queryClient.setQueryData<TWebhookItem[]>(billingKeys.webhooks, (list) =>
    list?.map((webhook) =>
      webhook.id === delivery.webhookId
        ? {
            ...webhook,
            lastDelivery: { status: delivery.status, time: delivery.finishTime ?? delivery.createTime },
          }
        : webhook,
    ),
  );
}

export function useTestWebhook() {
  return useMutation({
    mutationFn: testWebhook,
    onSuccess: showLastDelivery,
    onError: (error) => {
      const result = failedTestResult(error);
      if (result) showLastDelivery(result);
    },
    onSettled: () => refreshWebhooks(),
  });
}
