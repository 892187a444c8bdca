/**
 * Top-up by WeChat Pay or Alipay (spec sections 5 and 7 "Billing"): an order with the provider and
 * its QR code; the provider's notification (or, for an order still pending after 10 minutes, the
 * query job) settles it. A payment credits the account exactly once: the crediting transaction
 * starts with a conditional UPDATE of the order's status, so that replays and concurrent
 * duplicates change nothing. A notification whose signature, merchant or amount does not match
 * never credits, and is logged.
 */
import { randomInt } from 'node:crypto';
import { type TRecharge, ZRechargeParams } from '@console/contract';
import { BillingLimits, fenToYuan, type TPayChannel, yuanToFen } from '@console/contract/billing-enums';
import { ErrorCode } from '@console/contract/codes';
import type { TLanguage } from '@console/contract/enums';
import { interpolate, serverPhrases } from '@console/phrases/server';
import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import {
  PaymentError,
  PaymentNotificationError,
  type TNotificationInput,
  type TTradeState,
} from '../../../adapters/payments/payment-provider';
import type { TAuth, TDeps, TRequestMeta } from '../../../context';
import { AppError } from '../../../errors';
import { translateValidation } from '../../../i18n';
import { enqueueJob } from '../../../jobs/runner';
import { findAccountById } from '../../account';
import { writeAudit } from '../../audit';
import { creditCash } from '../funds/funds.service';
import { currencyOf } from '../money';
import {
  countNotification,
  findRecharge,
  findRechargeForOperator,
  insertRecharge,
  markFailed,
  markPaid,
  setCodeUrl,
  type TRechargeRow,
} from './recharge.repository';

export const rechargeQueryJobKind = 'recharge.query';
/** An order the payer has not paid within this is closed. */
export const rechargeExpiryMs = 2 * 3_600_000;
/** An order still pending this long after its creation is queried at the provider. */
export const rechargeFirstQueryMs = 10 * 60_000;

const idAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 24 random letters and digits (about 143 bits): valid as WeChat Pay's and Alipay's out_trade_no. */
export function newRechargeId(): string {
  let out = '';
  while (out.length < 24) out += idAlphabet[randomInt(idAlphabet.length)];
  return out;
}

function badField(lang: TLanguage, field: string, key: string): AppError {
  return new AppError(ErrorCode.badRequest, {
    data: { fieldErrors: { [field]: translateValidation(lang, key) } },
  });
}

async function viewOf(row: TRechargeRow): Promise<TRecharge> {
  const isPending = row.status === 'pending' && row.codeUrl !== null;
  return {
    rechargeId: row.id,
    channel: row.channel,
    amount: fenToYuan(row.amountFen),
    status: row.status,
    qrCode:
      isPending && row.codeUrl
        ? await QRCode.toDataURL(row.codeUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 })
        : null,
    codeUrl: isPending ? row.codeUrl : null,
    createTime: row.createdAt.toISOString(),
    expireTime: row.expiresAt.toISOString(),
    paidTime: row.paidAt?.toISOString() ?? null,
  };
}

