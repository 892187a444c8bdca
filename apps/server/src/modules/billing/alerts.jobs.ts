/**
 * Balance alerts (spec section 9): a low-balance warning under the account's threshold, and smart
 * alerts when the balance covers 7, 5, 3 or 1 days of the average daily spend of the past 7 days.
 *
 * - `billing.alerts` ({ accountId }, deduplicated per account): evaluates one account. Usage
 *   ingestion queues it after each batch, a credit after the money arrives
 *   (`enqueueAlertCheck`), and saving the alert settings after the change.
 * - `billing.alertSweep` (recurring, every `ALERT_SWEEP_MS`, 10 minutes): reads the figures of
 *   every account with funds or alert settings, 500 at a time, and evaluates those whose alerts
 *   would change (vouchers that start or expire, days that roll over).
 * - `billing.alertMessage` ({ channel, target, subject, text }): one e-mail or SMS of an alert,
 *   retried with backoff when the provider fails.
 *
 * Balance = cash + vouchers in effect − outstanding amount. Average daily spend = the discounted
 * amounts of the last 7 full billing days (UTC+8) / 7; days covered = balance / average (none when
 * the average is 0). An alert goes out once per crossing: `alert_states` keeps each kind (low,
 * smart7 … smart1) active or not, a message goes out only on the inactive → active transition, and
 * a kind turns inactive again when its condition clears (a top-up), so the next crossing sends
 * again. When several smart kinds become active at once only the tightest is sent. Evaluations of
 * one account run one after the other (its state rows are locked).
 */
