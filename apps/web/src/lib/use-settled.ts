/**
 * Waiting for a tracked promise in a render, without suspending (the console's pages and shell; not
 * on the login page's first load).
 */
import { startTransition, useEffect, useState } from 'react';

/**
 * Whether a tracked promise (`trackPromise`) has settled; the component renders again once it
 * does, in a transition. Unlike suspending, this keeps React from holding the reveal (it holds
 * content that suspended for up to 300 ms after the last fallback it showed); as a transition,
 * the render yields to the browser every few milliseconds instead of blocking it in one task.
 */
export function useSettled(promise: Promise<unknown> | null): boolean {
  const [, setSettledCount] = useState(0);
  const status = (promise as (Promise<unknown> & { status?: string }) | null)?.status;
  const isSettled = promise === null || (status !== undefined && status !== 'pending');
  useEffect(() => {
    if (isSettled || !promise) return;
    let isLive = true;
    const settled = () => {
      if (isLive) startTransition(() => setSettledCount((n) => n + 1));
    };
    promise.then(settled, settled);
    return () => {
      isLive = false;
    };
  }, [promise, isSettled]);
  return isSettled;
}

/** Marks a promise's outcome on it, so that React's `use()` reads a settled promise without suspending. */
export function trackPromise<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tracked.status = 'pending';
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = 'rejected';
      tracked.reason = reason;
    },
  );
  return promise;
}
