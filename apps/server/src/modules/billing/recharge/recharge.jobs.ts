/**
 * `recharge.query` ({ rechargeId }): a top-up order still pending 10 minutes after its creation is
 * queried at the provider (its notification may have been lost), then every 5 minutes:
 * paid → credited once (as by the notification); not paid when it expires (2 hours) or closed by
 * the provider → closed here too, after closing it at the provider so that it can no longer be
 * paid. A provider that cannot be reached is asked again later; nothing is closed unconfirmed.
 */

import { fenToYuan } from '@console/contract/billing-enums';
import type { FastifyBaseLogger } from 'fastify';
import { PaymentError } from '../../../adapters/payments/payment-provider';
import type { TDeps } from '../../../context';
import type { TJobHandler } from '../../../jobs/runner';
import { writeAudit } from '../../audit';
import { findRecharge, markClosed, type TRechargeRow } from './recharge.repository';
import { auditRefusal, mismatchOf, rechargeQueryJobKind, settlePaid } from './recharge.service';

const queryEveryMs = 5 * 60_000;
const unreachableRetryMs = 5 * 60_000;
const expiredRetryMs = 30 * 60_000;

async function close(deps: TDeps, order: TRechargeRow): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await markClosed(tx, order.id, now))) return;
    await writeAudit(tx, {
      accountId: order.accountId,
      userId: null,
      username: null,
      action: 'recharge.close',
      objectType: 'recharge',
      objectId: order.id,
      isSuccess: true,
      info: { by: 'system', channel: order.channel, amount: fenToYuan(order.amountFen) },
      createdAt: now,
    });
  });
}

export function createRechargeQueryJob(log: FastifyBaseLogger): TJobHandler {
  return async (job, deps) => {
    const id = String(job.payload.rechargeId ?? '');
    const order = await findRecharge(deps.db, id);
    if (order?.status !== 'pending') return;
    const now = deps.clock.now();
    const isExpired = now.getTime() >= order.expiresAt.getTime();
    const later = (ms: number) => ({ nextRunAt: new Date(now.getTime() + ms) });
    const provider = deps.payments[order.channel];
    if (!provider) {
      log.warn({ rechargeId: id, channel: order.channel }, 'recharge query: provider not configured');
      return later(isExpired ? expiredRetryMs : unreachableRetryMs);
    }
    let trade: Awaited<ReturnType<typeof provider.queryOrder>>;
    try {
      trade = await provider.queryOrder(id);
    } catch (error) {
      log.warn(
        { rechargeId: id, detail: error instanceof PaymentError ? error.detail : String(error) },
        'recharge query failed',
      );
      return later(isExpired ? expiredRetryMs : unreachableRetryMs);
    }
    if (trade.status === 'paid') {
      const mismatch = mismatchOf(order, trade);
      if (mismatch) {
        // Left pending for an operator to look at: money never moves on a mismatch.
        log.error(
          { rechargeId: id, reason: mismatch, amountFen: trade.amountFen },
          'recharge query: payment does not match the order',
        );
        await auditRefusal(deps, order, mismatch, {
          via: 'query',
          notifiedAmount: trade.amountFen === null ? null : fenToYuan(trade.amountFen),
          amount: fenToYuan(order.amountFen),
        });
        return;
      }
      if (await settlePaid(deps, order, trade, 'query'))
        log.info({ rechargeId: id }, 'recharge paid (found by query)');
      return;
    }
    if (!isExpired && trade.status !== 'closed') {
      return { nextRunAt: new Date(Math.min(now.getTime() + queryEveryMs, order.expiresAt.getTime())) };
    }
    if (trade.status !== 'closed') {
      try {
        await provider.closeOrder(id);
      } catch (error) {
        // Perhaps paid in the meantime: the next query tells.
        log.warn(
          { rechargeId: id, detail: error instanceof PaymentError ? error.detail : String(error) },
          'recharge close failed',
        );
        return later(60_000);
      }
    }
    await close(deps, order);
    return;
  };
}

export function rechargeJobHandlers(log: FastifyBaseLogger): Record<string, TJobHandler> {
  return { [rechargeQueryJobKind]: createRechargeQueryJob(log) };
}
