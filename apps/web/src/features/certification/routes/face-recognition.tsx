/**
 * /faceRecognition?token=… (spec sections 2 and 8; public, for a phone): the QR code of the
 * verification page opens it. Without a session the mobile sign-in comes first (given by the
 * route that composes this page); then faceVerify answers the liveness check's address and the
 * phone goes there. Back from it with `?error=CODE`, the face error's message and a retry.
 */
import { isFaceErrorCode } from '@console/contract/certification-rules';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Result } from '@/components/public-layout/result';
import { Button } from '@/components/ui/button';
import { getPhrases } from '@/lib/phrases';
import { faceVerify } from '../api/face-verify';
import { faceStartOf, needsSignIn } from '../lib/face-page';
import '../face-pages.css';

type TState =
  | { kind: 'starting' }
  | { kind: 'signIn' }
  | { kind: 'leaving' }
  | { kind: 'failed'; message: string; testId: string };

export type TFaceRecognitionProps = {
  /** The mobile sign-in; `onSignedIn` is called once the phone has a session. */
  signIn: (onSignedIn: () => void) => ReactNode;
  /** Where the phone goes (tests replace it). */
  go?: (url: string) => void;
};

/** The phone goes to the liveness check. */
function leaveFor(url: string): void {
  window.location.assign(url);
}

/** The message of a face error code from the address (an unknown code reads as a failed request). */
function faceErrorText(code: string): string {
  return isFaceErrorCode(code)
    ? getPhrases('certification').faceErrors[code]
    : getPhrases('common').requestFailed;
}

export function FaceRecognition({ signIn, go = leaveFor }: TFaceRecognitionProps) {
  const t = getPhrases('certification');
  const c = getPhrases('common');
  const [start] = useState(() => faceStartOf(window.location.search));
  const [state, setState] = useState<TState>(() =>
    start.kind === 'noToken'
      ? { kind: 'failed', message: t.mobile.noToken, testId: 'face-no-token' }
      : start.kind === 'error'
        ? { kind: 'failed', message: faceErrorText(start.errorCode), testId: 'face-error' }
        : { kind: 'starting' },
  );
  const token = start.kind === 'noToken' ? null : start.token;

  useEffect(() => {
    document.title = `${t.mobile.pageTitle} · ${c.productName}`;
  }, [t.mobile.pageTitle, c.productName]);

  useEffect(() => {
    if (state.kind !== 'starting' || !token) return;
    let isLive = true;
    faceVerify(token).then(
      (result) => {
        if (!isLive) return;
        setState({ kind: 'leaving' });
        go(result.providerUrl);
      },
      (error: unknown) => {
        if (!isLive) return;
        if (needsSignIn(error)) setState({ kind: 'signIn' });
        else {
          const message = error instanceof Error && error.name === 'ApiError' ? error.message : '';
          setState({ kind: 'failed', message: message || c.requestFailed, testId: 'face-start-failed' });
        }
      },
    );
    return () => {
      isLive = false;
    };
  }, [state.kind, token, go, c.requestFailed]);

  const retry = useCallback(() => {
    if (!token) return;
    // The page's address loses the outcome of the previous check.
    window.history.replaceState(null, '', `${window.location.pathname}?${new URLSearchParams({ token })}`);
    setState({ kind: 'starting' });
  }, [token]);

  const onSignedIn = useCallback(() => {
    setState({ kind: 'starting' });
  }, []);

  if (state.kind === 'signIn') return <>{signIn(onSignedIn)}</>;
  return (
    <div className="cz-face" data-testid="face-page" data-state={state.kind}>
      {state.kind === 'failed' ? (
        <Result
          kind="error"
          title={t.mobile.failedTitle}
          text={<span data-testid="face-page-message">{state.message}</span>}
          testId={state.testId}
          actions={
            token ? (
              <Button variant="primary" size="large" isBlock onClick={retry} data-testid="face-retry">
                {t.mobile.retry}
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="cz-face__busy" aria-busy="true" data-testid="face-starting">
          <span className="cz-btn__spinner" aria-hidden="true" />
          <p>{t.mobile.starting}</p>
        </div>
      )}
    </div>
  );
}
