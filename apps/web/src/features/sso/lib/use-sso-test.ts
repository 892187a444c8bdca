/**
 * A test run of the single sign-on form: opens the popup inside the click (so the browser does not
 * block it), asks the server for the test's URL, points the popup there, and waits for the
 * popup's `cz-sso-test` message. A popup closed without a message ends the run too.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TSaveSsoConfigBody } from '../api/save-sso-config';
import { testSsoConfig } from '../api/test-sso-config';
import { listenForSsoTest, openSsoTestPopup, type TSsoTestResult } from './sso-test-message';

export type TSsoTestState =
  | { kind: 'idle' }
  /** The popup is open; the result has not come yet. */
  | { kind: 'waiting' }
  /** The browser blocked the popup. */
  | { kind: 'blocked' }
  /** The popup was closed before it sent a result. */
  | { kind: 'closed' }
  /** The server refused to start the test (e.g. 4043: the provider could not be read). */
  | { kind: 'startFailed'; error: unknown }
  | { kind: 'done'; result: TSsoTestResult };

/** How often the popup is checked for having been closed (ms). */
const closedPollMs = 500;

type TStart = (body: TSaveSsoConfigBody) => Promise<{ redirectUrl: string }>;

export function useSsoTest(start: TStart = testSsoConfig) {
  const [state, setState] = useState<TSsoTestState>({ kind: 'idle' });
  const stopRun = useRef<(() => void) | null>(null);

  useEffect(() => () => stopRun.current?.(), []);

  /** Starts a run; call it from the click itself. */
  const run = useCallback(
    (body: TSaveSsoConfigBody) => {
      stopRun.current?.();
      const popup = openSsoTestPopup(window);
      if (!popup) {
        setState({ kind: 'blocked' });
        return;
      }
      setState({ kind: 'waiting' });
      let isOver = false;
      let closedSeen = 0;
      const closePopup = () => {
        try {
          if (!popup.closed) popup.close();
        } catch {
          // the popup is gone already
        }
      };
      const finish = () => {
        isOver = true;
        stopListening();
        window.clearInterval(timer);
        if (stopRun.current === finish) stopRun.current = null;
      };
      const stopListening = listenForSsoTest(
        window,
        (result) => {
          finish();
          closePopup();
          setState({ kind: 'done', result });
        },
        popup,
      );
      // The result page posts its message and then closes itself: a popup seen closed twice in a
      // row (after any message in flight has been read) ended without a result.
      const timer = window.setInterval(() => {
        closedSeen = popup.closed ? closedSeen + 1 : 0;
        if (closedSeen >= 2 && !isOver) {
          finish();
          setState({ kind: 'closed' });
        }
      }, closedPollMs);
      stopRun.current = finish;

      start(body).then(
        ({ redirectUrl }) => {
          if (isOver) return;
          popup.location.href = redirectUrl;
        },
        (error: unknown) => {
          if (isOver) return;
          finish();
          closePopup();
          setState({ kind: 'startFailed', error });
        },
      );
    },
    [start],
  );

  const reset = useCallback(() => {
    stopRun.current?.();
    setState({ kind: 'idle' });
  }, []);

  return { state, run, reset };
}