/** `GET /getPayQrcode`: creates the order with the provider and answers its QR code. */
export async function createRecharge(
  deps: TDeps,
  auth: TAuth,
  lang: TLanguage,
  query: { channel: TPayChannel; amount: string },
  meta: TRequestMeta,
): Promise<TRecharge> {
  const provider = deps.payments[query.channel];
  // WeChat Pay and Alipay take CNY: a USD account (international edition) tops up by transfer
  // (decision 0016); nothing is created.
  if (!provider || currencyOf(deps.config.edition) !== 'CNY') {
    // Production mode without the channel's merchant settings: nothing is created.
    throw new AppError(ErrorCode.paymentNotConfigured, {
      params: { channel: query.channel },
      data: { channel: query.channel },
    });
  }
  const amountFen = yuanToFen(query.amount);
  if (amountFen === null || amountFen <= 0) throw badField(lang, 'amount', 'amountFormat');
  if (query.channel === 'wechat' && amountFen > BillingLimits.wechatMaxFen) {
    throw badField(lang, 'amount', 'wechatAmountMax');
  }
  if (amountFen > BillingLimits.rechargeMaxFen) throw badField(lang, 'amount', 'rechargeAmountMax');
  const names = await findAccountById(deps.db, auth.accountId);
  const now = deps.clock.now();
  const id = newRechargeId();
  const expiresAt = new Date(now.getTime() + rechargeExpiryMs);
  const audit = {
    accountId: auth.accountId,
    userId: auth.userId,
    username: auth.username,
    objectType: 'recharge' as const,
    objectId: id,
    ip: meta.ip,
    requestId: meta.requestId,
    createdAt: now,
  };
  await deps.db.transaction(async (tx) => {
    await insertRecharge(tx, {
      id,
      accountId: auth.accountId,
      userId: auth.userId,
      channel: query.channel,
      amountFen,
      now,
      expiresAt,
    });
    await writeAudit(tx, {
      ...audit,
      action: 'recharge.create',
      isSuccess: true,
      info: { channel: query.channel, amount: fenToYuan(amountFen) },
    });
    // Should the notification never come, the order is queried (and finally closed) by this job.
    await enqueueJob(tx, {
      kind: rechargeQueryJobKind,
      payload: { rechargeId: id },
      runAt: new Date(now.getTime() + rechargeFirstQueryMs),
      dedupeKey: `${rechargeQueryJobKind}:${id}`,
      maxAttempts: 20,
    });
  });
  let codeUrl: string;
  try {
    ({ codeUrl } = await provider.createOrder({
      id,
      amountFen,
      subject: interpolate(serverPhrases[lang].payment.orderSubject, {
        account: names?.displayName ?? String(auth.accountId),
      }),
      expiresAt,
    }));
  } catch (error) {
    const detail = error instanceof PaymentError ? error.detail : 'UNEXPECTED';
    const failedAt = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      if (await markFailed(tx, id, detail, failedAt)) {
        await writeAudit(tx, {
          ...audit,
          action: 'recharge.fail',
          isSuccess: false,
          info: { channel: query.channel, amount: fenToYuan(amountFen), detail },
          createdAt: failedAt,
        });
      }
    });
    throw new AppError(ErrorCode.rechargeFailed, { params: { detail }, cause: error });
  }
  await setCodeUrl(deps.db, id, codeUrl, deps.clock.now());
  return viewOf({ ...(await requireOwn(deps, auth, id)), codeUrl });
}

async function requireOwn(deps: TDeps, auth: TAuth, rechargeId: string): Promise<TRechargeRow> {
  const row = await findRecharge(deps.db, rechargeId);
  if (!row) throw new AppError(ErrorCode.notFound);
  if (row.accountId !== auth.accountId)
    throw new AppError(ErrorCode.forbidden, { messageKey: 'otherAccount' });
  return row;
}

/** `GET /recharge/{rechargeId}`: the account's own order (the top-up page polls it). */
export async function getRecharge(deps: TDeps, auth: TAuth, params: unknown): Promise<TRecharge> {
  const parsed = ZRechargeParams.safeParse(params);
  if (!parsed.success) throw new AppError(ErrorCode.notFound);
  return viewOf(await requireOwn(deps, auth, parsed.data.rechargeId));
}

/** A top-up order of any account, by its number, for the back office; null when there is none. */
export function rechargeOrderForOperator(deps: TDeps, orderNo: string) {
  return findRechargeForOperator(deps.db, orderNo);
}

export type TSettleVia = 'notification' | 'query';

/**
 * Credits a paid order once: the first step of the transaction is the conditional UPDATE of the
 * order; only the call that changed it credits. Answers whether this call credited.
 */
