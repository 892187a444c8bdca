import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsLeft, useCountdown } from './use-countdown';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-01T08:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('useCountdown', () => {
  it('ticks down each second and comes back to 0 after the wait', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ seconds: 0, isCounting: false });
    act(() => result.current.start(60));
    expect(result.current).toMatchObject({ seconds: 60, isCounting: true });
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(59);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(58);
    for (let i = 0; i < 57; i += 1) act(() => vi.advanceTimersByTime(1000));
    expect(result.current.seconds).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ seconds: 0, isCounting: false });
    // Nothing is left ticking.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('follows the clock when it jumps (a background tab, a test clock)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => {
      vi.setSystemTime(Date.now() + 45_000);
      vi.advanceTimersToNextTimer();
    });
    expect(result.current.seconds).toBe(14);
    act(() => {
      vi.setSystemTime(Date.now() + 30_000);
      vi.advanceTimersToNextTimer();
    });
    expect(result.current.seconds).toBe(0);
  });

  it('restarts and stops', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start(60));
    act(() => vi.advanceTimersByTime(5000));
    act(() => result.current.start(30));
    expect(result.current.seconds).toBe(30);
    act(() => result.current.stop());
    expect(result.current.isCounting).toBe(false);
  });

  it('rounds partial seconds up', () => {
    expect(secondsLeft(null, 0)).toBe(0);
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(10_000, 10_001)).toBe(0);
  });
});