import { BillingLimits, fenToYuan } from '@console/contract/billing-enums';
import type { TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import type { TDeps } from '../../context';
import type { TDb } from '../../db/client';
import { enqueueJob, type TJobHandler } from '../../jobs/runner';
import { writeAudit } from '../audit';
import { deliverMessage } from '../verification/delivery';
import {
  accountsToSweep,
  alertFacts,
  enabledWebhookIds,
  lockAlertStates,
  readAlertSettings,
  recipientContacts,
  setAlertState,
  type TAlertFacts,
  type TAlertSettings,
} from './alerts.repository';
import { enqueueDelivery, webhookJobHandlers } from './webhooks.jobs';
import { insertDelivery } from './webhooks.repository';
import { newMessageId } from './webhooks.signing';

export const alertCheckJobKind = 'billing.alerts';
export const alertSweepJobKind = 'billing.alertSweep';
export const alertMessageJobKind = 'billing.alertMessage';

const dayMs = 86_400_000;
/** Billing days are those of UTC+8. */
const billingOffsetMs = 8 * 3_600_000;
const sweepBatch = 500;

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

export async function scheduleAlertSweep(deps: TDeps): Promise<void> {
  await enqueueJob(deps.db, {
    kind: alertSweepJobKind,
    runAt: deps.clock.now(),
    dedupeKey: alertSweepJobKind,
  });
}

/** The billing day (YYYY-MM-DD, UTC+8) of `now`, moved by `offsetDays`. */
export function billingDay(now: Date, offsetDays = 0): string {
  return new Date(now.getTime() + billingOffsetMs + offsetDays * dayMs).toISOString().slice(0, 10);
}

export function smartKind(days: number): string {
  return `smart${days}`;
}

type TThresholds = Pick<
  TAlertSettings,
  'isLowBalanceEnabled' | 'lowBalanceFen' | 'isSmartEnabled' | 'smartDays'
>;

const defaultThresholds: TThresholds = {
  isLowBalanceEnabled: true,
  lowBalanceFen: BillingLimits.lowBalanceDefaultFen,
  isSmartEnabled: true,
  smartDays: [...BillingLimits.smartAlertDays],
};

export function balanceOf(f: Pick<TAlertFacts, 'cashFen' | 'voucherFen' | 'outstandingFen'>): number {
  return f.cashFen + f.voucherFen - f.outstandingFen;
}

/** The alert kinds whose condition holds. */
export function conditionsOf(facts: TAlertFacts, t: TThresholds): Set<string> {
  const out = new Set<string>();
  if (!facts.isBillable) return out;
  const balance = balanceOf(facts);
  if (t.isLowBalanceEnabled && balance < t.lowBalanceFen) out.add('low');
  // days covered = balance / (spent / 7) <= N  ⇔  balance × 7 <= N × spent (spent > 0), exactly
  if (t.isSmartEnabled && facts.spentFen > 0) {
    for (const days of t.smartDays) if (balance * 7 <= days * facts.spentFen) out.add(smartKind(days));
  }
  return out;
}

/** Days the balance covers at the average spend, rounded down to a tenth (0 when none is left). */
function daysCovered(balanceFen: number, spentFen: number): string {
  if (balanceFen <= 0 || spentFen <= 0) return '0';
  return (Math.floor((balanceFen * 70) / spentFen) / 10).toFixed(1).replace(/\.0$/, '');
}

export type TAlertMessage = { subject: string; body: string; text: string };

export function composeAlert(
  lang: TLanguage,
  kind: 'low' | number,
  facts: TAlertFacts,
  thresholds: TThresholds,
): TAlertMessage {
  const mail = serverPhrases[lang].mail;
  const money = (fen: number) => interpolate(mail.billing.money, { amount: fenToYuan(fen) });
  const balance = balanceOf(facts);
  const values = {
    brand: mail.brand,
    account: facts.displayName,
    balance: money(balance),
    threshold: money(thresholds.lowBalanceFen),
    average: money(Math.round(facts.spentFen / 7)),
    days: daysCovered(balance, facts.spentFen),
    limit: kind === 'low' ? '' : String(kind),
  };
  const phrases = kind === 'low' ? mail.billing.lowBalance : mail.billing.smart;
  return {
    subject: interpolate(phrases.subject, values),
    body: phrases.body.map((line) => interpolate(line, values)).join('\n\n'),
    text: interpolate(phrases.text, values),
  };
}

/** Sends one alert: e-mail and SMS jobs, webhook deliveries, and its audit entry. */
async function dispatchAlert(
  deps: TDeps,
  tx: TDb,
  facts: TAlertFacts,
  settings: TAlertSettings,
  kind: 'low' | number,
  now: Date,
): Promise<void> {
  const message = composeAlert(deps.config.defaultLanguage, kind, facts, settings);
  const methods = new Set(settings.methods);
  const recipients =
    methods.has('email') || methods.has('sms')
      ? await recipientContacts(tx, facts.accountId, settings.recipientUserIds)
      : [];
  const emails = methods.has('email')
    ? [...new Set(recipients.flatMap((r) => (r.email ? [r.email] : [])))]
    : [];
  const phones = methods.has('sms')
    ? [...new Set(recipients.flatMap((r) => (r.phone ? [r.phone] : [])))]
    : [];
  for (const target of emails) {
    await enqueueJob(tx, {
      kind: alertMessageJobKind,
      payload: {
        accountId: facts.accountId,
        channel: 'email',
        target,
        subject: message.subject,
        text: message.body,
      },
      runAt: now,
    });
  }
  for (const target of phones) {
    await enqueueJob(tx, {
      kind: alertMessageJobKind,
      payload: { accountId: facts.accountId, channel: 'sms', target, subject: '', text: message.text },
      runAt: now,
    });
  }
  const webhookIds = methods.has('webhook')
    ? await enabledWebhookIds(tx, facts.accountId, settings.webhookIds)
    : [];
  for (const webhookId of webhookIds) {
    // The delivery's id is kept before its first attempt: every attempt, a resend after a crash
    // included, carries the same webhook-id.
    const delivery = await insertDelivery(tx, {
      webhookId,
      accountId: facts.accountId,
      kind: 'alert',
      messageId: newMessageId(),
      message: message.text,
      now,
    });
    await enqueueDelivery(tx, delivery.id, now);
  }
  const balance = balanceOf(facts);
  await writeAudit(tx, {
    accountId: facts.accountId,
    userId: null,
    username: null,
    action: 'alert.send',
    objectType: 'account',
    objectId: String(facts.accountId),
    objectName: facts.accountName,
    isSuccess: true,
    info: {
      kind: kind === 'low' ? 'low' : smartKind(kind),
      balance: fenToYuan(balance),
      ...(kind === 'low'
        ? { threshold: fenToYuan(settings.lowBalanceFen) }
        : { days: kind, daysCovered: daysCovered(balance, facts.spentFen) }),
      averageDailySpend: fenToYuan(Math.round(facts.spentFen / 7)),
      methods: settings.methods,
      emails: emails.length,
      sms: phones.length,
      webhooks: webhookIds.length,
    },
    createdAt: now,
  });
}

/**
 * Evaluates the account's alerts now, in one transaction: updates the state of each kind and
 * sends what newly crossed. Answers the kinds sent (`low`, `smart3`, …).
 */
export async function evaluateAccountAlerts(deps: TDeps, accountId: number): Promise<string[]> {
  const now = deps.clock.now();
  const fromDay = billingDay(now, -7);
  const toDay = billingDay(now);
  const standardKinds = ['low', ...BillingLimits.smartAlertDays.map(smartKind)];
  return deps.db.transaction(async (tx) => {
    let active = await lockAlertStates(tx, accountId, standardKinds, now);
    const facts = (await alertFacts(tx, [accountId], now, fromDay, toDay))[0];
    if (!facts) return [];
    const settings = facts.settings ?? (await readAlertSettings(tx, accountId));
    const kinds = ['low', ...settings.smartDays.map(smartKind)];
    if (kinds.some((k) => !standardKinds.includes(k)))
      active = await lockAlertStates(tx, accountId, kinds, now);
    const holding = conditionsOf(facts, settings);
    for (const kind of active) {
      if (!holding.has(kind)) await setAlertState(tx, accountId, kind, false, false, now);
    }
    const crossed = [...holding].filter((k) => !active.has(k));
    if (crossed.length === 0) return [];
    const sent: string[] = [];
    if (crossed.includes('low')) sent.push('low');
    const smartCrossed = settings.smartDays.filter((d) => crossed.includes(smartKind(d)));
    if (smartCrossed.length > 0) sent.push(smartKind(Math.min(...smartCrossed)));
    for (const kind of crossed) await setAlertState(tx, accountId, kind, true, sent.includes(kind), now);
    for (const kind of sent) {
      await dispatchAlert(deps, tx, facts, settings, kind === 'low' ? 'low' : Number(kind.slice(5)), now);
    }
    return sent;
  });
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

function isSameSet(a: Set<string>, b: readonly string[]): boolean {
  return a.size === new Set(b).size && b.every((k) => a.has(k));
}

export function createAlertSweepJob(log: FastifyBaseLogger): TJobHandler {
  return async (_job, deps) => {
    const now = deps.clock.now();
    const fromDay = billingDay(now, -7);
    const toDay = billingDay(now);
    let afterId = 0;
    for (;;) {
      const ids = await accountsToSweep(deps.db, afterId, sweepBatch);
      if (ids.length === 0) break;
      for (const facts of await alertFacts(deps.db, ids, now, fromDay, toDay)) {
        if (isSameSet(conditionsOf(facts, facts.settings ?? defaultThresholds), facts.activeKinds)) continue;
        try {
          const sent = await evaluateAccountAlerts(deps, facts.accountId);
          if (sent.length > 0) log.info({ accountId: facts.accountId, alerts: sent }, 'balance alerts sent');
        } catch (error) {
          log.warn({ err: error, accountId: facts.accountId }, 'balance alert evaluation failed');
        }
      }
      afterId = ids[ids.length - 1] as number;
    }
    return { nextRunAt: new Date(now.getTime() + deps.config.alerts.sweepMs) };
  };
}

type TMessagePayload = { channel: 'email' | 'sms'; target: string; subject: string; text: string };

export function createAlertMessageJob(log: FastifyBaseLogger): TJobHandler {
  return async (job, deps) => {
    const p = job.payload as TMessagePayload;
    await deliverMessage(
      deps,
      { channel: p.channel, target: p.target, subject: p.subject, text: p.text, code: null },
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
