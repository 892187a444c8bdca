import { describe, expect, it } from 'vitest';
import {
  RechargeExpiryGraceMs,
  RechargePollMs,
  rechargeRefetchInterval,
  rechargeView,
} from './recharge-polling';

const now = Date.parse('2026-03-01T10:00:00.000Z');
const order = (
  status: 'pending' | 'paid' | 'closed' | 'failed',
  expireTime = '2026-03-01T10:10:00.000Z',
) => ({
  status,
  expireTime,
});

describe('polling a top-up order', () => {
  it('asks every 2 s while the payment is awaited', () => {
    expect(RechargePollMs).toBe(2000);
    expect(rechargeView(order('pending'), now)).toBe('waiting');
    expect(rechargeRefetchInterval(order('pending'), now)).toBe(2000);
    // Before the first answer too.
    expect(rechargeRefetchInterval(undefined, now)).toBe(2000);
  });

  it('stops once the order is paid, closed or failed', () => {
    expect(rechargeView(order('paid'), now)).toBe('paid');
    expect(rechargeView(order('closed'), now)).toBe('closed');
    expect(rechargeView(order('failed'), now)).toBe('failed');
    for (const status of ['paid', 'closed', 'failed'] as const) {
      expect(rechargeRefetchInterval(order(status), now)).toBe(false);
    }
  });

  it('keeps asking a little after the expiry (the server closes it), then shows it closed', () => {
    const expired = order('pending', '2026-03-01T09:59:00.000Z');
    expect(rechargeView(expired, now)).toBe('waiting');
    const later = now + RechargeExpiryGraceMs;
    expect(rechargeView(expired, later)).toBe('closed');
    expect(rechargeRefetchInterval(expired, later)).toBe(false);
  });
});
