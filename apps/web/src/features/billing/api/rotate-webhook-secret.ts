/**
 * POST /api/portal/billing/webhook/rotateSecret (administrators): a new Standard Webhooks signing
 * secret for the webhook, answered this once (the old one stops at once). 4140 for webhooks that
 * sign as a DingTalk or Feishu robot, whose secret comes from the robot.
 */
import { useMutation } from '@tanstack/react-query';
import { callApi, endpoint } from '@/lib/api-client';
import { refreshWebhooks } from './list-webhooks';

const rotateWebhookSecretEndpoint = endpoint(
  'rotateWebhookSecret',
  'POST',
  '/api/portal/billing/webhook/rotateSecret',
);

export function rotateWebhookSecret(id: number) {
  return callApi(rotateWebhookSecretEndpoint, { body: { id } });
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret, onSettled: () => refreshWebhooks() });
}
