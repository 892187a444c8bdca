/**
 * Webhook deliveries. `webhook.deliver` ({ deliveryId }, deduplicated per delivery) makes one
 * attempt of a pending delivery and records its status, answer code and error; a failed attempt
 * comes back after a wait that grows fourfold each time (`WEBHOOK_RETRY_BASE_MS`: 30 s, 2 min,
 * 8 min, 32 min) until the fifth attempt, after which the delivery is failed. An attempt is
 * recorded only if no other worker recorded it first (`attempts` is compared), so a job claimed
 * again after its lease does not count twice.
 *
 * Deliveries are at least once: a worker killed after sending and before recording leaves the
 * delivery pending, and the job, claimed again after its lease, sends it again. Every attempt
 * carries the delivery's `webhook-id`, kept with the delivery before its first attempt, so the
 * receiver sees the same id and can drop the second copy; the timestamp (and so the signature) is
 * the attempt's own.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../../../context';
import type { TDb } from '../../../db/client';
import { cancelQueuedJob, enqueueJob, type TJobHandler } from '../../../jobs/runner';
import { findPendingDelivery, recordAttempt } from './webhooks.repository';
import { sendWebhook } from './webhooks.sender';
import { openSigning } from './webhooks.signing';

export const webhookDeliverJobKind = 'webhook.deliver';
/** Attempts of a delivery, the first included. */
export const webhookMaxAttempts = 5;

/** The wait after the given (1-based) failed attempt. */
export function webhookRetryDelayMs(deps: TDeps, attempt: number): number {
  return deps.config.alerts.webhookRetryBaseMs * 4 ** Math.max(0, attempt - 1);
}

/** Queues an attempt of the delivery at `runAt`. */
export async function enqueueDelivery(db: TDb, deliveryId: number, runAt: Date): Promise<void> {
  await enqueueJob(db, {
    kind: webhookDeliverJobKind,
    payload: { deliveryId },
    runAt,
    dedupeKey: `${webhookDeliverJobKind}:${deliveryId}`,
    maxAttempts: 3,
  });
}

/** Takes back the delivery's queued attempt (the delivery was settled otherwise). */
export async function cancelDelivery(db: TDb, deliveryId: number): Promise<void> {
  await cancelQueuedJob(db, `${webhookDeliverJobKind}:${deliveryId}`);
}

export function createWebhookDeliverJob(log: FastifyBaseLogger): TJobHandler {
  return async (job, deps) => {
    const deliveryId = Number((job.payload as { deliveryId?: unknown }).deliveryId);
    const found = await findPendingDelivery(deps.db, deliveryId);
    if (!found) return undefined;
    const { delivery, target, signing, isEnabled } = found;
    const attempt = delivery.attempts + 1;
    const outcome = isEnabled
      ? await sendWebhook({ ...target, signing: openSigning(deps.secrets, signing) }, delivery.message, {
          attempt: { messageId: delivery.messageId, time: deps.clock.now() },
          timeoutMs: deps.config.alerts.webhookTimeoutMs,
          allowPrivate: deps.config.alerts.webhookAllowPrivate,
          allowHosts: deps.config.outbound.allowHosts,
        })
      : { isSuccess: false, responseStatus: null, error: 'webhook disabled' };
    const isFinal = outcome.isSuccess || !isEnabled || attempt >= webhookMaxAttempts;
    const now = deps.clock.now();
    const isRecorded = await recordAttempt(deps.db, delivery.id, delivery.attempts, {
      status: outcome.isSuccess ? 'success' : isFinal ? 'failed' : 'pending',
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      now,
    });
    if (!isRecorded) return undefined;
    if (!outcome.isSuccess) {
      log.warn(
        { deliveryId: delivery.id, webhookId: delivery.webhookId, attempt, error: outcome.error },
        'webhook delivery failed',
      );
    }
    if (isFinal) return undefined;
    return { nextRunAt: new Date(now.getTime() + webhookRetryDelayMs(deps, attempt)) };
  };
}

export function webhookJobHandlers(log: FastifyBaseLogger): Record<string, TJobHandler> {
  return { [webhookDeliverJobKind]: createWebhookDeliverJob(log) };
}
