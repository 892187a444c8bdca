/**
 * The balance alerts' jobs as the rest of billing queues them (the handlers are in alerts.jobs.ts):
 * an evaluation of one account (at most one waits per account), the recurring sweep, and one
 * e-mail or SMS of an alert.
 */
import type { TDb } from '../../../db/client';
import { enqueueJob } from '../../../jobs/runner';
import type { TSmsTemplate } from '../../verification/delivery';

export const alertCheckJobKind = 'billing.alerts';
export const alertSweepJobKind = 'billing.alertSweep';
export const alertMessageJobKind = 'billing.alertMessage';

export type TAlertMessagePayload = {
  accountId: number;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  text: string;
  /** An SMS's provider template (balanceLow or balanceForecast) and its values. */
  template?: TSmsTemplate;
};

/** Queues an evaluation of the account's alerts (at most one waits per account). */
export async function enqueueAlertCheck(db: TDb, accountId: number, now: Date): Promise<void> {
  await enqueueJob(db, {
    kind: alertCheckJobKind,
    payload: { accountId },
    runAt: now,
    dedupeKey: `${alertCheckJobKind}:${accountId}`,
    maxAttempts: 5,
  });
}

/** Makes sure the recurring sweep exists (once, whatever the number of replicas). */
export async function enqueueAlertSweep(db: TDb, now: Date): Promise<void> {
  await enqueueJob(db, { kind: alertSweepJobKind, runAt: now, dedupeKey: alertSweepJobKind });
}

/** Queues one e-mail or SMS of an alert (retried with backoff when the provider fails). */
export async function enqueueAlertMessage(db: TDb, payload: TAlertMessagePayload, now: Date): Promise<void> {
  await enqueueJob(db, { kind: alertMessageJobKind, payload, runAt: now });
}
