/**
 * A countdown in whole seconds that ticks each second (the 60-second resend wait of spec
 * section 9). It counts to a deadline on the clock rather than counting ticks, so that a page
 * put in the background (or a test's clock jumping forward) shows the right figure at once.
 */
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `deadline` (ms since the epoch), never below 0. */
export function secondsLeft(deadline: number | null, now: number): number {
  if (deadline === null) return 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export type TCountdown = {
  /** Seconds left; 0 when not counting. */
  seconds: number;
  isCounting: boolean;
  start: (seconds: number) => void;
  stop: () => void;
};

export function useCountdown(): TCountdown {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now);
  const seconds = secondsLeft(deadline, now);

  useEffect(() => {
    if (deadline === null) return;
    const left = deadline - now;
    if (left <= 0) {
      setDeadline(null);
      return;
    }
    // Wake at the next whole second, when the figure changes.
    const id = setTimeout(() => setNow(Date.now()), left % 1000 || 1000);
    return () => clearTimeout(id);
  }, [deadline, now]);

  const start = useCallback((value: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(value > 0 ? at + value * 1000 : null);
  }, []);
  const stop = useCallback(() => setDeadline(null), []);
  return { seconds, isCounting: seconds > 0, start, stop };
}
