import { describe, expect, it } from 'vitest';
import { presetRange } from './audit-presets';

/** Local times, so that the expectations hold in any time zone the tests run in. */
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('time presets', () => {
  const now = local(2026, 11, 28, 14, 35);

  it('today: from local midnight, open-ended', () => {
    expect(presetRange('today', now)).toEqual({ from: local(2026, 11, 28).toISOString(), to: null });
  });

  it('the last 7 and 30 days count today as one of them', () => {
    expect(presetRange('last7Days', now)).toEqual({ from: local(2026, 11, 22).toISOString(), to: null });
    expect(presetRange('last30Days', now)).toEqual({ from: local(2026, 10, 30).toISOString(), to: null });
  });

  it('crosses months and years', () => {
    expect(presetRange('last7Days', local(2027, 1, 3, 0, 5)).from).toBe(local(2026, 12, 28).toISOString());
    expect(presetRange('last30Days', local(2026, 3, 1, 23, 59)).from).toBe(local(2026, 1, 31).toISOString());
    // Just after midnight is still today.
    expect(presetRange('today', local(2026, 5, 1, 0, 0)).from).toBe(local(2026, 5, 1).toISOString());
  });

  it('any time and a custom range set no range of their own', () => {
    expect(presetRange('all', now)).toEqual({ from: null, to: null });
    expect(presetRange('custom', now)).toEqual({ from: null, to: null });
  });
});