export async function settlePaid(
  deps: TDeps,
  order: TRechargeRow,
  trade: Pick<TTradeState, 'tradeNo' | 'paidAt'>,
  via: TSettleVia,
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const paid = await markPaid(tx, order.id, {
      tradeNo: trade.tradeNo,
      paidAt: trade.paidAt ?? now,
      now,
      isNotification: via === 'notification',
    });
    if (!paid) {
      if (via === 'notification') await countNotification(tx, order.id, now);
      return false;
    }
    const funds = await creditCash(tx, {
      accountId: paid.accountId,
      amountFen: paid.amountFen,
      type: 'recharge',
      channel: paid.channel,
      reference: paid.id,
      remark: trade.tradeNo,
      now,
    });
    await writeAudit(tx, {
      accountId: paid.accountId,
      userId: null,
      username: null,
      action: 'recharge.paid',
      objectType: 'recharge',
      objectId: paid.id,
      isSuccess: true,
      info: {
        by: 'system',
        via,
        channel: paid.channel,
        amount: fenToYuan(paid.amountFen),
        tradeNo: trade.tradeNo,
        serialNo: funds.serialNo,
        previousStatus: order.status,
      },
      createdAt: now,
    });
    return true;
  });
}

/** Why a verified answer of the provider does not match the order; null when it does. */
export function mismatchOf(order: TRechargeRow, trade: { channel?: TPayChannel; amountFen: number | null }) {
  if (trade.channel !== undefined && trade.channel !== order.channel) return 'channel';
  if (trade.amountFen !== order.amountFen) return 'amount';
  return null;
}

/** Records in the account's audit log that a verified answer of the provider did not match its order. */
export async function auditRefusal(
  deps: TDeps,
  order: TRechargeRow,
  reason: string,
  info: Record<string, unknown>,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await writeAudit(tx, {
      accountId: order.accountId,
      userId: null,
      username: null,
      action: 'recharge.notifyRefused',
      objectType: 'recharge',
      objectId: order.id,
      isSuccess: false,
      info: { by: 'system', channel: order.channel, reason, ...info },
      createdAt: now,
    });
  });
}

export type TNotificationOutcome =
  | { isAccepted: true; isCredited: boolean }
  | { isAccepted: false; reason: string };

/**
 * A provider's payment notification: verified by the adapter (signature, freshness, merchant,
 * decryption), then matched to the order (channel, amount) and settled. Refusals are logged
 * (and audited in the account's log when they concern a known order).
 */
export async function handlePaymentNotification(
  deps: TDeps,
  channel: TPayChannel,
  input: TNotificationInput,
  log: FastifyBaseLogger,
): Promise<TNotificationOutcome> {
  const provider = deps.payments[channel];
  if (!provider) return { isAccepted: false, reason: 'not-configured' };
  let notice: Awaited<ReturnType<typeof provider.readNotification>>;
  try {
    notice = await provider.readNotification(input, deps.clock.now());
  } catch (error) {
    const reason = error instanceof PaymentNotificationError ? error.reason : 'unreadable';
    log.warn({ channel, reason }, 'payment notification refused');
    return { isAccepted: false, reason };
  }
  const order = await findRecharge(deps.db, notice.outTradeNo);
  if (!order) {
    log.warn({ channel, rechargeId: notice.outTradeNo }, 'payment notification for an unknown order refused');
    return { isAccepted: false, reason: 'unknown-order' };
  }
  const mismatch = mismatchOf(order, notice);
  if (mismatch) {
    log.warn(
      {
        channel,
        rechargeId: order.id,
        reason: mismatch,
        notified: notice.amountFen,
        expected: order.amountFen,
      },
      'payment notification refused',
    );
    await auditRefusal(deps, order, mismatch, {
      notifiedAmount: notice.amountFen === null ? null : fenToYuan(notice.amountFen),
      amount: fenToYuan(order.amountFen),
    });
    return { isAccepted: false, reason: mismatch };
  }
  // Alipay also tells about orders waiting for payment or closed: acknowledged, nothing to do.
  if (notice.status !== 'paid') return { isAccepted: true, isCredited: false };
  const isCredited = await settlePaid(deps, order, notice, 'notification');
  if (isCredited) log.info({ channel, rechargeId: order.id }, 'recharge paid');
  return { isAccepted: true, isCredited };
}
