/**
 * Balance alerts' background work (the rules are in alerts-evaluation.service.ts):
 * - `billing.alerts` ({ accountId }, deduplicated per account): evaluates one account. Usage
 *   ingestion queues it after each batch, a credit after the money arrives
 *   (`enqueueAlertCheck`), and saving the alert settings after the change.
 * - `billing.alertSweep` (recurring, every `ALERT_SWEEP_MS`, 10 minutes): reads the figures of
 *   every account with funds or alert settings, 500 at a time, and evaluates those whose alerts
 *   would change (vouchers that start or expire, days that roll over).
 * - `billing.alertMessage` ({ channel, target, subject, text }): one e-mail or SMS of an alert,
 *   retried with backoff when the provider fails.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../../../context';
import type { TJobHandler } from '../../../jobs/runner';
import { deliverMessage } from '../../verification/delivery';
import { webhookJobHandlers } from '../webhooks/webhooks.jobs';
import {
  alertCheckJobKind,
  alertMessageJobKind,
  alertSweepJobKind,
  enqueueAlertSweep,
  type TAlertMessagePayload,
} from './alerts.queue';
import { evaluateAccountAlerts, sweepAlerts } from './alerts-evaluation.service';

export async function scheduleAlertSweep(deps: TDeps): Promise<void> {
  await enqueueAlertSweep(deps.db, deps.clock.now());
}

export function createAlertCheckJob(log: FastifyBaseLogger): TJobHandler {
  return async (job, deps) => {
    const accountId = Number((job.payload as { accountId?: unknown }).accountId);
    if (!Number.isSafeInteger(accountId) || accountId <= 0) return undefined;
    const sent = await evaluateAccountAlerts(deps, accountId);
    if (sent.length > 0) log.info({ accountId, alerts: sent }, 'balance alerts sent');
    return undefined;
  };
}

export function createAlertSweepJob(log: FastifyBaseLogger): TJobHandler {
  return async (_job, deps) => {
    const now = deps.clock.now();
    await sweepAlerts(deps, log);
    return { nextRunAt: new Date(now.getTime() + deps.config.alerts.sweepMs) };
  };
}

export function createAlertMessageJob(log: FastifyBaseLogger): TJobHandler {
  return async (job, deps) => {
    const p = job.payload as TAlertMessagePayload;
    const base = { target: p.target, subject: p.subject, text: p.text, code: null };
    if (p.channel === 'sms' && !p.template) {
      // Queued before SMS had a template per kind: no provider can send it.
      log.warn({ accountId: p.accountId }, 'a balance-alert SMS without its template was dropped');
      return undefined;
    }
    await deliverMessage(
      deps,
      p.channel === 'sms' && p.template
        ? { ...base, channel: 'sms', template: p.template }
        : { ...base, channel: 'email' },
      log,
      'balance-alert',
    );
    return undefined;
  };
}

/** The handlers of balance alerts and webhook deliveries. */
export function alertJobHandlers(log: FastifyBaseLogger): Record<string, TJobHandler> {
  return {
    [alertCheckJobKind]: createAlertCheckJob(log),
    [alertSweepJobKind]: createAlertSweepJob(log),
    [alertMessageJobKind]: createAlertMessageJob(log),
    ...webhookJobHandlers(log),
  };
}
