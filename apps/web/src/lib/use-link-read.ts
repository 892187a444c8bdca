/**
 * The read of what a link names (an invitation, a contact change to confirm, a marketplace
 * subscription, a shared job profile) by the page the link opens: loading, then what it names, or
 * the link's own refusal, or a failure that another try may mend. `components/public-layout/
 * link-result.tsx` draws the wait and the outcomes.
 */
import { ErrorCode } from '@console/contract/codes';
import { useEffect, useState } from 'react';
import { asApiError } from './code-errors';

export type TLinkFailure =
  /**
   * The link's own refusal, by its code: null when the address lacks the link's token. `message`
   * is the server's words, null where the page says it in its own (a token the server could not
   * even read).
   */
  | { status: 'refused'; code: number | null; message: string | null }
  /** Anything else (the network, a service that did not answer): another try may mend it. */
  | { status: 'failed'; message: string };

export type TLinkRead<T> = { status: 'loading' } | { status: 'ready'; value: T } | TLinkFailure;

export type TLinkFailureTexts = { networkError: string; requestFailed: string };

/** What a failed call of a link's page means: one of the link's `refusals`, or a failure to try again. */
export function linkFailure(
  cause: unknown,
  refusals: readonly number[],
  texts: TLinkFailureTexts,
): TLinkFailure {
  const api = asApiError(cause);
  if (api && api.kind !== 'network' && api.kind !== 'timeout' && refusals.includes(api.code)) {
    return {
      status: 'refused',
      code: api.code,
      message: api.code === ErrorCode.badRequest ? null : api.message,
    };
  }
  const message =
    api?.kind === 'network' || api?.kind === 'timeout'
      ? texts.networkError
      : api?.message || texts.requestFailed;
  return { status: 'failed', message };
}

export type TLinkReadState<T> = {
  state: TLinkRead<T>;
  /** Reads the link again. */
  retry: () => void;
  /** What a later call of the page (the act the link is for) failed with, by the same rule. */
  classify: (cause: unknown) => TLinkFailure;
  /** Shows a failure of such a call instead of the link's content. */
  fail: (failure: TLinkFailure) => void;
};

/**
 * Reads what `link` names with `read` when the page opens (and again on `retry`); a page without its
 * link (null) is refused at once, without a call. `refusals` are the codes by which the server
 * refuses the link itself (the others may be tried again).
 */
export function useLinkRead<L, T>(
  link: L | null,
  read: (link: L, signal: AbortSignal) => Promise<T>,
  refusals: readonly number[],
  texts: TLinkFailureTexts,
): TLinkReadState<T> {
  const [state, setState] = useState<TLinkRead<T>>(() =>
    link === null ? { status: 'refused', code: null, message: null } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  const classify = (cause: unknown) => linkFailure(cause, refusals, texts);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link is the page's own; `attempt` asks for another read
  useEffect(() => {
    if (link === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    read(link, controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setState({ status: 'ready', value });
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setState(classify(cause));
      },
    );
    return () => controller.abort();
  }, [link, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1), classify, fail: setState };
}
