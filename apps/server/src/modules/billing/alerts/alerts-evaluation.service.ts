/**
 * Balance alerts (spec section 9): a low-balance warning under the account's threshold, and smart
 * alerts when the balance covers 7, 5, 3 or 1 days of the average daily spend of the past 7 days.
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
import type { TDeps } from '../../../context';
import type { TDb } from '../../../db/client';
import { addDays, dayOf } from '../../../lib/billing-day';
import { writeAudit } from '../../audit';
import type { TSmsTemplate } from '../../verification/delivery';
import { currencyOf } from '../money';
import { queueAlertDeliveries } from '../webhooks/webhooks.service';
import { enqueueAlertMessage } from './alerts.queue';
import { accountsToSweep, alertFactRows, lockAlertStates, setAlertState } from './alerts.repository';
import { readAlertSettings, recipientContacts, settingsOf, type TAlertSettings } from './alerts.service';

const sweepBatch = 500;

/** What decides an account's alerts at one moment. */
export type TAlertFacts = {
  accountId: number;
  accountName: string;
  displayName: string;
  /** Not deleted, and billed. */
  isBillable: boolean;
  cashFen: number;
  outstandingFen: number;
  /** Available amount of the vouchers in effect. */
  voucherFen: number;
  /** Discounted spend of the last 7 full billing days. */
  spentFen: number;
  settings: TAlertSettings | null;
  /** Kinds whose state is active now. */
  activeKinds: string[];
};

/** The facts of these accounts now: the spend is that of the 7 billing days before today. */
async function alertFacts(db: TDb, accountIds: readonly number[], now: Date): Promise<TAlertFacts[]> {
  const today = dayOf(now);
  const rows = await alertFactRows(db, accountIds, now, addDays(today, -7), today);
  return rows.map((r) => ({
    accountId: r.accountId,
    accountName: r.accountName,
    displayName: r.displayName,
    isBillable: r.isBillable,
    cashFen: r.cashFen,
    outstandingFen: r.outstandingFen,
    voucherFen: r.voucherFen,
    spentFen: r.spentFen,
    settings:
      r.hasConfig &&
      r.isLowBalanceEnabled !== null &&
      r.lowBalanceFen !== null &&
      r.isSmartEnabled !== null &&
      r.updatedAt !== null
        ? settingsOf({
            isLowBalanceEnabled: r.isLowBalanceEnabled,
            lowBalanceFen: r.lowBalanceFen,
            isSmartEnabled: r.isSmartEnabled,
            smartDays: r.smartDays ?? [...BillingLimits.smartAlertDays],
            recipientUserIds: r.recipientUserIds ?? [],
            methods: r.methods ?? ['email'],
            webhookIds: r.webhookIds ?? [],
            updatedAt: r.updatedAt,
          })
        : null,
    activeKinds: r.activeKinds,
  }));
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

export type TAlertMessage = { subject: string; body: string; text: string; template: TSmsTemplate };

export function composeAlert(
  lang: TLanguage,
  currency: 'CNY' | 'USD',
  kind: 'low' | number,
  facts: TAlertFacts,
  thresholds: TThresholds,
): TAlertMessage {
  const mail = serverPhrases[lang].mail;
  const money = (fen: number) => interpolate(mail.billing.money[currency], { amount: fenToYuan(fen) });
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
    template:
      kind === 'low'
        ? {
            kind: 'balanceLow',
            values: { account: values.account, balance: values.balance, threshold: values.threshold },
          }
        : {
            kind: 'balanceForecast',
            values: {
              account: values.account,
              balance: values.balance,
              average: values.average,
              days: values.days,
            },
          },
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
  const message = composeAlert(
    deps.config.defaultLanguage,
    currencyOf(deps.config.edition),
    kind,
    facts,
    settings,
  );
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
    await enqueueAlertMessage(
      tx,
      { accountId: facts.accountId, channel: 'email', target, subject: message.subject, text: message.body },
      now,
    );
  }
  for (const target of phones) {
    await enqueueAlertMessage(
      tx,
      {
        accountId: facts.accountId,
        channel: 'sms',
        target,
        subject: '',
        text: message.text,
        template: message.template,
      },
      now,
    );
  }
  const webhooks = methods.has('webhook')
    ? await queueAlertDeliveries(tx, facts.accountId, settings.webhookIds, message.text, now)
    : 0;
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
      webhooks,
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
  const standardKinds = ['low', ...BillingLimits.smartAlertDays.map(smartKind)];
  return deps.db.transaction(async (tx) => {
    let active = await lockAlertStates(tx, accountId, standardKinds, now);
    const facts = (await alertFacts(tx, [accountId], now))[0];
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

function isSameSet(a: Set<string>, b: readonly string[]): boolean {
  return a.size === new Set(b).size && b.every((k) => a.has(k));
}

/**
 * Reads the figures of every account with funds or alert settings, 500 at a time, and evaluates
 * those whose alerts would change (vouchers that start or expire, days that roll over).
 */
export async function sweepAlerts(deps: TDeps, log: FastifyBaseLogger): Promise<void> {
  const now = deps.clock.now();
  let afterId = 0;
  for (;;) {
    const ids = await accountsToSweep(deps.db, afterId, sweepBatch);
    if (ids.length === 0) break;
    for (const facts of await alertFacts(deps.db, ids, now)) {
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
}
