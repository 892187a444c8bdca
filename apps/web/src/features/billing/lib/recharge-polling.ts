/**
 * While a QR code is shown, the page asks for the top-up order every 2 s until it is paid, closed
 * or failed. An order still pending long after it expired (the server closes it by then) is
 * shown as closed and no longer asked for.
 */
import type { TRechargeStatus } from '@console/contract/billing-enums';

export const RechargePollMs = 2000;

/** How long after its expiry a pending order is still asked for (the server's own check). */
export const RechargeExpiryGraceMs = 2 * 60 * 1000;

export type TRechargeView = 'waiting' | 'paid' | 'closed' | 'failed';

type TRechargeLike = { status: TRechargeStatus; expireTime: string };

function isLongExpired(recharge: TRechargeLike, now: number): boolean {
  const expires = Date.parse(recharge.expireTime);
  return Number.isFinite(expires) && now > expires + RechargeExpiryGraceMs;
}

/** What the page shows for an order. */
export function rechargeView(recharge: TRechargeLike, now: number = Date.now()): TRechargeView {
  switch (recharge.status) {
    case 'paid':
      return 'paid';
    case 'failed':
      return 'failed';
    case 'closed':
      return 'closed';
    case 'pending':
      return isLongExpired(recharge, now) ? 'closed' : 'waiting';
  }
}

/** The refetch interval of an order: 2 s while it waits for the payment, else none. */
export function rechargeRefetchInterval(
  recharge: TRechargeLike | undefined,
  now: number = Date.now(),
): number | false {
  if (!recharge) return RechargePollMs;
  return rechargeView(recharge, now) === 'waiting' ? RechargePollMs : false;
}
